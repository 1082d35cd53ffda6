"""Results of two-player tables: a player's report and the opponent's confirmation, disputes,
an arbiter's entry, ruling or correction, and what a result moves along.

A result moves its round along (published → in progress → complete), its bracket match, and
its clocked match (given the table's result after commit); a corrected Swiss result flags a
later draft stale for the organiser to pair again.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from games import GameDefinition, get_game
from matches.errors import MatchError
from matches.models import Match
from matches.services.arbiter import RESULT_FROM_TOURNAMENT, match_set_result
from tournaments import callup, notices
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.scores import Scores, check_scores
from tournaments.services._common import (
    PUBLIC_ROUND_STATES,
    R,
    _audit,
    _changed,
    _lock_pairing,
    _require_arbiter,
    _set_round_progress,
)
from tournaments.services.brackets import _record_bracket_result

logger = logging.getLogger(__name__)


# Results a player or arbiter may enter for a played table (a bye's result is fixed), and a
# draw besides for a game with draws (``GameDefinition.draws``) in a Swiss or round-robin round.
TABLE_RESULTS = frozenset(
    {R.RED_WON, R.BLUE_WON, R.RED_WON_BY_FORFEIT, R.BLUE_WON_BY_FORFEIT, R.DOUBLE_FORFEIT}
)


def _refresh_round_status(round_: Round) -> None:
    """published → in progress (first result) → complete (every table final), and back."""
    if round_.status == Round.Status.DRAFT:
        return
    results = list(Pairing.objects.filter(round=round_).values_list("result", "blue_id"))
    played = [r for r, blue in results if blue is not None]
    _set_round_progress(
        round_,
        all_final=all(r != R.PENDING for r, _ in results),
        any_played=any(r != R.PENDING for r in played),
    )


def _apply_result(
    pairing: Pairing,
    result: str,
    method: str,
    scores: Scores = (None, None),
    *,
    actor: User | None = None,
    reason: str = "",
) -> None:
    """Record ``result`` on the locked table and give its clocked game the same result after
    commit (``actor``/``reason``: the arbiter who entered it and why, kept in the game's log)."""
    if pairing.round.stage == Round.Stage.ELIMINATION and result in (R.DOUBLE_FORFEIT, R.DRAW):
        raise TournamentError("invalid_result")
    corrected = pairing.confirmation == Pairing.Confirmation.CONFIRMED
    pairing.result = result
    pairing.method = method
    pairing.red_score, pairing.blue_score = scores
    pairing.confirmation = Pairing.Confirmation.CONFIRMED
    pairing.disputed = False
    pairing.save(
        update_fields=[
            "result",
            "method",
            "red_score",
            "blue_score",
            "confirmation",
            "disputed",
            "updated_at",
        ],
    )
    if pairing.round.stage == Round.Stage.ELIMINATION:
        _record_bracket_result(pairing.round.event, pairing)
    notices.notify_result(pairing, corrected=corrected)
    if pairing.match_id is not None:
        match_id, winner = pairing.match_id, _MATCH_WINNER[result]
        transaction.on_commit(lambda: _finish_match(match_id, winner, method, actor, reason))


_MATCH_WINNER: dict[str, str] = {
    R.RED_WON: "red",
    R.RED_WON_BY_FORFEIT: "red",
    R.BLUE_WON: "blue",
    R.BLUE_WON_BY_FORFEIT: "blue",
    R.DOUBLE_FORFEIT: "none",
    R.DRAW: "draw",
}


def _finish_match(
    match_id: int, winner: str, method: str, actor: User | None = None, reason: str = ""
) -> None:
    """Give a table's clocked match the result the table got (an over-the-board report, an
    arbiter's entry), so the match pages agree with the standings. A match that already has a
    result keeps it (its own result is what the table took, or a later correction is on the
    tournament side); the match's ``match_finished`` echo finds the table already confirmed.
    An arbiter's entry is logged in the match as theirs, with their reason."""
    live = (Match.Status.PENDING, Match.Status.RUNNING)
    if not Match.objects.filter(pk=match_id, status__in=live).exists():
        return
    try:
        match_set_result(
            match_id=match_id,
            winner=winner,
            method=method or Match.Method.ARBITER,
            reason=reason,
            actor=actor,
            source=RESULT_FROM_TOURNAMENT,
        )
    except MatchError:
        logger.warning("match %s did not take the tournament result", match_id, exc_info=True)


def _scored(scores: Scores, key: str = "scores") -> dict[str, Any]:
    """Audit details of a game's scores (none for a game or result without them)."""
    return {} if scores == (None, None) else {key: list(scores)}


def _check_result(pairing: Pairing, result: str, game: GameDefinition) -> None:
    """Refuse a result a player or arbiter may not enter at this table: a bye's, an unknown
    one, or a draw where none exists (a game without draws such as 軍師軍略, or an
    elimination round, whose bracket needs a winner)."""
    if pairing.blue_id is None:
        raise TournamentError("bye_has_no_result")
    if result == R.DRAW:
        if not game.draws:
            raise TournamentError("game_has_no_draws", {"game": game.name})
        if pairing.round.stage == Round.Stage.ELIMINATION:
            raise TournamentError("draw_in_elimination")
        return
    if result not in TABLE_RESULTS:
        raise TournamentError("invalid_result")


def _require_running(round_: Round) -> None:
    if round_.status not in PUBLIC_ROUND_STATES:
        raise TournamentError("round_not_running")


@transaction.atomic
def result_report(
    *,
    entry: Entry,
    pairing: Pairing,
    result: str,
    method: str = "",
    red_score: int | None = None,
    blue_score: int | None = None,
) -> Pairing:
    """A player reports the result of their own over-the-board table.

    The first report waits for the opponent; the opponent reporting the same result (and the
    same game scores, for a game with a score: ``tournaments.scores``) confirms it, a
    different one opens a dispute for the arbiter. A player may change their own report
    until it is confirmed.
    """
    event, pairing = _lock_pairing(pairing)
    if entry.pk not in (pairing.red_id, pairing.blue_id):
        raise TournamentError("not_your_game")
    _require_running(pairing.round)
    game = get_game(event.game)
    _check_result(pairing, result, game)
    if pairing.match_id is not None and event.online:
        raise TournamentError("online_table")
    if pairing.confirmation == Pairing.Confirmation.CONFIRMED:
        raise TournamentError("result_final")
    method = method if method in Pairing.Method.values else ""
    first = pairing.reported_by_id
    # An opponent's answer is checked under the first report's method (flag fall, …) when
    # it gives none of its own.
    answering = first is not None and first != entry.pk
    check_method = method or (pairing.reported_method if answering else "")
    scores = check_scores(game, result, check_method, red_score, blue_score)
    callup.call_pairing_on_commit(pairing)  # a result to confirm, a dispute or a final one
    if first is None or (first == entry.pk and not pairing.disputed):
        pairing.reported_by = entry
        pairing.reported_result = result
        pairing.reported_method = method
        pairing.reported_red_score, pairing.reported_blue_score = scores
        pairing.confirmation = Pairing.Confirmation.AWAITING
        pairing.save()
        _audit(
            event, "result_report", entry=entry, pairing=pairing, result=result, **_scored(scores)
        )
        _changed(event, "pairings")
        return pairing
    if first == entry.pk:  # a dispute is open and the first reporter changes their claim
        pairing.reported_result = result
        pairing.reported_method = method or pairing.reported_method
        pairing.reported_red_score, pairing.reported_blue_score = scores
    else:  # the opponent answers
        pairing.counter_result = result
        pairing.counter_red_score, pairing.counter_blue_score = scores
    reported = (pairing.reported_red_score, pairing.reported_blue_score)
    counter = (pairing.counter_red_score, pairing.counter_blue_score)
    if pairing.reported_result == pairing.counter_result and reported == counter:
        _apply_result(pairing, result, pairing.reported_method or method, reported)
        _audit(
            event, "result_confirm", entry=entry, pairing=pairing, result=result, **_scored(scores)
        )
        _refresh_round_status(pairing.round)
    else:
        if not pairing.disputed:
            notices.notify_dispute(pairing)
        pairing.disputed = True
        pairing.save()
        _audit(
            event,
            "result_dispute",
            entry=entry,
            pairing=pairing,
            reported=pairing.reported_result,
            counter=pairing.counter_result,
            **_scored(reported, "reported_scores"),
            **_scored(counter, "counter_scores"),
        )
    _changed(event, "pairings", "standings")
    return pairing


@transaction.atomic
def result_confirm(*, entry: Entry, pairing: Pairing) -> Pairing:
    """The opponent confirms the result their opponent reported."""
    _event, locked = _lock_pairing(pairing)
    if entry.pk not in (locked.red_id, locked.blue_id):
        raise TournamentError("not_your_game")
    if locked.confirmation != Pairing.Confirmation.AWAITING or locked.disputed:
        raise TournamentError("nothing_to_confirm")
    if locked.reported_by_id == entry.pk:
        raise TournamentError("own_report")
    return result_report(
        entry=entry,
        pairing=locked,
        result=locked.reported_result,
        method=locked.reported_method,
        red_score=locked.reported_red_score,
        blue_score=locked.reported_blue_score,
    )


@transaction.atomic
def result_set(
    *,
    actor: User,
    pairing: Pairing,
    result: str,
    method: str = "",
    reason: str = "",
    red_score: int | None = None,
    blue_score: int | None = None,
) -> Pairing:
    """An arbiter or organiser sets a table's result: entry, dispute ruling, forfeit, or a
    correction of a confirmed result (a reason is then required).

    A correction recomputes everything downstream: standings are recomputed from the history
    on every read; later Swiss rounds are left as they were paired (their pairings are not
    silently changed), and a later draft is flagged stale for the organiser to pair again;
    elimination matches fed by this table are reset and flagged.
    """
    event, pairing = _lock_pairing(pairing)
    _require_arbiter(actor, event)
    _require_running(pairing.round)
    game = get_game(event.game)
    _check_result(pairing, result, game)
    correction = pairing.confirmation == Pairing.Confirmation.CONFIRMED
    if correction and not reason.strip():
        raise TournamentError("reason_required", field="reason")
    method = method if method in Pairing.Method.values else ""
    if not method and result in (R.RED_WON_BY_FORFEIT, R.BLUE_WON_BY_FORFEIT, R.DOUBLE_FORFEIT):
        method = Pairing.Method.FORFEIT
    # Checked under the method given: "arbiter decision" is an adjudication (at time), an
    # entry without a method is the game's normal end.
    scores = check_scores(game, result, method, red_score, blue_score)
    same_scores = (pairing.red_score, pairing.blue_score) == scores
    if (
        correction
        and pairing.result == result
        and same_scores
        and pairing.method == (method or pairing.method)
    ):
        return pairing
    old = pairing.result
    was_disputed = pairing.disputed
    _apply_result(
        pairing, result, method or Pairing.Method.ARBITER, scores, actor=actor, reason=reason
    )
    if old != result:
        _flag_stale_drafts(event, pairing.round)
    action = "result_correct" if correction else ("result_ruling" if was_disputed else "result_set")
    _audit(
        event,
        action,
        actor=actor,
        pairing=pairing,
        round_number=pairing.round.number,
        old=old,
        new=result,
        method=pairing.method,
        reason=reason,
        **_scored(scores),
    )
    _refresh_round_status(pairing.round)
    _changed(event, "pairings", "standings", "bracket")
    callup.call_pairing_on_commit(pairing)  # no result waits for them any more
    return pairing


def _flag_stale_drafts(event: Event, round_: Round) -> None:
    """A result of the Swiss round ``round_`` changed: a later draft was paired from the old
    standings (the next Swiss round, or a top cut's bracket), so it is flagged for the
    organiser, whose round page offers to pair it again. A corrected elimination result
    needs no flag: the bracket reset puts the right players into tables not played yet.
    """
    if round_.stage != Round.Stage.SWISS:
        return
    Round.objects.filter(event=event, status=Round.Status.DRAFT, number__gt=round_.number).update(
        stale=True
    )
