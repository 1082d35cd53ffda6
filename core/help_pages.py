"""Help pages for organisers and players: what the site's own notations mean.

A help page is a template of translated text (Japanese first, English too) that users can open
from the form that needs it; the developer documentation under ``docs/`` is not served.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def start_positions(request: HttpRequest) -> HttpResponse:
    """How to write an event's fixed opening (the start position text form)."""
    return render(request, "core/help/start_positions.html")
