"""Page URLs of the analysis app, under ``analysis/`` in its ``analysis`` namespace."""

from django.urls import URLPattern, path

from analysis import views

app_name = "analysis"

urlpatterns: list[URLPattern] = [
    path("<int:match_id>/", views.analysis_request_view, name="request"),
    path("<int:match_id>/status.json", views.analysis_status, name="status"),
]
