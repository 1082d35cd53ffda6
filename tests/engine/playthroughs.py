"""Golden playthroughs: seeded random games with both seats' views at every decision.

Each file in ``tests/engine/data/playthroughs/`` is one random legal game (decisions drawn with
``random.Random(seed)`` from ``legal_actions``, capped by a short war-turn limit) written as
text: every decision as each seat may read it (``history_text``), then each seat's ``observe``
view after it. ``test_playthroughs.py`` regenerates the text in memory and compares, so any
change to the rules, the legal-decision order, the notation or the views shows up as a diff.

Regenerate after an intended change, and review the diff::

    python -m tests.engine.playthroughs --regenerate

The rendering consumes every key of a view and fails on an unknown one, so a new field in
``observe`` forces a conscious update here.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.observation import history_text, observe
from engine.rulings import Rulings
from engine.state import GameState
from engine.types import Side
from tests.engine.builders import random_game

DATA = Path(__file__).parent / "data" / "playthroughs"
REGENERATE = "python -m tests.engine.playthroughs --regenerate"


@dataclass(frozen=True)
class Playthrough:
    name: str
    seed: int
    turn_limit: int
    rulings: Rulings

    @property
    def path(self) -> Path:
        return DATA / f"{self.name}.txt"


PLAYTHROUGHS = (
    Playthrough("basic-seed-1", seed=1, turn_limit=10, rulings=Rulings()),
    Playthrough("basic-seed-18", seed=18, turn_limit=10, rulings=Rulings()),
    Playthrough(
        "alternative-rulings-seed-5",
        seed=5,
        turn_limit=8,
        rulings=Rulings(
            bounce_turns_attacker=False,
            rest_gain_counts_swift=True,
            cavalry_stops_at_side_fence=False,
        ),
    ),
)

_ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}


def _take(data: dict[str, Any], *keys: str) -> list[Any]:
    return [data.pop(key) for key in keys]


def _check_consumed(data: dict[str, Any], where: str) -> None:
    if data:
        raise ValueError(f"unrendered view keys in {where}: {sorted(data)} (update playthroughs)")


def _cell(piece: dict[str, Any]) -> str:
    owner, kind, facing, letter, shield, general = _take(
        piece, "owner", "kind", "facing", "letter", "shield", "general"
    )
    _check_consumed(piece, "board piece")
    kind = "i" if kind == "I" and not shield else kind
    return f"{owner[0]}{kind}{_ARROWS[facing]}{letter}{'*' if general else ' '}"


def _board(pieces: list[dict[str, Any]]) -> list[str]:
    cells = {p.pop("square"): p for p in pieces}
    lines = []
    for rank in "7654321":
        row = [_cell(cells.pop(f + rank)) if f + rank in cells else "  .  " for f in "abcdefg"]
        lines.append(f"  {rank} " + " ".join(row).rstrip())
    lines.append("     " + "     ".join("abcdefg"))
    return lines


def _queued(card: dict[str, Any]) -> str:
    code, face_up = _take(card, "card", "face_up")
    _check_consumed(card, "queued card")
    return f"[{code if code is not None else '??'}{'^' if face_up else ''}]"


def _cards(cards: list[str] | None, count: int) -> str:
    return " ".join(cards) if cards is not None else f"({count} hidden)"


def _side(label: str, side: dict[str, Any]) -> str:
    lp, fences, in_hand = _take(side, "lp", "fences", "fences_in_hand")
    hand, hand_count, deck, deck_count = _take(side, "hand", "hand_count", "deck", "deck_count")
    queue, swift, next_up = _take(side, "queue", "swift", "next_face_up")
    intruded, points = _take(side, "intruded", "intrusion_points")
    general, general_square, chosen, setup_done = _take(
        side, "general", "general_square", "general_chosen", "setup_done"
    )
    _check_consumed(side, f"side {label}")
    intruders = " ".join(
        f"{p['kind'] if p['shield'] or p['kind'] != 'I' else 'i'}{p['letter']}" for p in intruded
    )
    if general is not None:
        shown = f"{general}@{general_square or '-'}"
    else:
        shown = "chosen" if chosen else "-"
    return (
        f"  {label}: LP {lp} | fences {' '.join(fences) or '-'} ({in_hand} in hand)"
        f" | hand {_cards(hand, hand_count) or '-'} | deck {_cards(deck, deck_count) or '-'}"
        f" | queue {''.join(_queued(q) for q in queue) or '-'}"
        f" | swift {_queued(swift) if swift else '-'} | next {'up' if next_up else 'down'}"
        f" | intruded {intruders or '-'} ({points})"
        f" | general {shown} | set up {'yes' if setup_done else 'no'}"
    )


def _execution(ex: dict[str, Any] | None) -> str:
    if ex is None:
        return "-"
    card, slot, mode, leader, done = _take(ex, "card", "slot", "mode", "leader", "leader_done")
    direction, partners = _take(ex, "direction", "partners")
    _check_consumed(ex, "execution")
    return (
        f"{card} ({slot}) mode {mode or '-'} leader {leader or '-'}"
        f"{' (acted)' if done else ''} direction {direction or '-'}"
        f" partners {' '.join(partners) or '-'}"
    )


def _skipped_card(skipped: dict[str, Any]) -> str:
    side, card, slot, face_up = _take(skipped, "side", "card", "slot", "face_up")
    _check_consumed(skipped, "skipped card")
    return f"{side} {card or '??'}{'^' if face_up else ''} ({slot})"


def render_view(view: dict[str, Any]) -> list[str]:
    """A compact, complete text rendering of one ``observe`` view."""
    view = dict(view)
    version, viewer, variant, phase, to_act, clock, ply, turn = _take(
        view, "v", "viewer", "variant", "phase", "to_act", "clock_side", "ply", "turn"
    )
    board, stock, sides, execution, legal, outcome = _take(
        view, "board", "stock", "sides", "execution", "legal_actions", "outcome"
    )
    (skipped,) = _take(view, "skipped")
    _check_consumed(view, "view")
    lines = [
        f"  v{version} {variant} | viewer {viewer or 'spectator'} | {phase} | turn {turn}"
        f" | ply {ply} | to act {to_act or '-'} | clock {clock or '-'}"
    ]
    lines += _board([dict(p) for p in board])
    lines.append(f"  stock I{stock['I']} A{stock['A']} C{stock['C']} shields {stock['shields']}")
    for label in ("red", "blue"):
        lines.append(_side(label, dict(sides[label])))
    lines.append(f"  execution: {_execution(dict(execution) if execution else None)}")
    if skipped:
        lines.append("  skipped: " + " ".join(_skipped_card(dict(s)) for s in skipped))
    if legal:
        lines.append(f"  legal ({len(legal)}): {' '.join(legal)}")
    if outcome is not None:
        lines.append(f"  outcome: {outcome['termination']}, winner {outcome['winner'] or '-'}")
    return lines


def _views(state: GameState) -> list[str]:
    lines = []
    for seat in Side:
        lines.append(f" {seat.label} view:")
        lines += render_view(observe(state, seat))
    return lines


def render(playthrough: Playthrough) -> str:
    """The golden text of ``playthrough``, regenerated from the engine."""
    steps = random_game(
        playthrough.seed, rulings=playthrough.rulings, turn_limit=playthrough.turn_limit
    )
    rulings = steps[0].before.rulings
    lines = [
        f"# playthrough {playthrough.name}: random legal game, seed {playthrough.seed}",
        f"# rulings {rulings.to_dict()}",
        f"# regenerate: {REGENERATE}",
        "",
        "== start",
        *_views(steps[0].before),
    ]
    for step in steps:
        before, action = step.before, step.action
        actor = before.to_act
        assert actor is not None
        lines.append("")
        lines.append(f"== ply {before.ply + 1}: {actor.label} {action.to_str()}")
        for seat in (Side.RED, Side.BLUE, None):
            label = seat.label if seat is not None else "spectator"
            lines.append(f" {label} reads: {history_text(before, action, seat)}")
        lines += _views(step.after)
    outcome = steps[-1].after.outcome
    assert outcome is not None
    winner = outcome.winner.label if outcome.winner is not None else "-"
    lines += ["", f"== end: {outcome.termination.value}, winner {winner}", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--regenerate", action="store_true", help="rewrite the golden files")
    args = parser.parse_args(argv)
    stale = []
    for playthrough in PLAYTHROUGHS:
        text = render(playthrough)
        if args.regenerate:
            playthrough.path.parent.mkdir(parents=True, exist_ok=True)
            playthrough.path.write_text(text, encoding="utf-8")
            print(f"wrote {playthrough.path} ({len(text.encode()) // 1024} KB)")
        elif not playthrough.path.exists() or playthrough.path.read_text("utf-8") != text:
            stale.append(playthrough.name)
    if stale:
        print(f"stale playthroughs: {', '.join(stale)}; run {REGENERATE}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
