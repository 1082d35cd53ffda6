"""WebSocket routes of the analysis app, mounted by `config/asgi.py` beside the matches'."""

from django.urls import URLPattern, URLResolver, path

from analysis.consumers import AnalysisConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/analysis/<int:match_id>/", AnalysisConsumer.as_asgi(), name="analysis_socket"),
]
