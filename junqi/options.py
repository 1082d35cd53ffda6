"""The options a game is played under: every ruling of RULES.md §13 that is a choice, the §9
variants, the draw and time parameters (§7.4, §11).

An event or a challenge fixes the options before set-up and both players see them (§9). The
defaults are the digest's rulings; ``Options()`` is the standard game. The chosen values are
stored with every state and record, so a game always replays under the options it was played
with. ``Options.names()`` gives the non-default choices in the short form of the record's
``Options`` tag (§10.6): a variant's name (``flying_bombs``) or ``name=value``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any

from .errors import InvalidRecordError


class SetupTimeoutPolicy(enum.StrEnum):
    """What happens to a player without a set-up when the set-up countdown ends (§11.1, J13).

    A stored default set-up is always used first; without one the player loses (``LOSS``,
    default) or gets a random legal set-up (``RANDOM``, event option).
    """

    LOSS = "loss"
    RANDOM = "random"


@dataclass(frozen=True, slots=True)
class Options:
    """Options of one game. Field comments name the ruling or section each one implements."""

    #: §9.1 飛ぶ爆弾 (炸弾満天飛): bombs move like engineers on the railway (§5.4 applies).
    flying_bombs: bool = False
    #: §9.2 爆発地雷 (炸弾雷), J8: a non-engineer attacking a mine is removed together with it.
    #: Off (default): the mine stays and only the attacker is removed.
    exploding_mines: bool = False
    #: §9.3 軍旗をかつぐ, J23: taking the flag does not end the game; it must be carried home.
    carry_flag: bool = False
    #: §9.5 明棋, J25: every rank is public once both set-ups are in.
    open_pieces: bool = False
    #: §9.6 大本営自由, J10: pieces on a headquarters are not frozen.
    free_hq: bool = False
    #: J3: the centre crossing c6–c7 is railway (line L7); off reads it as a road.
    centre_railway: bool = True
    #: J15 (ours): the game is drawn after this many consecutive plies without a combat;
    #: None switches the rule off.
    no_combat_limit: int | None = 60
    #: J15/J20 (ours): a player may offer a draw on their own turn; off forbids agreed draws.
    draw_offers: bool = True
    #: J14 (ours): when after a ply neither player has a legal move the game is drawn; off
    #: applies §7.2 literally (the player to move loses).
    both_stuck_draw: bool = True
    #: §11.1, J13: the shared set-up countdown in seconds.
    setup_seconds: int = 300
    #: §11.1, J13: loss (default) or a random set-up when a player has no set-up at the end.
    setup_timeout_policy: SetupTimeoutPolicy = SetupTimeoutPolicy.LOSS
    #: §11.2, J18: each player's main time in seconds (default 10 minutes).
    time_seconds: int = 600
    #: §11.2, J18: Fischer increment in seconds per move (default 5).
    increment_seconds: int = 5

    def __post_init__(self) -> None:
        if self.no_combat_limit is not None and self.no_combat_limit < 1:
            raise InvalidRecordError("options.no_combat_limit", "no_combat_limit must be >= 1")
        for name in ("setup_seconds", "time_seconds", "increment_seconds"):
            if getattr(self, name) < 0:
                raise InvalidRecordError(f"options.{name}", f"{name} must be >= 0")

    @property
    def variants(self) -> tuple[str, ...]:
        """The §9 variants in force, by their option names."""
        return tuple(name for name in VARIANT_NAMES if getattr(self, name))

    @property
    def time_control(self) -> str:
        """The §10.6 ``TimeControl`` tag: ``"600+5"`` (seconds + increment)."""
        return f"{self.time_seconds}+{self.increment_seconds}"

    def names(self) -> tuple[str, ...]:
        """Non-default options as record tokens: ``flying_bombs``, ``no_combat_limit=40``."""
        out = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value == f.default:
                continue
            if isinstance(value, bool) and value:
                out.append(f.name)
            else:
                out.append(f"{f.name}={_token(value)}")
        return tuple(out)

    @classmethod
    def from_names(cls, names: tuple[str, ...] | list[str]) -> Options:
        """The inverse of ``names()``."""
        values: dict[str, Any] = {}
        known = {f.name: f for f in fields(cls)}
        for token in names:
            name, _, raw = token.partition("=")
            if name not in known:
                raise InvalidRecordError("options.unknown", f"unknown option {name!r}")
            default = known[name].default
            if not raw:
                values[name] = True
            elif raw == "off" and isinstance(default, bool):
                values[name] = False
            elif raw == "none":
                values[name] = None
            elif name == "setup_timeout_policy":
                values[name] = SetupTimeoutPolicy(raw)
            else:
                try:
                    values[name] = int(raw)
                except ValueError:
                    raise InvalidRecordError("options.value", f"bad value in {token!r}") from None
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _FIELD_NAMES}
        data["setup_timeout_policy"] = self.setup_timeout_policy.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise InvalidRecordError("options.unknown", f"unknown options: {sorted(unknown)}")
        values = dict(data)
        if "setup_timeout_policy" in values:
            values["setup_timeout_policy"] = SetupTimeoutPolicy(values["setup_timeout_policy"])
        return cls(**values)


def _token(value: object) -> str:
    if value is None:
        return "none"
    if value is False:
        return "off"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


#: The offered §9 variants, in the order of the digest (翻棋 §9.4 and 四国軍棋 are not offered).
VARIANT_NAMES = ("flying_bombs", "exploding_mines", "carry_flag", "open_pieces", "free_hq")
#: Japanese names of the variants (§9).
VARIANT_LABELS = {
    "flying_bombs": "飛ぶ爆弾",
    "exploding_mines": "爆発地雷",
    "carry_flag": "軍旗をかつぐ",
    "open_pieces": "明棋",
    "free_hq": "大本営自由",
}

STANDARD_OPTIONS = Options()
_FIELD_NAMES = tuple(f.name for f in fields(Options))
