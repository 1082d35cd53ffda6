"""Each decision of a finished game as its mover saw it: the input of the analysis.

The record holds every secret, but the analysis must not use them: for decision ``i`` it is
given the mover's :class:`~opponent.view.SeatView` at that ply, built exactly as the match
protocol built it during the game (docs/protocol.md §2): the game's view for that seat
(``rules.view``: ``engine.observe`` / ``junqi.observe``) before the first decision and after
each one, and each decision's history line as that seat read it (``rules.history_text``:
``play ?``, ``setup blue ?`` for the opponent's secrets). The public set-up leaves out the
format's deal seed, as every view does. The game's rules are reached through the registry
(``matches.selectors.match_rules``), never an engine package directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from matches.models import Match
from matches.selectors import match_record, match_rules, match_setup
from opponent.view import SeatView


@dataclass(frozen=True, slots=True)
class MoverDecision:
    """Decision ``ply`` (1 for the first), its ``mover`` (0 red, 1 blue; ``None`` when no
    single seat was asked, as in 軍棋's simultaneous set-up), the decision's full text and the
    mover's view just before it (``None`` with no mover)."""

    ply: int
    mover: int | None
    played: str
    view: SeatView | None


def public_setup(match: Match) -> dict[str, Any]:
    """The match's set-up as the seats are shown it: the format without its deal seed."""
    setup = match_setup(match)
    setup["game_format"] = {k: v for k, v in (setup["game_format"] or {}).items() if k != "seed"}
    return setup


def mover_decisions(match: Match) -> Iterator[MoverDecision]:
    """Every decision of the finished ``match``, in order, with its mover's view
    (``matches.selectors.match_record`` refuses a match that is not finished)."""
    rules = match_rules(match)
    record = match_record(match=match)
    actions = rules.record_summary(record).actions
    states = rules.replay(record)
    setup = public_setup(match)
    history: tuple[list[str], list[str]] = ([], [])
    observations: tuple[list[Any], list[Any]] = (
        [rules.view(states[0], 0)],
        [rules.view(states[0], 1)],
    )
    for index, text in enumerate(actions):
        before, after = states[index], states[index + 1]
        mover = rules.to_act(before)
        view = None
        if mover is not None:
            view = SeatView(
                match.game,
                mover,
                setup,
                tuple(history[mover]),
                tuple(observations[mover]),
            )
        yield MoverDecision(index + 1, mover, text, view)
        action = rules.parse_action(text)
        for seat in (0, 1):
            history[seat].append(rules.history_text(before, action, seat))
            observations[seat].append(rules.view(after, seat))
