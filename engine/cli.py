"""The command line: ``python -m engine replay|random|show``.

* ``replay RECORD.json [--verbose]`` checks a game record decision by decision and prints how
  the game stands: the engine's outcome, the record's stated match result (resignation, time,
  forfeit, arbiter) or "in progress". The first malformed or illegal decision is named with its
  1-based number, its text and the reason.
* ``random --games N --seed S`` plays N random legal games (game i from seed S+i), optionally
  checking the state invariants after every decision (``--check``), and prints a summary. It is
  the engine's fuzzer.
* ``show RECORD.json [--ply K] [--as red|blue|spectator]`` prints one position as text. A seat
  or spectator view is rendered from ``observe`` only, so it never shows what that viewer may
  not see; the full (god) view is printed only for a finished game and without ``--as``.

Exit status: 0 success, 1 the record is invalid or a random game broke an invariant (the
reason is on stderr), 2 bad usage or an unreadable file.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .actions import Action, parse_action
from .errors import EngineError, InvalidActionError, InvalidRecordError
from .formats import GameFormat
from .observation import history_text, observe, skipped_text
from .playout import (
    DEFAULT_TURN_LIMIT,
    StuckGameError,
    check_invariants,
    random_steps,
    record_of,
)
from .record import GameRecord
from .rules import apply_action, new_game
from .state import GameState, Phase, render_board
from .types import FILE_NAMES, HEIGHT, WIDTH, Side, square_name

#: Formats the random games can be played in (tournament rules 1–3, RULES.md §15).
FORMATS: dict[str, Callable[[], GameFormat]] = {
    "basic": GameFormat.basic,
    "rule2": GameFormat.tournament_rule_2,
    "rule3": GameFormat.tournament_rule_3,
}

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

_ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}
_SLOT_NAMES = ("1st", "2nd", "3rd", "4th")


class UsageError(Exception):
    """Bad arguments or an unreadable file: exit status 2."""


# -- Replaying records -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Replayed:
    """A record checked decision by decision."""

    record: GameRecord
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]  # states[k] is the position after k decisions

    @property
    def final(self) -> GameState:
        return self.states[-1]

    @property
    def finished(self) -> bool:
        """Over by the rules, or ended by a stated match result (resignation, time …)."""
        return self.final.phase is Phase.OVER or self.record.result is not None


class RecordError(Exception):
    """The record is malformed, has an illegal decision or a result the moves contradict."""


def load_record(path: str) -> GameRecord:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {exc}") from None
    try:
        return GameRecord.from_json(text)
    except InvalidRecordError as exc:
        raise RecordError(f"{path}: {exc.detail} [{exc.code}]") from None


def replay_record(record: GameRecord, out: TextIO | None = None) -> Replayed:
    """Apply every decision with full legality checks, as ``engine.record.replay`` does.

    With ``out`` each decision and the resulting board are printed as they are applied.
    """
    try:
        state = new_game(format=record.format, rulings=record.rulings, start=record.start)
    except EngineError as exc:
        raise RecordError(f"the record's start position: {exc.detail} [{exc.code}]") from None
    states = [state]
    actions: list[Action] = []
    if out is not None:
        print(render_board(state, reveal=True), file=out)
    for index, text in enumerate(record.actions):
        number = index + 1
        try:
            action = parse_action(text)
            mover = state.to_act
            state = apply_action(state, action)
        except EngineError as exc:
            raise RecordError(
                f"decision {number} {text!r} is {_kind_of_error(exc)}: {exc.detail} [{exc.code}]"
            ) from None
        actions.append(action)
        states.append(state)
        if out is not None:
            who = mover.label if mover is not None else "-"
            print(f"\n{number}. {who}: {text}", file=out)
            for skipped in state.skipped:  # the replay is the arbiter's full view
                print(f"   {skipped.side.label}: {skipped_text(skipped, skipped.side)}", file=out)
            print(render_board(state, reveal=True), file=out)
    _check_stated_result(record, state)
    return Replayed(record, tuple(actions), tuple(states))


def _kind_of_error(exc: EngineError) -> str:
    return "malformed" if isinstance(exc, InvalidActionError) else "illegal"


def _check_stated_result(record: GameRecord, final: GameState) -> None:
    """When the decisions end the game, the stated winner must be the engine's."""
    if final.outcome is None or record.result is None:
        return
    winner = final.outcome.winner
    engine_winner = winner.label if winner is not None else None
    stated = record.result.get("winner")
    if stated != engine_winner:
        raise RecordError(
            f"the record says the winner is {stated!r}, the decisions say {engine_winner!r} "
            f"({final.outcome.termination.value}) [result_mismatch]"
        )


