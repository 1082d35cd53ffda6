"""The values an organiser may give an event or an entry, checked before anything is saved.

Forms check the shape of what a page sends; these checks are the service layer's own, so a
caller that skips the form (a script, the API, a test) still cannot store a value the database
constraints would refuse with a crash, or one the event could not be run with. Each refusal is
a :class:`~tournaments.errors.TournamentError` whose ``field`` names the service keyword it is
about (``"rounds"``, ``"time_control"``, …), so a page shows the message beside that field.

Limits: rounds 1–99 (``event_rounds_range``), points 0–999.99 with two decimals (the columns
hold five digits), a registration cap of 2–10,000 players, ratings 0–9,999, a join window and
a no-show limit of 1–1,440 minutes, names of at most 200 (event) or 100 (entry) characters,
and time controls in the clock's canonical text form
(``clock.control.TimeControl``: ``20+0`` is the official 20 minutes each, sudden death).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from clock.control import TimeControl
from clock.errors import InvalidTimeControlError
from games import GameDefinition, get_game, registered_games
from games.gunshi_rules import (
    EVENT_FORMATS,
    GameFormat,
    StartPositionError,
)
from games.gunshi_rules import (
    check_start_fits_format as gunshi_start_fits,
)
from tournaments import names
from tournaments.errors import TournamentError
from tournaments.models import JUNQI_VARIANT_CHOICES, MAX_RATING, MIN_RATING, Event
from tournaments.standings import GAME_SCORE_CODE

MAX_ROUNDS: Final = 99
MAX_POINTS: Final = Decimal("999.99")
MAX_REGISTRATION_CAP: Final = 10_000
MAX_WAIT_MINUTES: Final = 1_440  # the join window and the no-show limit: at most a day
EVENT_NAME_LIMIT: Final = 200
ENTRY_NAME_LIMIT: Final = 100
POINT_FIELDS: Final = (
    "points_win",
    "points_loss",
    "points_bye",
    "points_forfeit_win",
    "points_forfeit_loss",
    "points_round_robin_free",
)
# The engine game format of an event's matches: Rule 1 the basic game, Rule 2 the expansion game
# (three chosen expansion cards), Rule 3 the deck-build game (base procedure).
EVENT_GAME_FORMATS: Final[dict[str, Callable[[], GameFormat]]] = {
    choice: EVENT_FORMATS[choice.value] for choice in Event.Format
}
_CHOICES: Final = {
    "game_format": Event.Format.values,
    "pairing_system": Event.PairingSystem.values,
    "visibility": Event.Visibility.values,
}


#: 軍師軍略's registry key: the official formats and start positions of an event are its own
#: settings, dropped for every other game.
GUNSHI_KEY: Final = "gunshi"


def plays_online(game: GameDefinition) -> bool:
    """Whether events of ``game`` may be played online (a rules engine referees them)."""
    return not game.over_the_board_only


#: The 軍棋 variants (docs/junqi.md §9 options) an event may choose, in the order stored.
JUNQI_KEY = "junqi"
JUNQI_VARIANTS = tuple(key for key, _label in JUNQI_VARIANT_CHOICES)


def check_junqi_variants(values: Mapping[str, Any]) -> list[str]:
    """The event's 軍棋 variants in their canonical order: known names only, each once, and
    only for a 軍棋 event (another game has none)."""
    variants = values.get("junqi_variants") or []
    if not isinstance(variants, list | tuple) or any(v not in JUNQI_VARIANTS for v in variants):
        raise TournamentError("invalid_junqi_variants", field="junqi_variants")
    if variants and values.get("game", GUNSHI_KEY) != JUNQI_KEY:
        raise TournamentError("junqi_variants_other_game", field="junqi_variants")
    return [v for v in JUNQI_VARIANTS if v in variants]


def check_game(values: Mapping[str, Any]) -> None:
    """The event's game is a registered one; a game without a rules engine is played over the
    board only; the "game score" tie-break needs a game whose results carry a score."""
    key = values.get("game", GUNSHI_KEY)
    if key not in {game.key for game in registered_games()}:
        raise TournamentError("invalid_choice", {"value": key}, field="game")
    game = get_game(key)
    if values.get("online") and not plays_online(game):
        raise TournamentError("game_not_online", {"game": game.name}, field="game")
    if GAME_SCORE_CODE in (values.get("tiebreaks") or ()) and game.score is None:
        raise TournamentError("game_score_tiebreak", field="tiebreaks")


def check_name(name: Any, *, limit: int, field: str = "name") -> str:
    """The name without surrounding spaces; refused when empty, longer than ``limit`` or when
    it holds a control, line-break or bidi character (``tournaments.names``: they break exports
    and disguise names)."""
    text = name.strip() if isinstance(name, str) else ""
    if not text:
        raise TournamentError("name_required", field=field)
    if len(text) > limit:
        raise TournamentError("name_too_long", {"limit": limit}, field=field)
    bad = names.unsafe_characters(text)
    if bad:
        raise TournamentError("name_unsafe", {"characters": names.describe(bad)}, field=field)
    return text


def check_points(value: Any, *, field: str) -> Decimal:
    """A number of points: 0 to 999.99, at most two decimals."""
    try:
        points = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise TournamentError("invalid_points", field=field) from None
    if (
        not points.is_finite()
        or not 0 <= points <= MAX_POINTS
        or points != points.quantize(Decimal("0.01"))
    ):
        raise TournamentError("invalid_points", field=field)
    return points


def check_rating(value: Any, *, field: str = "rating") -> int | None:
    """A rating: empty, or a whole number from 0 to 9,999."""
    if value is None:
        return None
    well_typed = isinstance(value, int) and not isinstance(value, bool)
    if not well_typed or not MIN_RATING <= value <= MAX_RATING:
        raise TournamentError("invalid_rating", field=field)
    return value


def check_time_control(value: Any) -> str:
    """The canonical text of a time control (``"20+0"``); anything else is refused, with the
    clock's code: not a time control at all, too short, too long, or another spelling."""
    try:
        return TimeControl.parse(value).to_str()
    except InvalidTimeControlError as error:
        params = {"value": str(value)[:40], "canonical": error.canonical}
        raise TournamentError(error.code, params, field="time_control") from None


