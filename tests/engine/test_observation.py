"""The information-set property of ``observe`` (RULES.md §6.8, §5.1, §5.2, Q20) and the masking
of past decisions by ``history_text``.

Two states that differ only in what a seat cannot see (the opponent's general, the split of the
opponent's cards into hand and deck and the deck's order, the faces of the opponent's face-down
queued cards) must look the same to that seat and to spectators, legal decisions included.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import ArrangeCards, ChooseGeneral, PlayCard
from engine.effects import with_side
from engine.observation import history_text, is_secret, observe
from engine.rules import legal_actions, new_game
from engine.state import GameState, Phase, QueuedCard, Slot
from engine.types import CARD_ORDER, Side
from tests.engine.builders import (
    B,
    R,
    Seat,
    executing,
    piece_at,
    play,
    position,
    quick_war,
    random_game,
)
from tests.sampling import examples

DETERMINISTIC = settings(
    derandomize=True,
    max_examples=examples(8),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def vary_secrets(state: GameState, owner: Side, rng: random.Random) -> GameState:
    """``state`` with ``owner``'s secrets redrawn at random: same public facts, other secrets."""
    own = state.sides[owner]
    if own.general is not None and state.phase is not Phase.OVER:
        letters = [p.letter for p in state.board if p is not None and p.owner is owner]
        own = replace(own, general=rng.choice(letters))
    executing_slot = None
    if state.execution is not None and state.to_act is owner:
        executing_slot = state.execution.slot  # that card is being shown: not secret any more
    hidden = [i for i, q in enumerate(own.queue) if not q.face_up]
    if executing_slot is Slot.FIRST and 0 in hidden:
        hidden.remove(0)
    swift_hidden = own.swift is not None and not own.swift.face_up
    swift_hidden = swift_hidden and executing_slot is not Slot.SWIFT
    pool = list(own.hand) + list(own.deck) + [own.queue[i].card for i in hidden]
    if swift_hidden:
        assert own.swift is not None
        pool.append(own.swift.card)
    rng.shuffle(pool)
    hand = tuple(sorted(pool[: len(own.hand)], key=CARD_ORDER.__getitem__))
    rest = pool[len(own.hand) :]
    deck, rest = tuple(rest[: len(own.deck)]), rest[len(own.deck) :]
    queue = list(own.queue)
    for i in hidden:
        queue[i] = QueuedCard(rest.pop(0), False)
    swift = QueuedCard(rest.pop(0), False) if swift_hidden else own.swift
    own = replace(own, hand=hand, deck=deck, queue=tuple(queue), swift=swift)
    return with_side(state, owner, own)


@DETERMINISTIC
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_views_ignore_what_the_viewer_cannot_see(seed: int) -> None:
    """§6.8: the opponent's general, hand, deck and face-down cards never change a seat's view
    (legal decisions included) nor the spectator view."""
    rng = random.Random(seed)
    for step in random_game(seed, turn_limit=8):
        state = step.after if step.after.phase is not Phase.OVER else step.before
        for owner in Side:
            varied = vary_secrets(state, owner, rng)
            assert observe(varied, owner.opponent) == observe(state, owner.opponent)
            assert observe(varied, None) == observe(state, None)


def code_letter(state: GameState, square: str) -> str:
    piece = piece_at(state, square)
    assert piece is not None
    return piece.letter


def war_state() -> GameState:
    return position(
        {"c2": "rIN*", "d2": "rAN", "c6": "bIS", "d6": "bAS*"},
        red=Seat(lp=3, queue="MV RS^ FN", hand="MV RF", deck="RS MV"),
        blue=Seat(lp=4, queue="RS MV^", swift="FN", hand="MV RS RF", deck="MV"),
        to_act=R,
    )


def test_the_owner_sees_its_own_secrets() -> None:
    """§5.2, §6.8: the owner sees its general, hand, deck (in order) and face-down cards."""
    view = observe(war_state(), B)["sides"]["blue"]
    assert view["general_square"] == "d6"
    assert view["general"] == code_letter(war_state(), "d6")
    assert view["hand"] == ["MV", "RS", "RF"]
    assert view["deck"] == ["MV"]
    assert view["queue"] == [{"card": "RS", "face_up": False}, {"card": "MV", "face_up": True}]
    assert view["swift"] == {"card": "FN", "face_up": False}


def test_the_owners_view_changes_with_its_secrets() -> None:
    """The information-set property is not vacuous: the owner's view shows the differences."""
    state = war_state()
    blue = state.sides[B]
    other = with_side(state, B, replace(blue, general=code_letter(state, "c6")))
    assert observe(other, B) != observe(state, B)
    assert observe(other, R) == observe(state, R)
    queue = (QueuedCard(blue.deck[0], False), *blue.queue[1:])
    swapped = with_side(state, B, replace(blue, queue=queue, deck=(blue.queue[0].card,)))
    assert observe(swapped, B) != observe(state, B)
    assert observe(swapped, R) == observe(state, R)


