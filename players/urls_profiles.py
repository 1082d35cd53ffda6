"""Player pages (``players.views_profiles``), under ``/players/`` in ``config.urls`` and the
``players`` namespace: ``players:search`` and ``players:profile``."""

from django.urls import URLPattern, path

from players import views_profiles

app_name = "players"

urlpatterns: list[URLPattern] = [
    path("", views_profiles.player_search, name="search"),
    path("<str:username>/", views_profiles.player_profile, name="profile"),
]
