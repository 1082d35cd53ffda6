"""URLs of the play app, mounted at ``/play/`` (docs/play.md)."""

from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("", views.play_home, name="home"),
    path("lists/", views.play_lists, name="lists"),
    path("computer/", views.play_computer, name="computer"),
    path("seeks/<int:seek_id>/accept/", views.seek_accept, name="seek_accept"),
    path("seeks/<int:seek_id>/cancel/", views.seek_cancel, name="seek_cancel"),
    path("c/<str:token>/", views.challenge, name="challenge"),
    path("c/<str:token>/accept/", views.challenge_accept, name="challenge_accept"),
    path("c/<str:token>/decline/", views.challenge_decline, name="challenge_decline"),
]
