"""URLs of the JSON API, mounted at /api/ by config/urls.py (docs/protocol.md §4)."""

from django.urls import URLPattern, URLResolver, path

from matches import api

app_name = "matches_api"

urlpatterns: list[URLPattern | URLResolver] = [
    path("openapi.json", api.openapi_json, name="openapi"),
    path("matches/<int:match_id>/", api.match_detail, name="match"),
    path("matches/<int:match_id>/legal-actions/", api.match_legal_action_list, name="legal"),
    path("matches/<int:match_id>/actions/", api.match_action_create, name="action"),
    path("matches/<int:match_id>/join/", api.match_join, name="join"),
    path("matches/<int:match_id>/resign/", api.match_resign, name="resign"),
    path("matches/<int:match_id>/claim-flag/", api.match_claim_flag, name="claim_flag"),
    path("matches/<int:match_id>/record/", api.match_record_detail, name="record"),
    path("matches/<int:match_id>/otb/press/", api.otb_press, name="otb_press"),
    path("matches/<int:match_id>/otb/report/", api.otb_report, name="otb_report"),
    path("matches/<int:match_id>/otb/confirm/", api.otb_confirm, name="otb_confirm"),
    path("matches/<int:match_id>/pause/", api.match_pause, name="pause"),
    path("matches/<int:match_id>/resume/", api.match_resume, name="resume"),
    path("matches/<int:match_id>/adjust-time/", api.match_adjust_time, name="adjust_time"),
    path("matches/<int:match_id>/result/", api.match_result, name="result"),
    path("matches/<int:match_id>/logs/", api.match_logs, name="logs"),
]