def describe_outcome(replayed: Replayed) -> str:
    """One line on how the recorded game stands."""
    final = replayed.final
    where = f"after {final.ply} decisions, war turn {final.turn}"
    if final.outcome is not None:
        winner = final.outcome.winner
        who = f"{winner.label} wins" if winner is not None else "no winner"
        return f"{who}: {final.outcome.termination.value} ({where})"
    result = replayed.record.result
    if result is not None:
        stated_winner = result.get("winner")
        who = f"{stated_winner} wins" if stated_winner else "no winner"
        method = result.get("method") or "unstated method"
        return f"{who}: {method}, as the record states ({where}, position still in play)"
    to_act = final.to_act.label if final.to_act is not None else "-"
    return f"in progress: {to_act} to act ({where})"


def _cmd_replay(args: argparse.Namespace) -> int:
    record = load_record(args.record)
    out = sys.stdout if args.verbose else None
    replayed = replay_record(record, out)
    if args.verbose:
        print()
    players = record.players
    if players:
        print(f"red: {players.get('red', '?')}, blue: {players.get('blue', '?')}")
    print(describe_outcome(replayed))
    return EXIT_OK


# -- Random games ----------------------------------------------------------------------------


def _step_problems(action: Action, after: GameState) -> list[str]:
    problems = check_invariants(after)
    text = action.to_str()
    try:
        if parse_action(text) != action:
            problems.append(f"notation does not round-trip: {text!r}")
    except EngineError as exc:
        problems.append(f"notation does not parse back: {text!r} ({exc.detail})")
    return problems


def _save(directory: Path | None, record: GameRecord, seed: int) -> Path | None:
    if directory is None:
        return None
    path = directory / f"game-{seed}.json"
    path.write_text(record.to_json() + "\n", encoding="utf-8")
    return path


def _report_failure(
    what: str,
    seed: int,
    actions: list[Action],
    state: GameState,
    problems: list[str],
    save_dir: Path | None,
) -> None:
    """Print where a random game went wrong (``state``: the last good state) and save it."""
    err = sys.stderr
    last = actions[-1].to_str() if actions else "-"
    print(
        f"{what} in the game of seed {seed} at ply {state.ply} "
        f"(after decision {len(actions)} {last!r}):",
        file=err,
    )
    for problem in problems:
        print(f"  - {problem}", file=err)
    saved = _save(save_dir, record_of(actions, state, seed=seed), seed)
    if saved is not None:
        print(f"record so far: {saved}", file=err)
    print(f"reproduce: python -m engine random --games 1 --seed {seed} --check", file=err)


