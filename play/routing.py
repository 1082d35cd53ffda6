"""WebSocket routes of the play app (mounted by ``config/asgi.py``)."""

from django.urls import URLPattern, URLResolver, path

from play.consumers import LobbyConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/lobby/", LobbyConsumer.as_asgi(), name="play_lobby_socket"),
]
