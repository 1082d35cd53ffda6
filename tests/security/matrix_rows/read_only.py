"""Views that accept a POST but only read: nobody changes anything through them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.security.matrix_rows.base import Row, url
from tests.security.security_world import (
    NOBODY,
    World,
)


def _read_only(name: str, build: Callable[[World], dict[str, Any]]) -> Row:
    return Row(name, NOBODY, lambda w: (url(name, **build(w)), {}), read_only=True)


def _home(w: World) -> dict[str, Any]:
    return {"slug": w.home.slug}


def _round(w: World) -> dict[str, Any]:
    return {"slug": w.home.slug, "number": 1}


#: Views that do not refuse a POST but only read: nobody changes anything through them.
READ_ONLY_ROWS: list[Row] = [
    _read_only("core:home", lambda w: {}),
    _read_only("account_email_verification_sent", lambda w: {}),
    _read_only("tournaments:manage_list", lambda w: {}),
    _read_only("tournaments:event_list", lambda w: {}),
    _read_only("tournaments:player_token", lambda w: {"token": w.entries["red"].token}),
    _read_only("tournaments:event_detail", _home),
    _read_only("tournaments:standings", _home),
    _read_only("tournaments:standings_fragment", _home),
    _read_only("tournaments:round_detail", _round),
    _read_only("tournaments:round_fragment", _round),
    _read_only("tournaments:bracket", _home),
    _read_only("tournaments:bracket_fragment", _home),
    _read_only(
        "tournaments:player_detail",
        lambda w: {"slug": w.home.slug, "entry_id": w.entries["red"].pk},
    ),
    _read_only("tournaments:export_standings_csv", _home),
    _read_only("tournaments:export_standings_json", _home),
    _read_only("tournaments:export_pairings_csv", _round),
    _read_only("tournaments:export_pairings_json", _round),
    _read_only("tournaments:export_trf", _home),
    _read_only("tournaments:export_games", _home),
    _read_only("tournaments:player_home", _home),
    _read_only("tournaments:manage_event", _home),
    _read_only("tournaments:manage_round", _round),
    _read_only("tournaments:print_tables", _round),
    _read_only("tournaments:print_names", _round),
    _read_only("tournaments:print_slips", _round),
    _read_only("matches_api:openapi", lambda w: {}),
    # The rating lists (players/urls_ratings.py): GET-only, a POST is 405 for everyone.
    _read_only("ratings:index", lambda w: {}),
    _read_only("ratings:pool", lambda w: {"key": "gunshi-basic"}),
    # GET-only pages (a POST is 405): listed so that the board and the clock have their rows.
    _read_only("matches:match_board", lambda w: {"match_id": w.online_match.pk}),
    _read_only("matches:match_clock", lambda w: {"match_id": w.otb_match.pk}),
    # The player pages only read (GET; a POST is 405); who finds whom: PROFILE_PRIVACY
    # (test_permission_matrix.py).
    _read_only("players:search", lambda w: {}),
    _read_only("players:profile", lambda w: {"username": w.users["red"].username}),
]
