"""Game records (RULES.md §10.6): tag pairs, then the numbered plies in full notation.

::

    [Event "Autumn open"]
    [Round "3"]
    [Date "2026.11.25"]
    [Red "Sato"]
    [Blue "Suzuki"]
    [Options "exploding_mines"]
    [TimeControl "600+5"]
    [SetupRed "MFM32/1MB14/5+8+6/73+B9/6+2+4/73152"]
    [SetupBlue "..."]
    [Result "1-0"]
    [Termination "FLAG"]

    1. c6-c7
    2. a7xa6<[3:5]
    ...

``Options`` lists the non-default options (``Options.names()``; ``-`` for none). The plies are
§10.5 full texts (ranks included): a record contains both set-ups and every rank, so it is
published only after the game (§8.5). ``replay`` rebuilds every position by submitting the
set-ups and playing the moves, checking each recorded result against the engine's; a result the
engine cannot reach by itself (resignation, time, agreed draw, set-up timeout, arbiter) is taken
from the ``Result``/``Termination`` tags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .actions import Move, SubmitSetup
from .errors import InvalidRecordError, JunqiError
from .options import Options
from .rules import ENGINE_TERMINATIONS, apply_action, apply_result, new_game
from .setup import Setup
from .state import GameState, Outcome, Phase, Termination
from .types import Side, parse_station

TAGS = (
    "Event",
    "Round",
    "Date",
    "Red",
    "Blue",
    "Options",
    "TimeControl",
    "SetupRed",
    "SetupBlue",
    "Result",
    "Termination",
)
_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')
_PLY = re.compile(r"^(\d+)\. (\S+)((?: \S+)*)$")
_MOVE = re.compile(r"^([a-e]\d{1,2})([-x])([a-e]\d{1,2})([<>=#]?)(?:\[(\w):(\w)\])?$")
_RESULTS = {"1-0": Side.RED, "0-1": Side.BLUE}


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's record: the §10.6 tags and the ply texts (full notation)."""

    options: Options
    setup_red: Setup | None
    setup_blue: Setup | None
    plies: tuple[str, ...]
    outcome: Outcome | None = None
    event: str = ""
    round: str = ""
    date: str = ""
    red: str = ""
    blue: str = ""

    @classmethod
    def of(cls, state: GameState, **tags: str) -> GameRecord:
        """The record of a game so far (``tags``: event, round, date, red, blue)."""
        return cls(
            options=state.options,
            setup_red=state.setups[Side.RED],
            setup_blue=state.setups[Side.BLUE],
            plies=tuple(p.text(ranks=True) for p in state.log),
            outcome=state.outcome,
            **tags,
        )


def record_text(record: GameRecord) -> str:
    """The record as text (tags, a blank line, one numbered ply per line)."""
    result = record.outcome
    values = {
        "Event": record.event,
        "Round": record.round,
        "Date": record.date,
        "Red": record.red,
        "Blue": record.blue,
        "Options": " ".join(record.options.names()) or "-",
        "TimeControl": record.options.time_control,
        "SetupRed": record.setup_red.text if record.setup_red else "",
        "SetupBlue": record.setup_blue.text if record.setup_blue else "",
        "Result": result.result if result else "*",
        "Termination": result.termination.value if result else "",
    }
    lines = [f'[{tag} "{values[tag]}"]' for tag in TAGS]
    lines.append("")
    lines += [f"{i}. {text}" for i, text in enumerate(record.plies, 1)]
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> GameRecord:
    """Read ``record_text``'s format; raises ``InvalidRecordError`` (code ``record.*``)."""
    tags: dict[str, str] = {}
    plies: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if m := _TAG.match(line):
            tags[m.group(1)] = m.group(2)
            continue
        m = _PLY.match(line)
        if m is None or int(m.group(1)) != len(plies) + 1:
            raise InvalidRecordError("record.syntax", f"line {number}: {line!r}")
        plies.append(m.group(2) + m.group(3))
    try:
        names = tags.get("Options", "-")
        options = Options.from_names([] if names in ("-", "") else names.split())
        time_control = tags.get("TimeControl")
        if time_control and time_control != options.time_control:
            raise InvalidRecordError("record.time_control", "TimeControl disagrees with Options")
        setups = [
            Setup.parse(side, tags[tag]) if tags.get(tag) else None
            for side, tag in ((Side.RED, "SetupRed"), (Side.BLUE, "SetupBlue"))
        ]
    except InvalidRecordError:
        raise
    except JunqiError as error:
        raise InvalidRecordError("record.tags", error.detail) from None
    outcome = None
    result = tags.get("Result", "*")
    if result != "*":
        try:
            termination = Termination(tags.get("Termination", ""))
        except ValueError:
            raise InvalidRecordError("record.termination", "unknown Termination") from None
        if result not in ("1-0", "0-1", "1/2-1/2", "0-0"):
            raise InvalidRecordError("record.result", f"unknown Result {result!r}")
        outcome = Outcome(_RESULTS.get(result), termination)
        if outcome.result != result:
            raise InvalidRecordError("record.result", "Result disagrees with Termination")
    return GameRecord(
        options=options,
        setup_red=setups[0],
        setup_blue=setups[1],
        plies=tuple(plies),
        outcome=outcome,
        event=tags.get("Event", ""),
        round=tags.get("Round", ""),
        date=tags.get("Date", ""),
        red=tags.get("Red", ""),
        blue=tags.get("Blue", ""),
    )


def parse_ply(text: str) -> Move:
    """The move of a ply text (``a6xa8=[7:B] F@b1`` → ``Move(a6, a8)``)."""
    m = _MOVE.match(text.split(" ", 1)[0])
    if m is None:
        raise InvalidRecordError("record.ply", f"not a ply: {text!r}")
    return Move(parse_station(m.group(1)), parse_station(m.group(3)))


def replay(record: GameRecord) -> list[GameState]:
    """Every state of the game: the start, after the set-ups, after each ply (the last one
    with the record's result). Raises ``InvalidRecordError`` naming the first bad ply."""
    state = new_game(record.options)
    states = [state]
    for setup in (record.setup_red, record.setup_blue):
        if setup is not None:
            state = apply_action(state, SubmitSetup(setup))
            states.append(state)
    for i, text in enumerate(record.plies, 1):
        move = parse_ply(text)
        try:
            state = apply_action(state, move)
        except JunqiError as error:
            raise InvalidRecordError(
                "record.illegal", f"ply {i} {text!r}: {error.detail}"
            ) from None
        played = state.log[-1]
        has_ranks = "[" in text
        if played.text(ranks=has_ranks) != text:
            shown = played.text(ranks=has_ranks)
            raise InvalidRecordError(
                "record.mismatch", f"ply {i}: recorded {text!r}, played {shown!r}"
            )
        states.append(state)
    expected = record.outcome
    if expected is None:
        if state.phase is Phase.OVER:
            raise InvalidRecordError("record.result", f"the game ended: {state.outcome}")
        return states
    if state.phase is Phase.OVER:
        if state.outcome != expected:
            raise InvalidRecordError("record.result", f"the game ended with {state.outcome}")
        return states
    if expected.termination in ENGINE_TERMINATIONS:
        raise InvalidRecordError("record.result", "the moves do not reach the recorded end")
    states[-1] = apply_result(state, expected)
    return states