def _whole_number(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_event_values(values: Mapping[str, Any]) -> None:
    """Refuse the first value of ``values`` an event cannot have (only the keys present are
    checked, so an update passes the event's current values merged with the changes)."""
    if "name" in values:
        check_name(values["name"], limit=EVENT_NAME_LIMIT)
    check_game(values)
    if "junqi_variants" in values:
        check_junqi_variants(values)
    for field, allowed in _CHOICES.items():
        if field in values and values[field] not in allowed:
            raise TournamentError("invalid_choice", {"value": values[field]}, field=field)
    starts_on, ends_on = values.get("starts_on"), values.get("ends_on")
    if starts_on is not None and ends_on is not None and ends_on < starts_on:
        raise TournamentError("ends_before_start", field="ends_on")
    if "time_control" in values:
        check_time_control(values["time_control"])
    if "rounds" in values and not _whole_number(values["rounds"], 1, MAX_ROUNDS):
        raise TournamentError("invalid_rounds", field="rounds")
    points = {f: check_points(values[f], field=f) for f in POINT_FIELDS if f in values}
    win, loss = points.get("points_win"), points.get("points_loss")
    if win is not None and loss is not None and win <= loss:
        raise TournamentError("win_not_above_loss", field="points_win")
    cap = values.get("registration_cap")
    if cap is not None and not _whole_number(cap, 2, MAX_REGISTRATION_CAP):
        raise TournamentError(
            "invalid_cap", {"limit": MAX_REGISTRATION_CAP}, field="registration_cap"
        )
    for field in ("start_window_minutes", "no_show_minutes"):
        minutes = values.get(field)
        if minutes is not None and not _whole_number(minutes, 1, MAX_WAIT_MINUTES):
            raise TournamentError("invalid_minutes", {"limit": MAX_WAIT_MINUTES}, field=field)
    system = values.get("pairing_system")
    if system == Event.PairingSystem.SWISS_TOP_CUT and values.get("top_cut_size") not in (4, 8, 16):
        raise TournamentError("invalid_top_cut", field="top_cut_size")
    if values.get("start_position"):
        check_start_fits_format(
            values["start_position"], values.get("game_format", Event.Format.BASIC)
        )


def check_start_fits_format(start: Any, game_format: str) -> None:
    """An event's fixed opening must be one its game format can start from (Rule 1, 2 or 3:
    docs/start-positions.md): the engine builds the first position once, as every match of the
    event will, and any refusal is shown beside the field with the engine's detail."""
    try:
        gunshi_start_fits(start, EVENT_GAME_FORMATS[game_format]())
    except StartPositionError as exc:
        raise TournamentError(
            "start_position_format", {"detail": exc.detail}, field="start_position"
        ) from None
