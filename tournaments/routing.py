"""WebSocket routes of the tournaments app (mounted by ``config/asgi.py``)."""

from django.urls import URLPattern, URLResolver, path

from tournaments.consumers import EventConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/events/<int:event_id>/", EventConsumer.as_asgi()),
]