def _cmd_random(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.turn_limit < 1:
        raise UsageError("--turn-limit must be at least 1")
    save_dir: Path | None = Path(args.save) if args.save else None
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot create {save_dir}: {exc}") from None
    game_format = FORMATS[args.format]()
    terminations: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    decisions = turns = 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        actions: list[Action] = []
        state = new_game(format=game_format)
        try:
            for step in random_steps(seed=seed, turn_limit=args.turn_limit, format=game_format):
                actions.append(step.action)
                state = step.after
                if args.check and (problems := _step_problems(step.action, state)):
                    _report_failure("invariant violation", seed, actions, state, problems, save_dir)
                    return EXIT_INVALID
        except StuckGameError as exc:
            _report_failure("engine failure", seed, actions, exc.state, [str(exc)], save_dir)
            return EXIT_INVALID
        except Exception:  # an engine crash is a finding of the fuzzer, reported like one
            problem = f"the engine raised:\n{traceback.format_exc()}"
            _report_failure("engine failure", seed, actions, state, [problem], save_dir)
            return EXIT_INVALID
        decisions += state.ply
        turns += state.turn
        outcome = state.outcome
        assert outcome is not None  # the turn cap ends every game
        terminations[outcome.termination.value] += 1
        winners[outcome.winner.label if outcome.winner is not None else "none"] += 1
        _save(save_dir, record_of(actions, state, seed=seed), seed)
        if args.progress and (index + 1) % args.progress == 0:
            elapsed = time.perf_counter() - started
            print(f"{index + 1}/{args.games} games, {elapsed:.1f} s", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    _print_summary(args, terminations, winners, decisions, turns, elapsed)
    return EXIT_OK


def _print_summary(
    args: argparse.Namespace,
    terminations: Counter[str],
    winners: Counter[str],
    decisions: int,
    turns: int,
    elapsed: float,
) -> None:
    games = args.games
    last_seed = args.seed + games - 1
    print(
        f"games: {games} (seeds {args.seed}..{last_seed}), format {args.format}, "
        f"turn limit {args.turn_limit}"
    )
    print("terminations: " + ", ".join(f"{k} {n}" for k, n in sorted(terminations.items())))
    print("winners: " + ", ".join(f"{k} {n}" for k, n in sorted(winners.items())))
    print(
        f"decisions: {decisions} (average {decisions / games:.1f} per game), "
        f"average war turns {turns / games:.1f}"
    )
    if args.check:
        print("invariants: checked after every decision, no violation")
    else:
        print("invariants: not checked (use --check)")
    rate = games / elapsed if elapsed > 0 else float("inf")
    print(f"time: {elapsed:.2f} s, {rate:.1f} games/s")
    if args.save:
        print(f"records: {args.save}/game-<seed>.json")


# -- Showing a position ----------------------------------------------------------------------


def _cell(piece: dict[str, Any]) -> str:
    owner = "r" if piece["owner"] == "red" else "b"
    kind = piece["kind"]
    if kind == "I" and not piece["shield"]:
        kind = "i"
    mark = "*" if piece["general"] else " "
    return f"{owner}{kind}{_ARROWS[piece['facing']]}{mark}"


def _board_lines(view: dict[str, Any]) -> list[str]:
    cells = {p["square"]: _cell(p) for p in view["board"]}
    lines = []
    for rank in range(HEIGHT - 1, -1, -1):
        row = [cells.get(square_name(rank * WIDTH + f), " .  ") for f in range(WIDTH)]
        lines.append(f"{rank + 1} " + " ".join(row))
    lines.append("   " + "    ".join(FILE_NAMES))
    return lines


def _queued(card: dict[str, Any]) -> str:
    face = "up" if card["face_up"] else "down"
    return f"{card['card'] or '??'}/{face}"


def _side_lines(name: str, side: dict[str, Any], *, viewer: str | None) -> list[str]:
    """A side's public and (when present in the view) secret information."""
    you = " (you)" if name == viewer else ""
    fences = " ".join(side["fences"]) or "none"
    lines = [
        f"{name}{you}: LP {side['lp']}, intrusion {side['intrusion_points']}, "
        f"fences {fences} ({side['fences_in_hand']} in hand)"
    ]
    if side["general"] is not None:
        where = side["general_square"]
        general = f"{side['general']} on {where}" if where else f"{side['general']} (off the board)"
    else:
        general = "hidden" if side["general_chosen"] else "not chosen"
    lines.append(f"  general: {general}")
    hand, deck = side["hand"], side["deck"]
    hand_text = " ".join(hand) if hand is not None else f"{side['hand_count']} cards, hidden"
    deck_text = " ".join(deck) if deck is not None else f"{side['deck_count']} cards, hidden"
    lines.append(f"  hand: {hand_text or '-'}; deck (top first): {deck_text or '-'}")
    swift = _queued(side["swift"]) if side["swift"] is not None else "-"
    queue = ", ".join(f"{_SLOT_NAMES[i]} {_queued(card)}" for i, card in enumerate(side["queue"]))
    next_face = "up" if side["next_face_up"] else "down"
    lines.append(f"  queue: swift {swift}; {queue or 'empty'}; next card face {next_face}")
    if side["intruded"]:
        intruded = ", ".join(
            f"{p['kind']}{'+shield' if p['shield'] else ''} {p['letter']}" for p in side["intruded"]
        )
        lines.append(f"  intruded: {intruded}")
    return lines


def _status_lines(view: dict[str, Any]) -> list[str]:
    lines = [
        f"phase {view['phase']}, war turn {view['turn']}, ply {view['ply']}, "
        f"to act {view['to_act'] or '-'}, clock {view['clock_side'] or 'stopped'}"
    ]
    stock = view["stock"]
    lines.append(
        f"stock: I {stock['I']}, A {stock['A']}, C {stock['C']}, shields {stock['shields']}"
    )
    execution = view["execution"]
    if execution is not None:
        text = f"executing {execution['card']} from the {execution['slot']} slot"
        if execution["mode"] is not None:
            text += f": {execution['mode']}"
            if execution["direction"]:
                text += f" {execution['direction']}"
            state = "has acted" if execution["leader_done"] else "waits"
            text += f", leader {execution['leader'] or 'gone'} {state}"
            partners = " ".join(execution["partners"])
            text += f", partners {partners or 'none'}"
        lines.append(text)
    for skipped in view["skipped"]:
        face = "up" if skipped["face_up"] else "down"
        lines.append(
            f"skipped: {skipped['side']}'s {skipped['card'] or '??'}/{face}"
            f" from the {skipped['slot']} slot (it could not be executed)"
        )
    outcome = view["outcome"]
    if outcome is not None:
        winner = outcome["winner"]
        who = f"{winner} wins" if winner is not None else "no winner"
        lines.append(f"outcome: {who} ({outcome['termination']})")
    if view["legal_actions"]:
        lines.append(f"legal decisions: {len(view['legal_actions'])}")
    return lines


def render_view(view: dict[str, Any]) -> str:
    """A seat's or a spectator's view (``observe``'s dict) as text; it shows nothing more.

    The board reads as ``engine.state.render_board``: ``<owner><kind><facing><general>`` with
    owner ``r``/``b``, kind ``I`` (``i`` without shield) ``A`` ``C`` and ``*`` on a general the
    view reveals.
    """
    viewer = view["viewer"]
    title = f"view of {viewer}" if viewer is not None else "spectator view"
    lines = [title, *_board_lines(view)]
    for name in (s.label for s in Side):
        lines.extend(_side_lines(name, view["sides"][name], viewer=viewer))
    lines.extend(_status_lines(view))
    return "\n".join(lines)


def render_full(state: GameState) -> str:
    """The god view of a finished game: the board with generals, then every side's secrets."""
    lines = ["full view (every secret)", render_board(state, reveal=True)]
    for side in Side:
        seat = observe(state, side)  # the seat's own view holds all of that side's secrets
        lines.extend(_side_lines(side.label, seat["sides"][side.label], viewer=None))
    lines.extend(_status_lines(observe(state, None)))
    return "\n".join(lines)


def _parse_viewer(text: str) -> Side | None:
    return None if text == "spectator" else Side[text.upper()]


def _cmd_show(args: argparse.Namespace) -> int:
    record = load_record(args.record)
    replayed = replay_record(record)
    last = len(replayed.actions)
    ply = last if args.ply is None else args.ply
    if not 0 <= ply <= last:
        raise UsageError(f"--ply must be between 0 and {last} (the record has {last} decisions)")
    state = replayed.states[ply]
    if args.viewer is None and replayed.finished:
        print(render_full(state))
        viewer: Side | None = None
        full = True
    else:
        viewer = None if args.viewer is None else _parse_viewer(args.viewer)
        print(render_view(observe(state, viewer)))
        full = False
    if ply > 0:
        before, action = replayed.states[ply - 1], replayed.actions[ply - 1]
        text = action.to_str() if full else history_text(before, action, viewer)
        mover = before.to_act.label if before.to_act is not None else "-"
        print(f"last decision: {ply}. {mover}: {text}")
    return EXIT_OK


# -- Entry point -----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description="軍師軍略 rules engine: replay and check game records, fuzz the engine with "
        "random games, print positions.",
        epilog="Exit status: 0 success, 1 invalid record or invariant violation, 2 bad usage "
        "or unreadable file. Formats: docs/records.md, docs/notation.md.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    replay = commands.add_parser(
        "replay",
        help="replay and check a game record, print the outcome",
        description="Apply every decision of a record with full legality checks. Prints the "
        "outcome, the record's stated result (resignation, time …) or 'in progress'; on the "
        "first malformed or illegal decision prints its number, text and reason and exits 1.",
    )
    replay.add_argument("record", metavar="RECORD.json", help="a game record (docs/records.md)")
    replay.add_argument(
        "-v", "--verbose", action="store_true", help="print every decision and the board after it"
    )
    replay.set_defaults(run=_cmd_replay)

    rand = commands.add_parser(
        "random",
        help="play random legal games (fuzzing, benchmarks)",
        description="Play N random legal games; game i uses seed S+i, so any game can be played "
        "again from its seed. With --check the state invariants are checked after every "
        "decision; a violation prints the seed and ply and exits 1.",
    )
    rand.add_argument("--games", type=int, required=True, metavar="N", help="number of games")
    rand.add_argument("--seed", type=int, required=True, metavar="S", help="seed of game 1")
    rand.add_argument(
        "--turn-limit",
        type=int,
        default=DEFAULT_TURN_LIMIT,
        metavar="T",
        help="stop a game without winner after T war turns, both sides counted (non-official "
        f"ruling Q18; default {DEFAULT_TURN_LIMIT})",
    )
    rand.add_argument(
        "--format",
        choices=tuple(FORMATS),
        default="basic",
        help="game format: the basic game (tournament rule 1, default), the expansion game "
        "(rule 2) or the deck-build game (rule 3)",
    )
    rand.add_argument("--check", action="store_true", help="check invariants after every decision")
    rand.add_argument("--save", metavar="DIR", help="write each game's record to DIR")
    rand.add_argument(
        "--progress", type=int, default=0, metavar="K", help="report progress every K games"
    )
    rand.set_defaults(run=_cmd_random)

    show = commands.add_parser(
        "show",
        help="print a position of a record as text",
        description="Print the position after K decisions. With --as, the view of that seat "
        "(or a spectator) exactly as the server would send it; without --as, the full view "
        "for a finished game and the spectator view for a game in progress.",
    )
    show.add_argument("record", metavar="RECORD.json", help="a game record (docs/records.md)")
    show.add_argument(
        "--ply", type=int, metavar="K", help="position after K decisions (default: the last)"
    )
    show.add_argument(
        "--as",
        dest="viewer",
        choices=("red", "blue", "spectator"),
        help="whose view to print",
    )
    show.set_defaults(run=_cmd_show)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except UsageError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except RecordError as exc:
        print(f"invalid record: {exc}", file=sys.stderr)
        return EXIT_INVALID
    return status
