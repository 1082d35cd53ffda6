"""URLs under /events/. Name the event list `event_list` so the site navigation links to it."""

from django.urls import URLPattern, URLResolver

app_name = "tournaments"

urlpatterns: list[URLPattern | URLResolver] = []
