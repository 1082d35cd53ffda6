"""The analysis endpoints: "Analyse" (POST) and the job's state (GET, JSON).

``analysis:request`` takes the record page's form (CSRF) and answers with a redirect back to
the record's analysis panel, with a message; a client that asks for JSON (``Accept:
application/json``) gets ``202`` and the progress frame, or the refusal's status (401, 404,
409, 429) with ``{"error": code, "message": ...}``. Who may ask is decided by
``analysis.services.analysis_request``; a visitor who is not logged in is sent to log in.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _t
from django.views.decorators.http import require_GET, require_POST

from analysis.broadcast import progress_frame
from analysis.errors import AnalysisError
from analysis.models import GameAnalysis
from analysis.services import analysis_request
from matches.models import Match
from matches.selectors import match_record_visible


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _panel_url(match: Match) -> str:
    return reverse("matches:record_detail", args=[match.pk]) + "#analysis"


@login_required
@require_POST
def analysis_request_view(request: HttpRequest, match_id: int) -> HttpResponse:
    """Queue the analysis of a finished game (or find the one that exists)."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        analysis = analysis_request(user=request.user, match=match)
    except AnalysisError as refusal:
        if _wants_json(request):
            return JsonResponse(
                {"error": refusal.code, "message": refusal.message}, status=refusal.status
            )
        messages.error(request, refusal.message)
        if match_record_visible(match=match, user=request.user):
            return HttpResponseRedirect(_panel_url(match), status=303)
        return HttpResponse(refusal.message, status=refusal.status, content_type="text/plain")
    if _wants_json(request):
        return JsonResponse(progress_frame(analysis), status=202)
    if analysis.status == GameAnalysis.Status.DONE:
        messages.info(request, _t("This game has been analysed: the graph is below."))
    else:
        messages.success(request, _t("The analysis has been queued."))
    return HttpResponseRedirect(_panel_url(match), status=303)


@require_GET
def analysis_status(request: HttpRequest, match_id: int) -> JsonResponse:
    """The analysis job's progress frame (404 without a published record or a job)."""
    match = get_object_or_404(Match, pk=match_id)
    if not match_record_visible(match=match, user=request.user):
        raise Http404("no published record")
    analysis = get_object_or_404(GameAnalysis, match=match)
    return JsonResponse(progress_frame(analysis))
