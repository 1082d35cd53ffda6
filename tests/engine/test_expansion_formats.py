"""RULES.md §13 and §15: the expansion formats — deck-build drafts, the preparation options of
expansion rule 1, the 軍師の閃き exchange, the untimed segments, records and notation."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.actions import (
    ChooseDeck,
    Exchange,
    KeepHand,
    Pick,
    Prepare,
    RouteReinforce,
    ScoutCard,
    ScoutGeneral,
    Swap,
    parse_action,
)
from engine.errors import InvalidActionError
from engine.formats import DeckOption, GameFormat, Variant
from engine.notation import state_from_dict, state_to_dict
from engine.observation import history_text, observe
from engine.playout import random_playout
from engine.record import GameRecord, replay
from engine.rules import (
    apply_action,
    clock_side,
    legal_actions,
    new_game,
    own_cards,
    timed,
    untimed_segment,
)
from engine.state import GameState, Phase
from engine.types import BASIC_DECK, CardKind, Direction, PieceKind, Side, parse_square
from tests.engine.builders import (
    BLUE_DEPLOYMENT,
    RED_DEPLOYMENT,
    B,
    R,
    Seat,
    cards,
    legal,
    play,
)
from tests.engine.test_expansion_cards import run

MV, RS, FN, RF = CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.FENCE, CardKind.REINFORCE
RM, LI, SC, SB = (
    CardKind.RAPID_MOVE,
    CardKind.LIGHT_INFANTRY,
    CardKind.SCOUTING,
    CardKind.SUPPLY_BOOST,
)


def deploy(state: GameState) -> GameState:
    """Play the builders' fixed deployment."""
    for red, blue in zip(RED_DEPLOYMENT, BLUE_DEPLOYMENT, strict=True):
        state = play(state, red, blue)
    return state


# -- Formats ------------------------------------------------------------------------------------


def test_tournament_formats() -> None:
    """§15: Rule 2 = expansion rule 1 option 2, Rule 3 = deck building, base; no promos."""
    rule2, rule3 = GameFormat.tournament_rule_2(), GameFormat.tournament_rule_3()
    assert (rule2.variant, rule2.expansion_option, rule2.promos) == (Variant.EXPANSION, 2, False)
    assert (rule3.variant, rule3.deck_option, rule3.promos) == (
        Variant.DECK_BUILD,
        DeckOption.BASE,
        False,
    )
    assert GameFormat.basic().is_basic
    assert new_game().format == GameFormat.basic()


@pytest.mark.parametrize(
    "fmt",
    [
        GameFormat.basic(),
        GameFormat.tournament_rule_2(),
        GameFormat.tournament_rule_3(),
        GameFormat(variant=Variant.EXPANSION, expansion_option=1, promos=True, seed=7),
        GameFormat(
            variant=Variant.DECK_BUILD,
            deck_option=DeckOption.AGREED,
            agreed_deck=cards("MV MV RS RM SB RC RR"),
        ),
    ],
)
def test_format_dict_round_trip(fmt: GameFormat) -> None:
    assert GameFormat.from_dict(fmt.to_dict()) == fmt


def test_an_agreed_deck_must_come_from_one_colours_set() -> None:
    """§13.2 option 2: the agreed seven cards are one colour's cards (two FN do not exist)."""
    with pytest.raises(ValueError, match="agreed deck"):
        GameFormat(
            variant=Variant.DECK_BUILD,
            deck_option=DeckOption.AGREED,
            agreed_deck=cards("MV MV RS FN FN RM SB"),
        )


def test_variant_keyword_still_works() -> None:
    """``new_game(variant=…)`` keeps working: the variant's default format."""
    assert new_game(variant=Variant.EXPANSION).format == GameFormat(variant=Variant.EXPANSION)


# -- Deck building (expansion rule 2, §13.2) ----------------------------------------------------


