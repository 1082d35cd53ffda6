"""Properties of standings over random events (Hypothesis)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sampling import examples
from tournaments.pairing.history import Absence, AbsenceKind, Bout, BoutResult, Entrant, History
from tournaments.standings import (
    BLUE_WINS,
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    DIRECT_ENCOUNTER,
    DRAWING_OF_LOTS,
    GAMES_WON,
    MEDIAN_BUCHHOLZ,
    OPPONENTS_MATCH_WIN,
    PROGRESSIVE,
    SONNEBORN_BERGER,
    WINS,
    DirectEncounter,
    ManualOrder,
    PointsScheme,
    TieBreak,
    standings,
)

FINISHED = [
    BoutResult.RED_WON,
    BoutResult.BLUE_WON,
    BoutResult.RED_WON_BY_FORFEIT,
    BoutResult.BLUE_WON_BY_FORFEIT,
    BoutResult.DOUBLE_FORFEIT,
]
HALVES = [Fraction(0), Fraction(1, 2), Fraction(1)]


@st.composite
def events(draw: st.DrawFn, *, complete: bool = False) -> History:
    """A random Swiss-like history.

    ``complete``: an even field, everyone paired every round, every bout played to a result
    (no byes, absences or forfeits). Otherwise anything goes: absences with 0, 1/2 or 1 point
    (or nothing recorded at all), pairing byes, forfeits, double forfeits, pending bouts in the
    last round, withdrawn entrants and rematches.
    """
    rng: random.Random = draw(st.randoms(use_true_random=False))
    size = draw(st.integers(1, 5)) * 2 if complete else draw(st.integers(1, 11))
    rounds = draw(st.integers(0, 6))
    players = rng.sample(range(1, 1000), size)
    seeds = rng.sample(range(1, size + 1), size)
    entrants = tuple(
        Entrant(p, seed=s, active=complete or rng.random() > 0.2)
        for p, s in zip(players, seeds, strict=True)
    )
    bouts: list[Bout] = []
    absences: list[Absence] = []
    for r in range(1, rounds + 1):
        present = [p for p in players if complete or rng.random() > 0.15]
        # Most absent players get a recorded absence; the others have nothing recorded for the
        # round at all (an implicit absence).
        absences.extend(
            Absence(r, p, AbsenceKind.NOT_PLAYING, rng.choice(HALVES))
            for p in players
            if p not in present and rng.random() < 0.7
        )
        rng.shuffle(present)
        if len(present) % 2:
            bye = present.pop()
            absences.append(Absence(r, bye, AbsenceKind.PAIRING_BYE, rng.choice(HALVES)))
        for k in range(0, len(present), 2):
            if complete:
                result = rng.choice(FINISHED[:2])
            elif r == rounds and rng.random() < 0.2:
                result = BoutResult.PENDING
            else:
                result = rng.choice(FINISHED[:2] * 4 + FINISHED[2:])
            bouts.append(Bout(r, present[k], present[k + 1], result))
    return History(entrants=entrants, bouts=tuple(bouts), absences=tuple(absences))


schemes = st.builds(
    PointsScheme,
    win=st.sampled_from([Fraction(1), Fraction(2), Fraction(3)]),
    loss=st.sampled_from([Fraction(0), Fraction(0), Fraction(1, 2)]),
    pairing_bye=st.sampled_from(HALVES),
    forfeit_win=st.sampled_from([Fraction(1), Fraction(3, 2), Fraction(3)]),
    forfeit_loss=st.sampled_from([Fraction(0), Fraction(1, 3)]),
    double_forfeit=st.sampled_from([Fraction(0), Fraction(1, 4)]),
)


def every_tiebreak(history: History) -> tuple[TieBreak, ...]:
    manual = ManualOrder(tuple(sorted(e.player for e in history.entrants))[::2])
    return (
        BUCHHOLZ_CUT1,
        DIRECT_ENCOUNTER,
        BUCHHOLZ,
        MEDIAN_BUCHHOLZ,
        SONNEBORN_BERGER,
        WINS,
        GAMES_WON,
        BLUE_WINS,
        PROGRESSIVE,
        OPPONENTS_MATCH_WIN,
        DirectEncounter(include_forfeits=True),
        manual,
    )


@given(events(), schemes)
def test_ranks_start_at_1_and_follow_competition_ranking(
    history: History, scheme: PointsScheme
) -> None:
    rows = standings(history, points=scheme, tiebreaks=every_tiebreak(history))
    ranks = [r.rank for r in rows]
    assert ranks == sorted(ranks)
    for position, rank in enumerate(ranks, start=1):
        # "1, 2, 2, 4": a rank is its position, or shared with the row above.
        assert rank == position or rank == ranks[position - 2]
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    assert len(rows) == len(history.entrants)


@given(events(), schemes)
def test_points_in_the_table_are_the_points_awarded(history: History, scheme: PointsScheme) -> None:
    awarded = sum(
        (scheme.points_of(b, b.red) + scheme.points_of(b, b.blue) for b in history.bouts),
        Fraction(0),
    ) + sum((a.points for a in history.absences), Fraction(0))
    assert sum((r.points for r in standings(history, points=scheme)), Fraction(0)) == awarded


@given(events(complete=True))
def test_buchholz_is_the_sum_of_the_opponents_scores(history: History) -> None:
    rows = standings(history, tiebreaks=(BUCHHOLZ,))
    score = {r.player: r.points for r in rows}
    for row in rows:
        opponents = [b.opponent_of(row.player) for b in history.bouts_of(row.player)]
        assert row.tiebreaks[0] == sum((score[o] for o in opponents), Fraction(0))


@given(events(complete=True))
def test_sonneborn_berger_is_the_sum_of_the_beaten_opponents_scores(history: History) -> None:
    rows = standings(history, tiebreaks=(SONNEBORN_BERGER,))
    score = {r.player: r.points for r in rows}
    for row in rows:
        beaten = [b.opponent_of(row.player) for b in history.bouts if b.winner == row.player]
        assert row.tiebreaks[0] == sum((score[o] for o in beaten), Fraction(0))


@given(events(), st.randoms(use_true_random=False))
@settings(max_examples=examples(60))
def test_standings_do_not_depend_on_input_order(history: History, rng: random.Random) -> None:
    tiebreaks = (*every_tiebreak(history), DRAWING_OF_LOTS)
    shuffled = History(
        entrants=tuple(rng.sample(history.entrants, len(history.entrants))),
        bouts=tuple(rng.sample(history.bouts, len(history.bouts))),
        absences=tuple(rng.sample(history.absences, len(history.absences))),
    )
    assert standings(shuffled, tiebreaks=tiebreaks, seed=11) == standings(
        history, tiebreaks=tiebreaks, seed=11
    )


@given(events(), st.integers(0, 2**32))
def test_drawing_of_lots_leaves_no_tie(history: History, seed: int) -> None:
    rows = standings(history, tiebreaks=(BUCHHOLZ, DRAWING_OF_LOTS), seed=seed)
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
    assert sorted(r.tiebreaks[1] for r in rows) == list(range(1, len(rows) + 1))  # type: ignore[type-var]


@given(events(), st.data())
@settings(max_examples=examples(60))
def test_after_round_is_the_history_cut_at_that_round(
    history: History, data: st.DataObject
) -> None:
    last = max(
        [b.round_number for b in history.bouts] + [a.round_number for a in history.absences] + [0]
    )
    k = data.draw(st.integers(0, last))
    cut = History(
        entrants=history.entrants,
        bouts=tuple(b for b in history.bouts if b.round_number <= k),
        absences=tuple(a for a in history.absences if a.round_number <= k),
    )
    tiebreaks = every_tiebreak(history)
    # The cut history may end before round k (nothing recorded after some round); counting
    # up to its own last round then differs only by rounds nobody played: compare like for like.
    cut_last = max(
        [b.round_number for b in cut.bouts] + [a.round_number for a in cut.absences] + [0]
    )
    if cut_last == k:
        assert standings(history, tiebreaks=tiebreaks, after_round=k) == standings(
            cut, tiebreaks=tiebreaks
        )


@given(events())
def test_direct_encounter_only_reorders_players_tied_before_it(history: History) -> None:
    before = standings(history, tiebreaks=(BUCHHOLZ,))
    after = standings(history, tiebreaks=(BUCHHOLZ, DIRECT_ENCOUNTER))
    group_of = {r.player: r.rank for r in before}
    # Every group tied after Buchholz occupies the same block of places afterwards.
    assert [group_of[r.player] for r in after] == [r.rank for r in before]
    assert all(r.rank >= group_of[r.player] for r in after)
