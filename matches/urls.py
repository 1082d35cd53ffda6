"""URLs under /matches/. Name the game record list `record_list` so the site navigation links
to it."""

from django.urls import URLPattern, URLResolver, include, path

app_name = "matches"

urlpatterns: list[URLPattern | URLResolver] = [
    # Pages for people (record list and viewer, live board, over-the-board clock).
    path("", include("matches.urls_ui")),
]
