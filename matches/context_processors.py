"""Template context from the matches app: the signed-in player's game in progress.

Every page shows a banner with a link to the player's live board while a game of theirs waits
to start or is being played (``templates/components/live_game_banner.html``), so a player who
opens any page during a round is one click from their board. One indexed query per page, only
for signed-in users, and only when a template uses the value.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from matches.models import Match


def _live_game(user_id: int) -> dict[str, Any] | None:
    game = (
        Match.objects.filter(Q(red_player_id=user_id) | Q(blue_player_id=user_id))
        .filter(status__in=[Match.Status.PENDING, Match.Status.RUNNING])
        .order_by("-created_at", "-id")
        .values("pk", "status", "kind", "red_name", "blue_name", "red_player_id")
        .first()
    )
    if game is None:
        return None
    board = reverse("matches:match_board", args=[game["pk"]])
    clock = reverse("matches:match_clock", args=[game["pk"]])
    return {
        **game,
        "url": board if game["kind"] == Match.Kind.ONLINE else clock,
        "paths": (board, clock),
        "opponent": game["blue_name"] if game["red_player_id"] == user_id else game["red_name"],
    }


def live_game(request: HttpRequest) -> dict[str, Any]:
    """``live_game``: the user's newest pending or running match (dict), or None."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"live_game": None}
    user_id = user.pk
    return {"live_game": SimpleLazyObject(lambda: _live_game(user_id) or {})}
