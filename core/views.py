"""Site-wide views."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.games_overview import game_names, game_summaries


def home(request: HttpRequest) -> HttpResponse:
    """The landing page: the site name, every game it runs and links to what exists so far."""
    context = {"games": game_summaries(), "game_names": game_names()}
    return render(request, "home.html", context)
