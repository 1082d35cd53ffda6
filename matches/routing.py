"""WebSocket routes, mounted by `config/asgi.py` behind the origin check and the session
authentication of Channels (docs/protocol.md §3)."""

from django.urls import URLPattern, URLResolver, path

from matches.callup_consumer import MeConsumer
from matches.consumers import MatchConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi(), name="match_socket"),
    path("ws/me/", MeConsumer.as_asgi(), name="callup_socket"),
]
