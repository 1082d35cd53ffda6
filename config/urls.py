"""Root URL configuration.

The error handlers answer JSON under /api/ (docs/protocol.md §4) and the usual pages elsewhere.
"""

from django.contrib import admin
from django.urls import include, path

from matches.api import api_aware_handler
from tournaments.views_callup import user_calls

urlpatterns = [
    path("", include("core.urls")),
    path("me/called/", user_calls, name="callup_user"),
    path("events/", include("tournaments.urls")),
    path("matches/", include("matches.urls")),
    path("api/", include("matches.api_urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler400 = api_aware_handler(400)
handler403 = api_aware_handler(403)
handler404 = api_aware_handler(404)
handler500 = api_aware_handler(500)
