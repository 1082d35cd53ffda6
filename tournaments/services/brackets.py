"""Elimination brackets: the draw, who sits in each bracket match, the rounds of playable
matches, and results carried through the bracket.

The bracket itself is pure (``tournaments.pairing.elimination``, rebuilt from
``Event.draw_order``); its :class:`~tournaments.models.BracketMatch` rows record the seats and
winners. A corrected result resets every match downstream of it and flags it for review.
"""

from __future__ import annotations

from django.db.models import Q

from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import BracketMatch, Event, Pairing, Round
from tournaments.pairing import elimination, top_cut
from tournaments.services._common import R, _audit
from tournaments.services.field import _available_for, _draw


def _bracket(event: Event) -> elimination.Bracket:
    """The pure bracket of the event, rebuilt from its draw."""
    order = list(event.draw_order)
    if event.pairing_system == Event.PairingSystem.DOUBLE_ELIMINATION:
        return elimination.double_elimination(order, grand_final_reset=event.grand_final_reset)
    return elimination.single_elimination(order, third_place=event.third_place_match)


def _source_text(bracket: elimination.Bracket, source: elimination.Source) -> str:
    if source.kind is elimination.SourceKind.SEED:
        return f"seed:{source.ref}"
    return f"{source.kind.value}:{bracket.match(source.ref).code}"


def _draw_bracket(event: Event, number: int) -> elimination.Bracket:
    """Draw the bracket: seeds from the seed order, or the Swiss standings for a top cut."""
    if event.pairing_system == Event.PairingSystem.SWISS_TOP_CUT:
        size = event.top_cut_size or 8
        table = selectors.event_standings(event=event)
        qualified = [line.entry.pk for line in table.lines if line.entry.is_active]
        bracket = top_cut.top_cut(qualified, size, third_place=event.third_place_match)
        _draw(event, list(bracket.entrants))
    else:
        active, unavailable = _available_for(event, number)
        order = [e.pk for e in selectors.seed_order(active) if e.pk not in unavailable]
        if len(order) < 2:
            raise TournamentError("not_enough_players")
        _draw(event, order)
        bracket = _bracket(event)
    BracketMatch.objects.filter(event=event).delete()
    BracketMatch.objects.bulk_create(
        BracketMatch(
            event=event,
            code=m.code,
            bracket=m.section.value,
            bracket_round=m.round,
            position=m.slot,
            red_source=_source_text(bracket, m.sources[0]),
            blue_source=_source_text(bracket, m.sources[1]),
        )
        for m in bracket.matches
    )
    return bracket


def _bracket_state(event: Event) -> tuple[elimination.Bracket, elimination.BracketProgress]:
    bracket = _bracket(event)
    ids = {m.code: m.id for m in bracket.matches}
    winners = {
        ids[code]: winner
        for code, winner in BracketMatch.objects.filter(
            event=event, winner__isnull=False
        ).values_list("code", "winner_id")
    }
    return bracket, elimination.bracket_progress(bracket, winners)


def _sync_bracket(event: Event) -> elimination.BracketProgress:
    """Write who is known to sit in each bracket match (after a draw or a result)."""
    bracket, progress = _bracket_state(event)
    rows = {row.code: row for row in BracketMatch.objects.filter(event=event)}
    changed = []
    for match, (red, blue) in zip(bracket.matches, progress.players, strict=True):
        row = rows[match.code]
        if (row.red_id, row.blue_id) != (red, blue):
            row.red_id, row.blue_id = red, blue
            changed.append(row)
    BracketMatch.objects.bulk_update(changed, ["red", "blue"])
    return progress


def _pair_elimination(event: Event, number: int) -> Round:
    """A round of every bracket match that can be played now."""
    if not event.draw_order or not BracketMatch.objects.filter(event=event).exists():
        _draw_bracket(event, number)
    bracket, progress = _bracket_state(event)
    _sync_bracket(event)
    paired = set(
        BracketMatch.objects.filter(event=event, pairing__isnull=False).values_list(
            "code", flat=True
        )
    )
    todo = [
        bracket.match(match_id)
        for match_id in progress.playable
        if bracket.match(match_id).code not in paired
    ]
    if not todo:
        raise TournamentError("bracket_complete" if progress.complete else "not_enough_players")
    round_ = Round.objects.create(event=event, number=number, stage=Round.Stage.ELIMINATION)
    rows = {row.code: row for row in BracketMatch.objects.filter(event=event)}
    for table, match in enumerate(todo, start=1):
        red, blue = progress.players[match.id - 1]
        if red is None or blue is None:  # playable means both seats are known
            raise TournamentError("invalid_result")
        pairing = Pairing.objects.create(round=round_, table=table, red_id=red, blue_id=blue)
        row = rows[match.code]
        row.pairing = pairing
        row.save(update_fields=["pairing"])
    return round_


def _record_bracket_result(event: Event, pairing: Pairing) -> None:
    """Carry an elimination table's result into its bracket match."""
    row = BracketMatch.objects.filter(pairing=pairing).first()
    if row is None:
        return
    winner = pairing.winner_id
    if row.winner_id == winner:
        return
    corrected = row.winner_id is not None
    row.winner_id = winner
    row.needs_review = False
    row.save(update_fields=["winner", "needs_review"])
    if corrected:
        _reset_downstream(event, row)
    else:
        _sync_bracket(event)


def _reset_downstream(event: Event, source: BracketMatch) -> None:
    """After a corrected elimination result: reset every bracket match downstream of it.

    The matches fed by the corrected one (and theirs, recursively) lose their winner and are
    flagged for review; tables not played yet get the right players, tables already played
    keep their result for the arbiter to look at.
    """
    queue = [source.code]
    seen: set[str] = set()
    while queue:
        code = queue.pop()
        refs = [f"winner:{code}", f"loser:{code}"]
        for match in BracketMatch.objects.filter(event=event).filter(
            Q(red_source__in=refs) | Q(blue_source__in=refs)
        ):
            if match.code in seen:
                continue
            seen.add(match.code)
            match.needs_review = True
            match.winner = None
            match.save(update_fields=["needs_review", "winner"])
            _audit(event, "bracket_flag", code=match.code, source=source.code)
            queue.append(match.code)
    _sync_bracket(event)
    for match in BracketMatch.objects.filter(event=event, code__in=seen, pairing__isnull=False):
        table = match.pairing
        if table is not None and table.result == R.PENDING and match.red_id and match.blue_id:
            Pairing.objects.filter(pk=table.pk).update(red_id=match.red_id, blue_id=match.blue_id)