def test_base_draft_alternates_from_red_and_both_share_the_deck() -> None:
    """§13.2: each takes a Move; Red, Blue, … pick six; both play the same seven cards."""
    state = new_game(format=GameFormat.tournament_rule_3())
    assert state.phase is Phase.DRAFT
    assert legal(state) == {f"pick {c}" for c in ("MV", "RS", "FN", "RF", "RM", "SB", "RC")} | {
        "pick RR",
        "pick LI",
        "pick SC",
    }
    order: list[Side | None] = []
    for text in ("pick MV", "pick MV", "pick RM", "pick LI", "pick RS", "pick RC"):
        order.append(state.to_act)
        state = play(state, text)
    assert order == [R, B, R, B, R, B]
    assert state.phase is Phase.DEPLOYMENT
    assert state.to_act is R
    deck = cards("MV MV MV RS RC RM LI")
    assert sorted(own_cards(state, R)) == sorted(deck)
    assert own_cards(state, R) == own_cards(state, B)


def test_base_draft_pool_holds_two_more_moves() -> None:
    """§13.2: the pool is one colour's set; the free Move leaves two Moves to pick."""
    state = play(new_game(format=GameFormat.tournament_rule_3()), "pick MV", "pick MV")
    assert "pick MV" not in legal(state)


def test_no_free_move_draft_seven_picks_from_blue() -> None:
    """§13.2 option 1: no free Move; seven picks starting with the second player."""
    fmt = GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.NO_FREE_MOVE)
    state = new_game(format=fmt)
    assert state.to_act is B
    order: list[Side | None] = []
    for text in ("pick RM", "pick SB", "pick RC", "pick RR", "pick LI", "pick SC", "pick RS"):
        order.append(state.to_act)
        state = play(state, text)
    assert order == [B, R, B, R, B, R, B]
    assert state.phase is Phase.DEPLOYMENT
    assert MV not in own_cards(state, R)
    assert len(own_cards(state, B)) == 7


def test_agreed_deck_needs_no_decision() -> None:
    """§13.2 option 2: the organiser enters the agreed deck; deployment starts at once."""
    deck = cards("MV MV RS RM SB RC RR")
    fmt = GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.AGREED, agreed_deck=deck)
    state = new_game(format=fmt)
    assert state.phase is Phase.DEPLOYMENT
    assert clock_side(state) is None
    assert sorted(own_cards(state, R)) == sorted(deck) == sorted(own_cards(state, B))


def test_secret_decks_are_each_sides_own_and_hidden() -> None:
    """§13.2 option 3: each builds a secret seven-card deck; the opponent cannot see it."""
    fmt = GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.SECRET)
    state = new_game(format=fmt)
    decks = [a for a in legal_actions(state) if isinstance(a, ChooseDeck)]
    assert len(decks) == len(set(decks)) > 100
    assert all(len(d.cards) == 7 for d in decks)
    red_deck = ChooseDeck(cards("MV MV MV RS RS RM SB"))
    assert history_text(state, red_deck, B) == "deck ?"
    assert history_text(state, red_deck, R) == "deck MV,MV,MV,RS,RS,RM,SB"
    state = apply_action(state, red_deck)
    assert observe(state, B)["sides"]["red"]["expansion"]["cards"] is None
    assert observe(state, R)["sides"]["red"]["expansion"]["cards"] is not None
    state = play(state, "deck MV,RS,FN,RF,LI,RC,SC")
    assert own_cards(state, R) != own_cards(state, B)
    assert state.phase is Phase.DEPLOYMENT


def test_drafted_cards_are_arranged_in_setup() -> None:
    """§5.2 with §13.2: set-up arranges the player's own seven cards."""
    state = new_game(format=GameFormat.tournament_rule_3())
    state = play(state, "pick RM", "pick LI", "pick SC", "pick RR", "pick SB", "pick RC")
    state = deploy(state)
    assert state.phase is Phase.SETUP
    state = play(state, "general d1")
    assert "cards MV,RM,LI / SB,RC,RR,SC" in legal(state)
    assert "cards MV,RS,FN / MV,RS,MV,RF" not in legal(state)


