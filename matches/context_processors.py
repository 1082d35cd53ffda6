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
from django.utils.http import urlencode

from matches.models import Match

LIVE_GAME_FIELDS = (
    "pk",
    "status",
    "kind",
    "red_name",
    "blue_name",
    "red_player_id",
    "red_joined_at",
    "blue_joined_at",
    "start_by",
    "otb_reports",
)


def live_game_dict(game: dict[str, Any], *, seat: str, seat_token: str = "") -> dict[str, Any]:
    """The banner's view of a pending or running game (``LIVE_GAME_FIELDS``) seen from
    ``seat``: its link (with the seat's private token, for a player without an account), the
    opponent's name, whether the opponent has joined a game that waits to start, and whether
    the opponent reported an over-the-board result this seat has not answered. ``key`` names
    the game's state for the page's live call (``static/js/callup.js``): it changes when the
    game is published, when the opponent joins, when it starts and when a result waits."""
    other = "blue" if seat == "red" else "red"
    board = reverse("matches:match_board", args=[game["pk"]])
    clock = reverse("matches:match_clock", args=[game["pk"]])
    url = board if game["kind"] == Match.Kind.ONLINE else clock
    opponent_joined = (
        game["status"] == Match.Status.PENDING and game.get(f"{other}_joined_at") is not None
    )
    you_joined = game.get(f"{seat}_joined_at") is not None
    reports = game.get("otb_reports") or {}
    to_confirm = reports.get(other) is not None and reports.get(seat) is None
    state = "confirm" if to_confirm else "joined" if opponent_joined else game["status"]
    return {
        **game,
        "url": f"{url}?{urlencode({'token': seat_token})}" if seat_token else url,
        "paths": (board, clock),
        "opponent": game[f"{other}_name"],
        "opponent_joined": opponent_joined and not you_joined,
        "to_confirm": to_confirm,
        "key": f"match:{game['pk']}:{state}",
    }


def live_game_of(user_id: int) -> dict[str, Any] | None:
    """The user's newest pending or running match as the banner shows it, or None."""
    game = (
        Match.objects.filter(Q(red_player_id=user_id) | Q(blue_player_id=user_id))
        .filter(status__in=[Match.Status.PENDING, Match.Status.RUNNING])
        .order_by("-created_at", "-id")
        .values(*LIVE_GAME_FIELDS)
        .first()
    )
    if game is None:
        return None
    return live_game_dict(game, seat="red" if game["red_player_id"] == user_id else "blue")


def live_game(request: HttpRequest) -> dict[str, Any]:
    """``live_game``: the user's newest pending or running match (dict), or None."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"live_game": None}
    user_id = user.pk
    return {"live_game": SimpleLazyObject(lambda: live_game_of(user_id) or {})}
