"""Page URLs of the matches app (views in ``matches.views_ui``), included by ``matches.urls``
under its ``matches`` namespace, e.g. ``matches:record_list``."""

from django.urls import URLPattern, path

from matches import views_arbiter, views_event_console, views_start, views_ui

urlpatterns: list[URLPattern] = [
    path("records/", views_ui.record_list, name="record_list"),
    path("records/<int:match_id>/", views_ui.record_detail, name="record_detail"),
    path("records/<int:match_id>/views.json", views_ui.record_views, name="record_views"),
    path("records/<int:match_id>/record.json", views_ui.record_download, name="record_download"),
    path("<int:match_id>/", views_ui.match_board, name="match_board"),
    path(
        "<int:match_id>/positions/<int:ply>.json",
        views_ui.match_position,
        name="match_position",
    ),
    path("<int:match_id>/clock/", views_ui.match_clock, name="match_clock"),
    path("<int:match_id>/join/", views_start.match_join, name="match_join"),
    path("<int:match_id>/start/", views_start.match_start, name="match_start"),
    path("<int:match_id>/arbiter/", views_arbiter.arbiter_console, name="arbiter_console"),
    path(
        "arbiter/event/<int:event_id>/",
        views_event_console.arbiter_event_console,
        name="arbiter_event_console",
    ),
    path(
        "arbiter/event/<int:event_id>/boards/",
        views_event_console.arbiter_event_boards,
        name="arbiter_event_boards",
    ),
]