# -- Untimed segments (§15, Rules 2 and 3) ------------------------------------------------------


def test_draft_and_preparation_stop_both_clocks() -> None:
    """§15: the time spent choosing expansion cards is not clocked."""
    state = new_game(format=GameFormat.tournament_rule_3())
    for _ in range(6):
        assert untimed_segment(state)
        assert clock_side(state) is None
        assert not timed(state)
        state = apply_action(state, legal_actions(state)[0])
    assert not untimed_segment(state)
    assert clock_side(state) is None  # deployment: the clock starts after Red's first placement
    state = play(state, RED_DEPLOYMENT[0])
    assert clock_side(state) is B
    state = new_game(format=GameFormat.tournament_rule_2())
    assert untimed_segment(state)
    assert observe(state, None)["expansion"]["untimed"] is True


# -- Preparation (expansion rule 1, §13.1) ------------------------------------------------------


def test_option_2_each_chooses_three_secretly_before_deployment() -> None:
    """§13.1 option 2 / Rule 2: three own-colour cards, face down; the owner may check them."""
    state = new_game(format=GameFormat.tournament_rule_2())
    assert state.phase is Phase.PREPARE
    assert len(legal_actions(state)) == 20  # 3 of 6
    action = Prepare(cards("RM LI SC"))
    assert history_text(state, action, B) == "prepare ?"
    state = apply_action(state, action)
    assert state.to_act is B
    state = play(state, "prepare SB,RC,RR")
    assert state.phase is Phase.DEPLOYMENT
    assert state.to_act is R
    assert observe(state, R)["sides"]["red"]["expansion"]["prepared"] == ["RM", "LI", "SC"]
    assert observe(state, B)["sides"]["red"]["expansion"]["prepared"] is None
    assert observe(state, B)["sides"]["red"]["expansion"]["prepared_count"] == 3


def test_promos_add_the_three_sanryaku_cards() -> None:
    """The 三略 promo cards may join either expansion rule: 3 of 9 = 84 choices."""
    state = new_game(format=replace(GameFormat.tournament_rule_2(), promos=True))
    assert len(legal_actions(state)) == 84


def test_option_1_deals_from_the_seed_unseen_by_both() -> None:
    """§13.1 option 1: three random cards, unseen by both players (the seed is not shown)."""
    fmt = GameFormat(variant=Variant.EXPANSION, expansion_option=1, seed=11)
    state = new_game(format=fmt)
    assert state == new_game(format=fmt)  # a pure function of the format
    assert state.phase is Phase.DEPLOYMENT
    assert len(state.sides[R].prepared) == 3
    for viewer in (R, B, None):
        view = observe(state, viewer)
        assert "seed" not in view["expansion"]["format"]
        for side in ("red", "blue"):
            assert view["sides"][side]["expansion"]["prepared"] is None
    others = {new_game(format=replace(fmt, seed=s)).sides[R].prepared for s in range(20)}
    assert len(others) > 1


def test_option_3_two_each_after_deployment_duplicates_discarded() -> None:
    """§13.1 option 3: after deployment each chooses two; same names go back to the box; the
    rest are laid out face up for both colours."""
    fmt = GameFormat(variant=Variant.EXPANSION, expansion_option=3)
    state = deploy(new_game(format=fmt))
    assert state.phase is Phase.PREPARE
    assert clock_side(state) is None
    state = play(state, "prepare RM,LI")
    assert observe(state, B)["sides"]["red"]["expansion"]["prepared"] is None
    state = play(state, "prepare LI,SC")
    assert state.phase is Phase.SETUP
    assert state.sides[R].prepared == state.sides[B].prepared == (RM, SC)
    assert observe(state, B)["sides"]["red"]["expansion"]["prepared"] == ["RM", "SC"]


