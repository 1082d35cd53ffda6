"""Play outside events (docs/play.md): offers, challenges, accepting and declining."""

from __future__ import annotations

from typing import Any

from tests.security.matrix_rows.base import Request, Row, Setup, url
from tests.security.security_world import (
    LOGGED_IN,
    NOBODY,
    World,
)

# ---- play: games outside events (docs/play.md). Red offers the game; blue is the player a
# direct challenge names. Accepting starts a game; cancelling and declining close the offer.


def _offer(kind: str, *, expired: bool = False) -> Setup:
    """Red's open offer of ``kind`` (``w.seek``), or one whose time ran out an hour ago."""

    def setup(w: World) -> None:
        import datetime as dt

        from django.utils import timezone

        from play.services import seek_create

        now = timezone.now() - (dt.timedelta(days=2) if expired else dt.timedelta(0))
        opponent = w.users["blue"].username if kind == "direct" else ""
        w.seek = seek_create(creator=w.users["red"], kind=kind, opponent=opponent, now=now)  # type: ignore[attr-defined]

    return setup


def _seek(name: str, *, by_token: bool = False) -> Request:
    def build(w: World) -> tuple[str, dict[str, Any]]:
        seek = w.seek  # type: ignore[attr-defined]
        return (url(name, token=seek.token) if by_token else url(name, seek_id=seek.pk)), {}

    return build


PLAY_FORM = {
    "game": "gunshi",
    "variant": "basic",
    "time_preset": "20+0",
    "rated": "0",
    "colour": "random",
    "kind": "lobby",
}
NOT_RED = LOGGED_IN - {"red"}

PLAY_ROWS: list[Row] = [
    Row(
        "play:home",
        LOGGED_IN,
        lambda w: (url("play:home"), dict(PLAY_FORM)),
        reason="any signed-in player offers a game; a visitor is sent to log in",
    ),
    Row(
        "play:seek_cancel",
        frozenset({"red"}),
        _seek("play:seek_cancel"),
        setup=_offer("lobby"),
        reason="only the player who offered the game (a non-owner gets 403)",
    ),
    Row(
        "play:seek_accept",
        NOT_RED,
        _seek("play:seek_accept"),
        variant="lobby",
        setup=_offer("lobby"),
        reason="anyone signed in but the creator, who gets an error",
    ),
    Row(
        "play:seek_accept",
        NOBODY,
        _seek("play:seek_accept"),
        variant="expired",
        setup=_offer("lobby", expired=True),
    ),
    Row(
        "play:seek_accept",
        NOBODY,
        _seek("play:seek_accept"),
        variant="link by id",
        setup=_offer("link"),
        reason="a challenge link is accepted with its token only",
    ),
    Row(
        "play:challenge_accept",
        NOT_RED,
        _seek("play:challenge_accept", by_token=True),
        variant="link",
        setup=_offer("link"),
    ),
    Row(
        "play:challenge_accept",
        frozenset({"blue"}),
        _seek("play:challenge_accept", by_token=True),
        variant="direct",
        setup=_offer("direct"),
    ),
    Row(
        "play:challenge_accept",
        NOBODY,
        _seek("play:challenge_accept", by_token=True),
        variant="expired link",
        setup=_offer("link", expired=True),
    ),
    Row(
        "play:challenge_decline",
        frozenset({"blue"}),
        _seek("play:challenge_decline", by_token=True),
        variant="direct",
        setup=_offer("direct"),
    ),
    Row(
        "play:challenge_decline",
        NOBODY,
        _seek("play:challenge_decline", by_token=True),
        variant="link",
        setup=_offer("link"),
        reason="a link is addressed to nobody: only its creator closes it (cancel)",
    ),
]
