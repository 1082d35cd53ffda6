"""Direct encounter (FIDE C.07 art. 6) on hand-built tied groups of two, three and four."""

from __future__ import annotations

from fractions import Fraction

from tournaments.pairing.history import Absence, AbsenceKind, Bout, Entrant, History
from tournaments.pairing.history import BoutResult as R
from tournaments.standings import (
    BUCHHOLZ,
    DIRECT_ENCOUNTER,
    DirectEncounter,
    ManualOrder,
    StandingRow,
    standings,
)

A, B, C, D, X, Y = 1, 2, 3, 4, 5, 6
BYE = AbsenceKind.PAIRING_BYE
AWAY = AbsenceKind.NOT_PLAYING


def entrants(*players: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(p, seed=p) for p in players)


def order(rows: tuple[StandingRow, ...]) -> list[tuple[int, int]]:
    return [(r.rank, r.player) for r in rows]


def de_places(rows: tuple[StandingRow, ...], t: int = 0) -> dict[int, object]:
    return {r.player: r.tiebreaks[t] for r in rows}


# Two tied players who met: A beat B; both finish on 1 point behind X.
#   round 1: A-B 1-0   X-Y 1-0
#   round 2: X-A 1-0   B-Y 1-0        -> X 2, A 1, B 1, Y 0
TWO_TIED = History(
    entrants=entrants(A, B, X, Y),
    bouts=(
        Bout(1, A, B, R.RED_WON),
        Bout(1, X, Y, R.RED_WON),
        Bout(2, X, A, R.RED_WON),
        Bout(2, B, Y, R.RED_WON),
    ),
)


def test_two_tied_players_who_met_are_ordered_by_their_game() -> None:
    rows = standings(TWO_TIED, tiebreaks=(DIRECT_ENCOUNTER, ManualOrder((B, A))))
    assert order(rows) == [(1, X), (2, A), (3, B), (4, Y)]
    assert de_places(rows) == {X: 1, A: 1, B: 2, Y: 1}


def test_direct_encounter_only_applies_where_it_is_listed() -> None:
    # The organiser's manual order comes first here, so it decides; DE never sees a tie.
    rows = standings(TWO_TIED, tiebreaks=(ManualOrder((B, A)), DIRECT_ENCOUNTER))
    assert order(rows) == [(1, X), (2, B), (3, A), (4, Y)]


# Three tied players, all met, in a line: A beat B and C, B beat C. Byes bring all to 2.
#   round 1: A-B 1-0, C pairing bye (1)      round 2: A-C 1-0, B pairing bye (1)
#   round 3: B-C 1-0, A requested bye (0)    round 4: C full-point bye (1), A and B absent (0)
#   -> A 2, B 2, C 2; among themselves A 2, B 1, C 0.
THREE_IN_A_LINE = History(
    entrants=entrants(A, B, C),
    bouts=(Bout(1, A, B, R.RED_WON), Bout(2, A, C, R.RED_WON), Bout(3, B, C, R.RED_WON)),
    absences=(
        Absence(1, C, BYE, Fraction(1)),
        Absence(2, B, BYE, Fraction(1)),
        Absence(3, A, AWAY, Fraction(0)),
        Absence(4, C, AWAY, Fraction(1)),
        Absence(4, A, AWAY, Fraction(0)),
        Absence(4, B, AWAY, Fraction(0)),
    ),
)


def test_three_tied_players_all_met() -> None:
    rows = standings(THREE_IN_A_LINE, tiebreaks=(DIRECT_ENCOUNTER,))
    assert [r.points for r in rows] == [2, 2, 2]
    assert order(rows) == [(1, A), (2, B), (3, C)]
    assert de_places(rows) == {A: 1, B: 2, C: 3}


# Three tied players in a cycle: A beat B, C beat A, B beat C; each had one pairing bye.
#   -> all on 2 points, 1 point each among themselves: direct encounter cannot separate them.
CYCLE = History(
    entrants=entrants(A, B, C),
    bouts=(Bout(1, A, B, R.RED_WON), Bout(2, C, A, R.RED_WON), Bout(3, B, C, R.RED_WON)),
    absences=(
        Absence(1, C, BYE, Fraction(1)),
        Absence(2, B, BYE, Fraction(1)),
        Absence(3, A, BYE, Fraction(1)),
    ),
)


def test_a_cycle_is_left_to_the_next_tiebreak() -> None:
    rows = standings(CYCLE, tiebreaks=(DIRECT_ENCOUNTER,))
    assert order(rows) == [(1, A), (1, B), (1, C)]  # shared: nothing else listed
    assert de_places(rows) == {A: 1, B: 1, C: 1}
    rows = standings(CYCLE, tiebreaks=(DIRECT_ENCOUNTER, ManualOrder((C, A, B))))
    assert order(rows) == [(1, C), (2, A), (3, B)]


# Four tied players, all met (rounds 1-3 are a round robin); article 6.2 re-applies to the
# sub-groups still tied after the first pass.
#   round 1: A-B 1-0  C-D 1-0     round 2: A-C 1-0  B-D 1-0     round 3: D-A 1-0  B-C 1-0
#   round 4: C and D full-point byes (1), A and B absent (0)      -> all on 2 points
#   Among the four: A 2 (B, C), B 2 (D, C), C 1 (D), D 1 (A): {A, B} above {C, D};
#   re-applied to {A, B}: A beat B; to {C, D}: C beat D.
FOUR_ALL_MET = History(
    entrants=entrants(A, B, C, D),
    bouts=(
        Bout(1, A, B, R.RED_WON),
        Bout(1, C, D, R.RED_WON),
        Bout(2, A, C, R.RED_WON),
        Bout(2, B, D, R.RED_WON),
        Bout(3, D, A, R.RED_WON),
        Bout(3, B, C, R.RED_WON),
    ),
    absences=(
        Absence(4, A, AWAY, Fraction(0)),
        Absence(4, B, AWAY, Fraction(0)),
        Absence(4, C, AWAY, Fraction(1)),
        Absence(4, D, AWAY, Fraction(1)),
    ),
)


