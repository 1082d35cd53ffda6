"""ASGI entry point: HTTP through Django, WebSockets through Channels.

WebSocket connections must come from a page of this very site (`config.websocket_origin`:
scheme, host and port of the Origin header) and carry the Django session, so consumers see
`scope["user"]`. Routes live in `matches/routing.py`, `tournaments/routing.py`,
`play/routing.py` and `analysis/routing.py`.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

# Set up Django (apps, settings) before importing anything that touches models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from analysis.routing import websocket_urlpatterns as analysis_websockets  # noqa: E402
from config.websocket_origin import SameOriginValidator  # noqa: E402
from matches.routing import websocket_urlpatterns  # noqa: E402
from play.routing import websocket_urlpatterns as play_websockets  # noqa: E402
from tournaments.routing import websocket_urlpatterns as event_websockets  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(
                URLRouter(
                    websocket_urlpatterns + event_websockets + play_websockets + analysis_websockets
                )
            ),
        ),
    }
)
