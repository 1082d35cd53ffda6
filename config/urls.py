"""Root URL configuration.

The error handlers answer JSON under /api/ (docs/protocol.md §4) and the usual pages elsewhere.
"""

from django.contrib import admin
from django.urls import include, path

from core.accounts.views import set_language
from matches.api import api_aware_handler
from tournaments.views_callup import user_calls

urlpatterns = [
    path("", include("core.urls")),
    path("me/called/", user_calls, name="callup_user"),
    path("notifications/", include("notifications.urls")),
    path("events/", include("tournaments.urls")),
    path("matches/", include("matches.urls")),
    path("play/", include("play.urls")),
    path("ratings/", include("players.urls_ratings")),
    path("api/", include("matches.api_urls")),
    path("players/", include("players.urls_profiles")),
    path("analysis/", include("analysis.urls")),
    # allauth: sign-up, log-in, e-mail verification and change, password change and reset
    # (docs/accounts.md). core.urls serves log-in, log-out and sign-up first, under both names.
    path("accounts/", include("allauth.urls")),
    # Django's language switcher, which also changes a logged-in player's chosen language.
    path("i18n/setlang/", set_language, name="set_language"),
    path("admin/", admin.site.urls),
]

handler400 = api_aware_handler(400)
handler403 = api_aware_handler(403)
handler404 = api_aware_handler(404)
handler500 = api_aware_handler(500)
