"""Game formats: the basic game, the expansion game (軍師の閃き) and the deck-build game.

The official tournament rules (RULES.md §15) name three formats: Rule 1 the basic game, Rule 2
the expansion game (expansion rule 1 with preparation option 2: three chosen expansion cards,
face down) and Rule 3 the deck-build game (expansion rule 2, base procedure, no option). The
rulebook offers more ways to play each expansion rule (RULES.md §13); ``GameFormat`` names one
of them and is stored in every game state and record, so a game replays under its format.

* ``Variant.EXPANSION`` (expansion rule 1, §13.1): ``expansion_option`` 1 deals three random
  own-colour expansion cards before deployment, unseen by both players (drawn with
  ``random.Random(seed)`` only, so a game is a pure function of its format and decisions);
  option 2 lets each player choose three, secretly, before deployment; option 3 lets each choose
  two after deployment, revealed together, duplicated names discarded, the rest open to both.
* ``Variant.DECK_BUILD`` (expansion rule 2, §13.2): ``deck_option`` BASE (each takes a Move,
  then alternate picks from Red until six are chosen), NO_FREE_MOVE (seven picks, Blue first),
  AGREED (the organiser enters the agreed seven cards as ``agreed_deck``) or SECRET (each player
  secretly builds its own seven-card deck).

``promos`` adds the three 三略 promotional cards to the expansion cards in play.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .types import BASIC_DECK, CARD_ORDER, RIKUTO_CARDS, SANRYAKU_CARDS, CardKind


class Variant(enum.StrEnum):
    """The family of a game format. Tournament Rule 1 is the basic game."""

    BASIC = "basic"
    EXPANSION = "expansion"  # expansion rule 1, 軍師の閃き
    DECK_BUILD = "deck_build"  # expansion rule 2, デッキ構築


class DeckOption(enum.StrEnum):
    """How the seven cards of a deck-build game are chosen (RULES.md §13.2)."""

    BASE = "base"  # each takes a Move, then six alternate picks from Red; both share the deck
    NO_FREE_MOVE = "no_free_move"  # option 1: seven alternate picks from Blue
    AGREED = "agreed"  # option 2: agreed freely (entered as GameFormat.agreed_deck)
    SECRET = "secret"  # noqa: S105 - option 3: each builds its own deck in secret


#: Expansion rule 1's preparation options (RULES.md §13.1).
EXPANSION_OPTIONS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class GameFormat:
    variant: Variant = Variant.BASIC
    expansion_option: int = 2
    deck_option: DeckOption = DeckOption.BASE
    promos: bool = False
    agreed_deck: tuple[CardKind, ...] = ()
    seed: int = 0

    def __post_init__(self) -> None:
        if self.expansion_option not in EXPANSION_OPTIONS:
            raise ValueError(f"expansion option must be 1, 2 or 3, not {self.expansion_option}")
        agreed = tuple(sorted(self.agreed_deck, key=CARD_ORDER.__getitem__))
        object.__setattr__(self, "agreed_deck", agreed)
        agreed_format = self.variant is Variant.DECK_BUILD and self.deck_option is DeckOption.AGREED
        if agreed_format and not is_buildable(agreed, promos=self.promos):
            raise ValueError("the agreed deck must be seven cards of one colour's set")

    @classmethod
    def basic(cls) -> GameFormat:
        """Tournament Rule 1: the basic game."""
        return cls()

    @classmethod
    def tournament_rule_2(cls) -> GameFormat:
        """Tournament Rule 2: expansion rule 1, option 2 (three chosen cards), no promos."""
        return cls(variant=Variant.EXPANSION, expansion_option=2)

    @classmethod
    def tournament_rule_3(cls) -> GameFormat:
        """Tournament Rule 3: deck building, base procedure, no options, no promos."""
        return cls(variant=Variant.DECK_BUILD, deck_option=DeckOption.BASE)

    @property
    def is_basic(self) -> bool:
        return self.variant is Variant.BASIC

    @property
    def expansion_cards(self) -> tuple[CardKind, ...]:
        """The expansion cards of one colour in play: 六韜, plus 三略 with promos."""
        return RIKUTO_CARDS + (SANRYAKU_CARDS if self.promos else ())

    @property
    def pool(self) -> tuple[CardKind, ...]:
        """One colour's whole set, the deck-build pool: basic deck plus expansion cards."""
        return BASIC_DECK + self.expansion_cards

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant.value,
            "expansion_option": self.expansion_option,
            "deck_option": self.deck_option.value,
            "promos": self.promos,
            "agreed_deck": [c.value for c in self.agreed_deck],
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameFormat:
        """The inverse of ``to_dict``; missing keys take their defaults, unknown ones fail."""
        known = {"variant", "expansion_option", "deck_option", "promos", "agreed_deck", "seed"}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown format fields: {', '.join(sorted(unknown))}")
        return cls(
            variant=Variant(data.get("variant", Variant.BASIC.value)),
            expansion_option=int(data.get("expansion_option", 2)),
            deck_option=DeckOption(data.get("deck_option", DeckOption.BASE.value)),
            promos=bool(data.get("promos", False)),
            agreed_deck=tuple(CardKind(c) for c in data.get("agreed_deck", ())),
            seed=int(data.get("seed", 0)),
        )


BASIC_FORMAT = GameFormat()


def is_buildable(cards: tuple[CardKind, ...], *, promos: bool) -> bool:
    """True when ``cards`` are seven cards that one colour's set holds (RULES.md §13.2)."""
    pool = Counter(BASIC_DECK + RIKUTO_CARDS + (SANRYAKU_CARDS if promos else ()))
    return len(cards) == len(BASIC_DECK) and not Counter(cards) - pool
