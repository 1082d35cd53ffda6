"""``{% analysis_panel match %}``: the analysis part of a game record's page.

The record pages belong to the matches app, which knows nothing of analysis; its templates
load this tag, so the panel (the "Analyse" button, the progress bar, the graph and the better
alternatives) is drawn here from the analysis app's own selectors.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _t

from analysis.models import GameAnalysis
from analysis.selectors import analysis_alternatives, analysis_for_match, analysis_graph
from analysis.services import is_restartable
from matches.models import Match
from opponent.analysis import ALTERNATIVE_THRESHOLD

register = template.Library()


#: The strings the panel's script shows (static/js/analysis.js); ``{name}`` placeholders.
def _labels() -> dict[str, str]:
    return {
        "queued": _t("Waiting for the analysis to start…"),
        "running": _t("Analysing: {done} of {total} decisions"),
        "done": _t("The analysis is done. Loading the graph…"),
        "failed": _t("The analysis failed. You can ask for it again."),
        "turning": _t("Turning point"),
        "better": _t("The computer preferred {best}: {best_percent} % against {played_percent} %"),
    }


@register.inclusion_tag("analysis/_panel.html", takes_context=True)
def analysis_panel(context: dict[str, Any], match: Match) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    analysis = analysis_for_match(match)
    active = analysis is not None and analysis.status in (
        GameAnalysis.Status.QUEUED,
        GameAnalysis.Status.RUNNING,
    )
    alternatives = analysis_alternatives(analysis) if analysis is not None else []
    script = {
        "ws_path": f"/ws/analysis/{match.pk}/",
        "status": analysis.status if analysis is not None else None,
        "labels": _labels(),
        "turning": analysis.turning_points if analysis is not None else [],
        "alternatives": {str(a["ply"]): a for a in alternatives},
    }
    return {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "match": match,
        "analysis": analysis,
        "active": active,
        "may_request": bool(user and user.is_authenticated)
        and (analysis is None or is_restartable(analysis)),
        "graph": analysis_graph(analysis) if analysis is not None else None,
        "alternatives": alternatives,
        "threshold_points": round(100 * ALTERNATIVE_THRESHOLD),
        "script": script,
    }
