"""URLs under /matches/. Name the game record list `record_list` so the site navigation links
to it."""

from django.urls import URLPattern, URLResolver

app_name = "matches"

urlpatterns: list[URLPattern | URLResolver] = []
