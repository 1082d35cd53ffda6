"""WebSocket routes of the tournaments app (mounted by ``config/asgi.py``)."""

from django.urls import URLPattern, URLResolver, path

from tournaments.callup_consumer import EntryCallConsumer
from tournaments.consumers import EventConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/events/<int:event_id>/", EventConsumer.as_asgi()),
    path("ws/play/<str:token>/", EntryCallConsumer.as_asgi(), name="callup_entry_socket"),
]