def test_direct_encounter_is_reapplied_to_subgroups_still_tied() -> None:
    rows = standings(FOUR_ALL_MET, tiebreaks=(DIRECT_ENCOUNTER,))
    assert [r.points for r in rows] == [2, 2, 2, 2]
    assert order(rows) == [(1, A), (2, B), (3, C), (4, D)]
    assert de_places(rows) == {A: 1, B: 2, C: 3, D: 4}


# Not all tied players met (art. 6.3). Event A of test_standings_examples:
#   A 2 (+D +E -B), B 2 (-E +C +A), C 2 (+F -B +D); D 1, E 1, F 1.
#   {A, B, C}: B beat A and C; A and C never met. B has 2 and no missing game; A and C have 0
#   and one missing game each, so at best 1: B is first whatever happens. {A, C} is then
#   re-examined on its own: they never met, nobody is certain, and the tie stays.
#   {D, E, F}: D beat F, F beat E, D and E never met: D has 1 and can reach 2, F has 1 and
#   nothing missing; D's worst (1) does not beat F's best (1): nobody is certain.
EVENT_A = History(
    entrants=tuple(Entrant(p, seed=p) for p in range(1, 7)),
    bouts=(
        Bout(1, 1, 4, R.RED_WON),
        Bout(1, 2, 5, R.BLUE_WON),
        Bout(1, 3, 6, R.RED_WON),
        Bout(2, 5, 1, R.BLUE_WON),
        Bout(2, 3, 2, R.BLUE_WON),
        Bout(2, 4, 6, R.RED_WON),
        Bout(3, 1, 2, R.BLUE_WON),
        Bout(3, 4, 3, R.BLUE_WON),
        Bout(3, 6, 5, R.RED_WON),
    ),
)


def test_a_player_certain_to_top_the_mini_table_is_ranked_first() -> None:
    rows = standings(EVENT_A, tiebreaks=(DIRECT_ENCOUNTER, BUCHHOLZ))
    # Then Buchholz: A 4 = C 4 (shared); D 5 = E 5 (shared) above F 4.
    assert order(rows) == [(1, 2), (2, 1), (2, 3), (4, 4), (4, 5), (6, 6)]
    assert de_places(rows) == {2: 1, 1: 2, 3: 2, 4: 1, 5: 1, 6: 1}


# Two players who met three times, A winning twice (art. 6.1.2: the average counts).
#   rounds 1-3: A-B 1-0, B-A 1-0, A-B 1-0; round 4: B full-point bye (1), A absent (0)
#   -> A 2, B 2; averages A 2/3, B 1/3.
def test_repeated_encounters_count_their_average() -> None:
    history = History(
        entrants=entrants(A, B),
        bouts=(Bout(1, A, B, R.RED_WON), Bout(2, B, A, R.RED_WON), Bout(3, A, B, R.RED_WON)),
        absences=(Absence(4, B, AWAY, Fraction(1)), Absence(4, A, AWAY, Fraction(0))),
    )
    rows = standings(history, tiebreaks=(DIRECT_ENCOUNTER,))
    assert order(rows) == [(1, A), (2, B)]
    # One win each: averages 1/2 and 1/2, no decision.
    even = History(
        entrants=entrants(A, B),
        bouts=(Bout(1, A, B, R.RED_WON), Bout(2, B, A, R.RED_WON)),
    )
    assert order(standings(even, tiebreaks=(DIRECT_ENCOUNTER,))) == [(1, A), (1, B)]


# A beat B by forfeit (B did not come), then B got a full-point bye: both on 1.
FORFEIT_ONLY = History(
    entrants=entrants(A, B),
    bouts=(Bout(1, A, B, R.RED_WON_BY_FORFEIT),),
    absences=(Absence(2, B, AWAY, Fraction(1)), Absence(2, A, AWAY, Fraction(0))),
)


def test_forfeits_are_not_encounters_unless_the_event_says_so() -> None:
    assert order(standings(FORFEIT_ONLY, tiebreaks=(DIRECT_ENCOUNTER,))) == [(1, A), (1, B)]
    with_forfeits = DirectEncounter(include_forfeits=True)
    assert with_forfeits.code == "DE-F"
    assert order(standings(FORFEIT_ONLY, tiebreaks=(with_forfeits,))) == [(1, A), (2, B)]


def test_pending_bouts_are_missing_games() -> None:
    # A and B both won round 1; their round-2 bout is paired but has no result yet. It gives
    # no points and is no encounter: the tie stays. Once A wins it, A is ahead on points.
    played = (Bout(1, A, X, R.RED_WON), Bout(1, B, Y, R.RED_WON), Bout(2, X, Y, R.RED_WON))
    history = History(entrants=entrants(A, B, X, Y), bouts=(*played, Bout(2, A, B)))
    rows = standings(history, tiebreaks=(DIRECT_ENCOUNTER,))
    assert [(r.rank, r.player, r.points, r.pending) for r in rows][:2] == [
        (1, A, 1, 1),
        (1, B, 1, 1),
    ]
    finished = History(entrants=history.entrants, bouts=(*played, Bout(2, A, B, R.RED_WON)))
    assert order(standings(finished, tiebreaks=(DIRECT_ENCOUNTER,)))[:2] == [(1, A), (2, B)]