# -- The exchange (軍師の閃き, §13.1) --------------------------------------------------------------


def flash(card: str = "MV", **kwargs: object) -> GameState:
    """Red (Rule 2 format, prepared RM LI SC) begins a turn with ``card`` in 1st."""
    state = run(
        {"b6": "rIN", "a1": "rIN*", "g7": "bIS*"},
        card,
        red_extra={"prepared": (RM, LI, SC)},
        blue_extra={"prepared": (SB, RM, LI)},
        **kwargs,  # type: ignore[arg-type]
    )
    return replace(state, format=GameFormat.tournament_rule_2())


def test_exchange_after_the_first_intrusion_before_command() -> None:
    """§13.1: on the turn of the first intrusion, before command: take one prepared card
    into hand, remove one hand card from the game."""
    state = play(flash(), "b6-b7+")
    assert state.exchange_pending
    assert legal(state) == {
        f"exchange {t} {g}" for t in ("RM", "LI", "SC") for g in ("MV", "RS")
    } | {"keep"}
    state = play(state, "exchange LI MV")
    red = state.sides[R]
    assert red.hand == (MV, RS, LI)  # the default hand was MV, MV, RS
    assert red.removed == (MV,)
    assert red.prepared == (RM, SC)
    assert red.exchange_done
    assert not state.exchange_pending
    assert LI in own_cards(state, R)
    assert sorted(own_cards(state, R)).count(MV) == 2
    assert all(a.startswith("play ") for a in legal(state))


def test_exchange_waits_for_every_execution_of_the_turn() -> None:
    """§13.1 note, example 2: with 疾風伝令, after both cards have been executed."""
    state = flash("MV", red=Seat(swift="MV^", queue="RS"))
    state = play(state, "b6-b7+")  # the 疾風伝令 card intrudes
    assert not state.exchange_pending
    assert state.execution is not None
    assert state.execution.card is CardKind.MOVE  # the 1st card is still to execute
    state = play(state, "a1-a2")
    assert state.execution is None
    assert state.exchange_pending


def test_exchange_is_hidden_from_the_opponent() -> None:
    """§13.1 note: neither card needs to be shown; the hand size stays the same."""
    before = play(flash(), "b6-b7+")
    action = Exchange(LI, MV)
    assert history_text(before, action, B) == "exchange ?"
    assert history_text(before, action, None) == "exchange ?"
    assert history_text(before, action, R) == "exchange LI MV"
    after = apply_action(before, action)
    view = observe(after, B)["sides"]["red"]
    assert view["hand"] is None
    assert view["hand_count"] == 3
    assert view["expansion"]["removed"] is None
    assert view["expansion"]["prepared"] is None


def test_exchange_once_per_game() -> None:
    """§13.1: once per game: a later intrusion offers nothing."""
    state = play(flash(), "b6-b7+", "keep")
    assert state.sides[R].exchange_done
    later = run(
        {"b6": "rIN", "a1": "rIN*", "g7": "bIS*"},
        "MV",
        red_extra={"prepared": (RM,), "exchange_done": True, "intruded": state.sides[R].intruded},
    )
    later = replace(later, format=GameFormat.tournament_rule_2())
    later = play(later, "b6-b7+")
    assert not later.exchange_pending


def test_no_exchange_in_the_basic_game() -> None:
    state = run({"b6": "rIN", "a1": "rIN*", "g7": "bIS*"}, "MV")
    state = play(state, "b6-b7+")
    assert not state.exchange_pending


def test_a_winning_intrusion_ends_the_game_without_exchange() -> None:
    """R1: a first intrusion that brings three points ends the game at once, no exchange."""
    state = flash(red=Seat(intruded="I"))  # 2 points already (a shielded infantry)
    state = play(state, "b6-b7+")
    assert state.phase is Phase.OVER
    assert not state.exchange_pending