def assert_hidden(view: dict[str, Any], secret_owner: str) -> None:
    """Structural check that ``secret_owner``'s secrets are absent from ``view``."""
    side = view["sides"][secret_owner]
    assert side["general"] is None
    assert side["general_square"] is None
    assert side["hand"] is None
    assert side["deck"] is None
    for card in side["queue"] + ([side["swift"]] if side["swift"] else []):
        if not card["face_up"]:
            assert card["card"] is None
    for piece in view["board"]:
        if piece["owner"] == secret_owner:
            assert piece["general"] is False


def test_json_of_the_opponents_view_holds_no_secret() -> None:
    """§6.8: the JSON sent to a seat marks no opponent piece as general and carries no
    face-down card code of the opponent (checked on the parsed structure)."""
    state = war_state()
    for viewer, opponent in ((R, "blue"), (B, "red")):
        view = json.loads(json.dumps(observe(state, viewer)))
        assert_hidden(view, opponent)
    spectator = json.loads(json.dumps(observe(state, None)))
    assert_hidden(spectator, "red")
    assert_hidden(spectator, "blue")
    assert spectator["legal_actions"] == []


def test_legal_decisions_go_only_to_the_side_to_act() -> None:
    """Only the acting seat receives its legal decisions."""
    state = war_state()
    assert observe(state, R)["legal_actions"]
    assert observe(state, B)["legal_actions"] == []


def test_public_facts_are_in_every_view() -> None:
    """§6.8: board, shields, fences, facings, LP, counts and face-up cards are public."""
    state = war_state()
    views = [observe(state, viewer) for viewer in (R, B, None)]
    for key in ("stock", "phase", "to_act", "turn", "execution", "clock_side"):
        assert views[0][key] == views[1][key] == views[2][key]
    boards = [[{k: v for k, v in p.items() if k != "general"} for p in v["board"]] for v in views]
    assert boards[0] == boards[1] == boards[2]
    for view in views:
        red = view["sides"]["red"]
        assert red["lp"] == 3
        assert red["hand_count"] == 2
        assert red["deck_count"] == 2
        assert red["queue"][1] == {"card": "RS", "face_up": True}


def test_generals_are_revealed_when_the_game_is_over() -> None:
    """§3.1: the loser reveals the chip; at the end both generals are shown to everyone."""
    state = play(executing({"c3": "rIN*", "c4": "bAS*"}, "MV"), "c3-c4")
    view = observe(state, None)
    assert view["sides"]["red"]["general_square"] == "c4"
    assert view["sides"]["blue"]["general"] is not None


def test_a_red_win_is_reported_as_red() -> None:
    """§3.1: the view names Red as the winner (Side.RED is 0: no truthiness test on it)."""
    state = play(executing({"c3": "rIN*", "c4": "bAS*"}, "MV"), "c3-c4")
    assert observe(state, None)["outcome"] == {"termination": "general_captured", "winner": "red"}


def test_execution_direction_north_is_shown() -> None:
    """§11.2: a chain's direction is public; N (Direction 0) must not read as missing."""
    state = play(executing({"c2": "rIN*", "c3": "rIN", "g7": "bAS*"}, "MV"), "select c2 N")
    execution = observe(state, B)["execution"]
    assert execution["direction"] == "N"
    assert execution["leader"] == "c2"
    assert execution["partners"] == ["c3"]


# -- history_text ------------------------------------------------------------------------------


def test_history_masks_set_up_decisions() -> None:
    """§5.1, §5.2: the general and the card order are secret to the opponent and spectators."""
    _, decisions = quick_war()
    before = new_game()
    seen: list[tuple[str, str, str, str]] = []
    for action in decisions:
        if isinstance(action, ChooseGeneral | ArrangeCards):
            actor = before.to_act
            assert actor is not None
            seen.append(
                (
                    action.to_str(),
                    history_text(before, action, actor),
                    history_text(before, action, actor.opponent),
                    history_text(before, action, None),
                )
            )
        before = play(before, action.to_str())
    assert seen == [
        ("general d1", "general d1", "general ?", "general ?"),
        (
            "cards MV,RS,FN / MV,RS,MV,RF",
            "cards MV,RS,FN / MV,RS,MV,RF",
            "cards ?",
            "cards ?",
        ),
        ("general d7", "general d7", "general ?", "general ?"),
        (
            "cards MV,RS,RF / MV,RS,MV,FN",
            "cards MV,RS,RF / MV,RS,MV,FN",
            "cards ?",
            "cards ?",
        ),
    ]


def test_history_masks_face_down_plays_only() -> None:
    """§6.2, §6.8: a face-down play reads ``play ?`` for others; a face-up one is public."""
    state, _ = quick_war()
    first, second = PlayCard(state.sides[R].hand[0]), PlayCard(state.sides[R].hand[1])
    assert is_secret(state, first)
    assert history_text(state, first, R) == first.to_str()
    assert history_text(state, first, B) == "play ?"
    assert history_text(state, first, None) == "play ?"
    after = play(state, first.to_str())
    assert not is_secret(after, second)
    assert history_text(after, second, B) == second.to_str()
    assert history_text(after, second, None) == second.to_str()


def test_history_of_public_decisions_is_plain() -> None:
    """Moves, deployments and command ends are public."""
    state = executing({"c2": "rIN*", "g7": "bAS*"}, "MV")
    move = legal_actions(state)[0]
    assert history_text(state, move, B) == move.to_str()
    assert history_text(state, move, None) == move.to_str()
