"""A round's tables open and close: publish a draft (each table gets its clocked match), start
every waiting game, take a round back to draft while no game has started.

Matches are created and aborted through the matches app's public service
(``matches.services.lifecycle``); each inherits its event's game, format and time control.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.gunshi_rules import GameFormat
from matches.models import Match
from matches.services.arbiter import event_start_waiting
from matches.services.lifecycle import match_abort, match_create
from tournaments import callup, notices
from tournaments.errors import TournamentError
from tournaments.models import Event, Pairing, Round
from tournaments.services._common import (
    RUNNING_ROUND_STATES,
    R,
    _audit,
    _changed,
    _lock_round,
    _require_arbiter,
    _require_draft,
    _require_manager,
)
from tournaments.services.results import _refresh_round_status
from tournaments.validation import EVENT_GAME_FORMATS, GUNSHI_KEY, JUNQI_KEY


# The engine format of every match of an event of each official format (RULES.md §15).
def match_format_of(event: Event) -> GameFormat:
    """The engine game format of the event's matches: Rule 1 the basic game, Rule 2 the
    expansion game (three chosen expansion cards), Rule 3 the deck-build game (base procedure).
    Each match draws its own deal seed (``match_create``)."""
    return EVENT_GAME_FORMATS[event.game_format]()


def _match_setup_of(event: Event) -> dict[str, Any]:
    """The game set-up a table's match inherits from its event. The official formats and the
    fixed opening (``Event.game_format``, ``start_position``) are 軍師軍略's; a 軍棋 match plays
    the event's §9 variants (``Event.junqi_variants``, each switched on), another engine game
    its standard options."""
    if event.game == JUNQI_KEY and event.junqi_variants:
        return {"game_format": dict.fromkeys(event.junqi_variants, True)}
    if event.game != GUNSHI_KEY:
        return {}
    return {
        "game_format": match_format_of(event),
        "start_position": event.start_position or None,
    }


def _create_match_for_pairing(
    event: Event, pairing: Pairing, actor: User | None, start_by: datetime | None
) -> int | None:
    """Create the clocked match of a table through the matches app's public service.

    Online events get online matches (they start when both players join, by ``start_by`` —
    docs/matches.md, "Starting a game"); over-the-board events get over-the-board matches,
    whose clock page the result slip's QR code opens and whose first press starts them. Every
    match inherits the event's game and time control (``_match_setup_of``: for 軍師軍略 also
    its format and start position); a game without rules gets a clock-only match (an
    over-the-board match has no game state). A bye has no match (``None``).
    """
    if pairing.blue is None:
        return None
    red, blue = pairing.red, pairing.blue
    match = match_create(
        game=event.game,
        kind="online" if event.online else "otb",
        red_player=red.user,
        blue_player=blue.user,
        red_name=red.name,
        blue_name=blue.name,
        **_match_setup_of(event),
        time_control=event.time_control,
        no_show_limit_ms=event.no_show_minutes * 60_000 if event.no_show_minutes else None,
        event_id=event.pk,
        pairing_id=pairing.pk,
        start_by=start_by,
        rated=event.rated,
        actor=actor,
    )
    return int(match.pk)


def _start_window(event: Event) -> timedelta:
    """How long after publication the players of an online event have to join: its "minutes
    to join a game", each ``EVENT_START_WINDOW_MINUTE_SECONDS`` long (60 but on test servers)."""
    minute = float(getattr(settings, "EVENT_START_WINDOW_MINUTE_SECONDS", 60.0))
    return timedelta(seconds=event.start_window_minutes * minute)


@transaction.atomic
def round_publish(*, actor: User, round: Round) -> Round:
    """Publish a draft: the tables open (matches are created) and the public sees them.

    Each game then waits for its players: online, both join their board (or an arbiter starts
    the round, ``round_start``) before the event's start deadline; over the board, the first
    press of the clock starts it."""
    event, round_ = _lock_round(round)
    _require_manager(actor, event)
    _require_draft(round_)
    pairings = list(Pairing.objects.filter(round=round_).select_related("red__user", "blue__user"))
    now = timezone.now()
    start_by = now + _start_window(event) if event.online else None
    for pairing in pairings:
        match_id = _create_match_for_pairing(event, pairing, actor, start_by)
        if match_id is not None:
            pairing.match_id = match_id
            pairing.save(update_fields=["match_id", "updated_at"])
    round_.status = Round.Status.PUBLISHED
    round_.published_at = now
    round_.save(update_fields=["status", "published_at"])
    _refresh_round_status(round_)
    _audit(event, "round_publish", actor=actor, round_number=round_.number)
    _changed(event, "pairings", "rounds", "standings")
    callup.call_round_on_commit(round_)
    notices.notify_round_published(round_)
    return round_


def round_start(*, actor: User, round: Round) -> list[int]:
    """An organiser or arbiter starts every game of a published round that has not started
    ("start the round"), whether or not its players have joined. Games that started
    meanwhile are skipped; each game is started under its own row lock, so pressing twice,
    or two arbiters at once, starts nothing twice. Returns the ids of the games started."""
    with transaction.atomic():
        event, round_ = _lock_round(round)
        _require_arbiter(actor, event)
        if round_.status not in RUNNING_ROUND_STATES:
            raise TournamentError("round_not_published", {"round": round_.number})
        match_ids = list(
            Pairing.objects.filter(round=round_, match_id__isnull=False).values_list(
                "match_id", flat=True
            )
        )
    started = event_start_waiting(
        event_id=event.pk, actor=actor, match_ids=[int(m) for m in match_ids]
    )
    if started:
        with transaction.atomic():
            _audit(event, "round_start", actor=actor, round_number=round_.number, games=started)
            _changed(event, "pairings")
    return started


def _match_started(match_id: int) -> bool:
    return Match.objects.filter(pk=match_id).exclude(status=Match.Status.PENDING).exists()


def _abort_match(match_id: int) -> None:
    match_abort(match_id=match_id, reason="round unpublished")


@transaction.atomic
def round_unpublish(*, actor: User, round: Round) -> Round:
    """Take a published round back to draft, while no game in it has started."""
    event, round_ = _lock_round(round)
    _require_manager(actor, event)
    if round_.status != Round.Status.PUBLISHED:
        raise TournamentError("round_started", {"round": round_.number})
    pairings = list(Pairing.objects.filter(round=round_, blue__isnull=False))
    if any(
        p.result != R.PENDING
        or p.confirmation != Pairing.Confirmation.NONE
        or (p.match_id is not None and _match_started(p.match_id))
        for p in pairings
    ):
        raise TournamentError("round_started", {"round": round_.number})
    for p in pairings:
        if p.match_id is not None:
            _abort_match(p.match_id)
    Pairing.objects.filter(round=round_).update(match_id=None)
    round_.status = Round.Status.DRAFT
    round_.published_at = None
    round_.save(update_fields=["status", "published_at"])
    _audit(event, "round_unpublish", actor=actor, round_number=round_.number)
    _changed(event, "pairings", "rounds", "standings")
    callup.call_round_on_commit(round_)
    return round_