def test_option_1_owner_sees_the_cards_at_the_exchange() -> None:
    """§13.1 option 1: unseen until the exchange; then the owner checks them all."""
    state = play(flash(), "b6-b7+")
    state = replace(state, format=GameFormat(variant=Variant.EXPANSION, expansion_option=1))
    assert observe(state, R)["sides"]["red"]["expansion"]["prepared"] == ["RM", "LI", "SC"]
    assert observe(state, B)["sides"]["red"]["expansion"]["prepared"] is None
    before = replace(state, exchange_pending=False)
    assert observe(before, R)["sides"]["red"]["expansion"]["prepared"] is None


# -- Notation, state and records ---------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Pick(CardKind.LIGHT_INFANTRY),
        ChooseDeck(cards("SC MV RS MV FN RF LI")),
        Prepare(cards("SC RM LI")),
        Exchange(RM, MV),
        KeepHand(),
        RouteReinforce(PieceKind.CAVALRY, parse_square("b4"), Direction.N),
        ScoutCard(0),
        ScoutCard(3),
        ScoutGeneral(parse_square("c5")),
        Swap(parse_square("b3"), parse_square("b2")),
    ],
)
def test_new_actions_round_trip(action: object) -> None:
    text = action.to_str()  # type: ignore[attr-defined]
    assert parse_action(text) == action
    assert parse_action(text).to_str() == text


@pytest.mark.parametrize("text", ["swap b3 b2", "scout card 5", "scout card 02", "pick XX"])
def test_malformed_new_actions_are_rejected(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


FORMATS = [
    GameFormat.tournament_rule_2(),
    GameFormat.tournament_rule_3(),
    GameFormat(variant=Variant.EXPANSION, expansion_option=1, promos=True, seed=3),
    GameFormat(variant=Variant.EXPANSION, expansion_option=3, promos=True),
    GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.NO_FREE_MOVE, promos=True),
    GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.SECRET, promos=True),
]


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f"{f.variant}-{f.expansion_option}")
def test_records_of_every_format_replay(fmt: GameFormat) -> None:
    """A record stores its format; replaying it reproduces the game, state dicts round-trip."""
    record, final = random_playout(seed=4, format=fmt, turn_limit=40)
    assert record.format == fmt
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    states = replay(loaded)
    assert states[-1] == final
    for state in states[:: max(1, len(states) // 15)]:
        assert state_from_dict(state_to_dict(state)) == state


def test_a_version_1_record_without_format_is_basic() -> None:
    record, _ = random_playout(seed=1, turn_limit=4)
    data = record.to_dict()
    del data["game_format"]
    assert GameRecord.from_dict(data).format == GameFormat.basic()


def test_random_formats_exercise_the_new_decisions() -> None:
    """Random play of promo formats reaches every new card's decisions and the exchange."""
    seen: set[str] = set()
    rng = random.Random(0)
    for seed in range(12):
        fmt = FORMATS[seed % len(FORMATS)]
        record, _ = random_playout(seed=rng.randrange(10**6), format=fmt, turn_limit=120)
        seen.update(a.split()[0] for a in record.actions)
    assert {"pick", "deck", "prepare", "route", "scout", "swap"} <= seen
    assert {"exchange", "keep"} & seen


def test_basic_deck_is_still_the_default() -> None:
    state = new_game()
    assert own_cards(state, Side.RED) == BASIC_DECK


def test_declining_the_exchange_is_public() -> None:
    """Project ruling: ``keep`` may be chosen; that no card changed hands is public."""
    before = play(flash(), "b6-b7+")
    assert history_text(before, KeepHand(), B) == "keep"
    after = apply_action(before, KeepHand())
    assert after.sides[R].hand == before.sides[R].hand
    assert after.sides[R].prepared == (RM, LI, SC)
    assert observe(after, B)["sides"]["red"]["expansion"]["exchange_done"] is True
    assert clock_side(before) is R  # the exchange is part of the timed turn
