"""Single and double elimination brackets for 2..64 entrants, and the Swiss top cut."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sampling import examples
from tournaments.pairing.elimination import (
    Bracket,
    BracketKind,
    BracketProgress,
    Destination,
    Section,
    SourceKind,
    bracket_progress,
    double_elimination,
    seeding_order,
    single_elimination,
)
from tournaments.pairing.errors import PairingError
from tournaments.pairing.top_cut import top_cut

SIZES = range(2, 65)


def entrants(count: int) -> list[int]:
    """Player ids that differ from seeds, so a mix-up between the two shows."""
    return [1000 + seed for seed in range(1, count + 1)]


def seed_of(player: int) -> int:
    return player - 1000


def build(kind: str, count: int) -> Bracket:
    players = entrants(count)
    return {
        "single": lambda: single_elimination(players),
        "single+3rd": lambda: single_elimination(players, third_place=True),
        "double": lambda: double_elimination(players),
        "double-no-reset": lambda: double_elimination(players, grand_final_reset=False),
    }[kind]()


KINDS = ["single", "single+3rd", "double", "double-no-reset"]


def play_out(
    bracket: Bracket, rng: random.Random | None
) -> tuple[BracketProgress, list[tuple[int, int, int]]]:
    """Play every match (random winners, or the better seed if ``rng`` is None)."""
    winners: dict[int, int] = {}
    played: list[tuple[int, int, int]] = []  # (match id, winner, loser)
    while True:
        progress = bracket_progress(bracket, winners)
        if not progress.playable:
            return progress, played
        match_id = rng.choice(progress.playable) if rng else progress.playable[0]
        a, b = progress.players[match_id - 1]
        assert a is not None
        assert b is not None
        winner = rng.choice((a, b)) if rng else min(a, b)
        winners[match_id] = winner
        played.append((match_id, winner, b if winner == a else a))


# ------------------------------------------------------------------------------- structure


def test_seeding_order_for_sixteen_is_the_standard_one() -> None:
    order = seeding_order(16)
    matches = [tuple(sorted(order[i : i + 2])) for i in range(0, 16, 2)]
    assert matches == [(1, 16), (8, 9), (5, 12), (4, 13), (3, 14), (6, 11), (7, 10), (2, 15)]
    first_round = single_elimination(entrants(16)).matches[:8]
    assert [tuple(seed_of(1000 + s.ref) for s in m.sources) for m in first_round] == matches


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("count", SIZES)
def test_bracket_structure(kind: str, count: int) -> None:
    bracket = build(kind, count)
    size = 1 << (count - 1).bit_length()
    assert [m.id for m in bracket.matches] == list(range(1, len(bracket.matches) + 1))

    # Every entrant enters exactly once; the ones entering after round 1 are the top seeds.
    entries = [(s.ref, m) for m in bracket.matches for s in m.sources if s.kind is SourceKind.SEED]
    assert sorted(seed for seed, _ in entries) == list(range(1, count + 1))
    late = sorted(seed for seed, m in entries if m.round > 1)
    assert late == list(range(1, size - count + 1))
    assert all(m.section is Section.WINNERS for _, m in entries)

    # Sources come first, and winner_to / loser_to point back at the sources exactly.
    pointers: dict[tuple[SourceKind, int], Destination] = {}
    for m in bracket.matches:
        for slot, s in enumerate(m.sources):
            if s.kind is not SourceKind.SEED:
                assert s.ref < m.id
                assert (s.kind, s.ref) not in pointers
                pointers[(s.kind, s.ref)] = Destination(m.id, slot)
    for m in bracket.matches:
        assert m.winner_to == pointers.get((SourceKind.WINNER, m.id))
        assert m.loser_to == pointers.get((SourceKind.LOSER, m.id))

    # Match counts: one loss eliminates in single elimination, two in double.
    matches = Counter(m.section for m in bracket.matches)
    if kind.startswith("single"):
        assert matches[Section.WINNERS] == count - 1
        assert matches[Section.THIRD_PLACE] == int(kind == "single+3rd" and count >= 4)
        assert bracket.kind is BracketKind.SINGLE
    else:
        assert matches[Section.WINNERS] + matches[Section.LOSERS] == 2 * count - 3
        assert matches[Section.GRAND_FINAL] == (2 if kind == "double" else 1)
        assert bracket.kind is BracketKind.DOUBLE

    # Round numbers within a section run 1..n without gaps; slots 1..k within a round.
    for section in matches:
        rounds = sorted({m.round for m in bracket.matches if m.section is section})
        assert rounds == list(range(1, len(rounds) + 1))
        for r in rounds:
            slots = [m.slot for m in bracket.matches if m.section is section and m.round == r]
            assert slots == list(range(1, len(slots) + 1))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("count", SIZES)
def test_favourites_meet_as_seeded(kind: str, count: int) -> None:
    progress, played = play_out(build(kind, count), None)
    assert progress.complete
    assert progress.champion == 1001
    assert progress.placings[1001] == 1
    assert progress.placings[1002] == 2
    meetings = [frozenset((seed_of(w), seed_of(loser))) for _, w, loser in played]
    # Seeds 1 and 2 are in opposite halves: with the favourites winning they meet only in
    # the (grand) final, and seeds 1 v 4 and 2 v 3 in the semi-finals.
    assert meetings.count(frozenset((1, 2))) == (2 if kind.startswith("double") else 1)
    if count >= 4 and kind.startswith("single"):
        assert meetings[-3 - (kind == "single+3rd") :][:2] == [
            frozenset((1, 4)),
            frozenset((2, 3)),
        ]


def test_placings_of_eight_with_favourites_winning() -> None:
    expected_single = {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5, 7: 5, 8: 5}
    expected_third = {**expected_single, 4: 4}
    expected_double = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 5, 7: 7, 8: 7}
    for kind, expected in (
        ("single", expected_single),
        ("single+3rd", expected_third),
        ("double", expected_double),
    ):
        progress, _ = play_out(build(kind, 8), None)
        assert {seed_of(p): place for p, place in progress.placings.items()} == expected


# ---------------------------------------------------------------------------- random play


@settings(max_examples=examples(150), deadline=None)
@given(count=st.integers(2, 64), seed=st.integers(0, 2**32), kind=st.sampled_from(KINDS))
def test_random_results_finish_every_bracket(count: int, seed: int, kind: str) -> None:
    bracket = build(kind, count)
    progress, played = play_out(bracket, random.Random(seed))
    assert progress.complete
    assert sorted(progress.placings) == entrants(count)
    assert len(played) + len(progress.skipped) == len(bracket.matches)

    losses = Counter(loser for _, _, loser in played)
    champion = progress.champion
    assert champion is not None
    assert progress.placings[champion] == 1
    others = [p for p in entrants(count) if p != champion]
    if kind == "single":
        assert all(losses[p] == 1 for p in others)
        assert losses[champion] == 0
    elif kind == "double":
        assert all(losses[p] == 2 for p in others)
        assert losses[champion] <= 1
    elif kind == "double-no-reset":
        runner_up = next(p for p in others if progress.placings[p] == 2)
        assert all(losses[p] == 2 for p in others if p != runner_up)
        assert losses[runner_up] in (1, 2)

    # Shared places: k players on place p leave places p+1 .. p+k-1 empty.
    tally = Counter(progress.placings.values())
    place = 1
    for value in sorted(tally):
        assert value == place
        place += tally[value]

    if kind.startswith("single"):
        # Seeds 1 and 2 can only meet in the final (or both lose their semi-finals).
        last = {m.id for m in bracket.matches if m.winner_to is None}
        for match_id, winner, loser in played:
            if {seed_of(winner), seed_of(loser)} == {1, 2}:
                assert match_id in last


def test_losers_of_winners_round_two_drop_in_reverse_order() -> None:
    bracket = double_elimination(entrants(8))
    by_code = {m.code: m for m in bracket.matches}
    assert by_code["W2-1"].loser_to == Destination(by_code["L2-2"].id, 1)
    assert by_code["W2-2"].loser_to == Destination(by_code["L2-1"].id, 1)
    assert by_code["W3-1"].loser_to == Destination(by_code["L4-1"].id, 1)


def test_grand_final_reset_is_played_only_if_the_losers_bracket_champion_wins() -> None:
    bracket = double_elimination(entrants(2))
    assert [m.code for m in bracket.matches] == ["W1-1", "GF", "GF2"]
    won_by_favourite = bracket_progress(bracket, {1: 1001, 2: 1001})
    assert won_by_favourite.complete
    assert won_by_favourite.skipped == (3,)
    assert won_by_favourite.placings == {1001: 1, 1002: 2}
    reset = bracket_progress(bracket, {1: 1001, 2: 1002})
    assert reset.playable == (3,)
    assert not reset.complete
    assert reset.players[2] == (1002, 1001)
    done = bracket_progress(bracket, {1: 1001, 2: 1002, 3: 1002})
    assert done.placings == {1002: 1, 1001: 2}
    assert done.champion == 1002


def test_bad_results_are_rejected() -> None:
    bracket = single_elimination(entrants(4))
    with pytest.raises(PairingError) as caught:
        bracket_progress(bracket, {9: 1001})
    assert caught.value.code == "invalid_result"
    with pytest.raises(PairingError) as caught:
        bracket_progress(bracket, {1: 1002})  # 1002 plays in match 2, not 1
    assert caught.value.code == "invalid_result"
    with pytest.raises(PairingError) as caught:
        bracket_progress(bracket, {3: 1001})  # the final before the semi-finals
    assert caught.value.code == "invalid_result"
    double = double_elimination(entrants(2))
    with pytest.raises(PairingError) as caught:
        bracket_progress(double, {1: 1001, 2: 1001, 3: 1002})  # reset not needed
    assert caught.value.code == "invalid_result"


@pytest.mark.parametrize("players", [[], [7], [7, 7]])
def test_bad_entrant_lists(players: list[int]) -> None:
    with pytest.raises(PairingError) as caught:
        single_elimination(players)
    assert caught.value.code == "invalid_entrants"


# -------------------------------------------------------------------------------- top cut


def test_top_cut_seeds_the_bracket_from_the_standings() -> None:
    standings = [50, 40, 30, 20, 10, 60, 70]
    bracket = top_cut(standings, 4)
    assert bracket.entrants == (50, 40, 30, 20)
    progress = bracket_progress(bracket, {})
    assert progress.players[:2] == ((50, 20), (40, 30))
    with_third = top_cut(standings, 4, third_place=True)
    assert [m.code for m in with_third.matches] == ["W1-1", "W1-2", "3P", "W2-1"]


@pytest.mark.parametrize("size", [4, 8, 16])
def test_top_cut_sizes(size: int) -> None:
    bracket = top_cut(list(range(1, 41)), size)
    assert bracket.entrants == tuple(range(1, size + 1))
    assert len(bracket.matches) == size - 1


def test_top_cut_errors() -> None:
    with pytest.raises(PairingError) as caught:
        top_cut(list(range(1, 8)), 8)
    assert caught.value.code == "not_enough_players"
    with pytest.raises(PairingError) as caught:
        top_cut(list(range(1, 20)), 6)
    assert caught.value.code == "invalid_entrants"
    with pytest.raises(PairingError) as caught:
        top_cut([1, 2, 2, 3, 4], 4)
    assert caught.value.code == "invalid_entrants"
