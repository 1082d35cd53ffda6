"""WebSocket routes, mounted by `config/asgi.py` behind the origin check and the session
authentication of Channels.

Empty for now: the match-play consumers add their paths here, e.g.
`path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi())`.
"""

from django.urls import URLPattern, URLResolver

websocket_urlpatterns: list[URLPattern | URLResolver] = []
