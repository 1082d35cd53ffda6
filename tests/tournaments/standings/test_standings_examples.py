"""Tie-break values on small events worked out by hand (the same events as docs/tiebreaks.md).

Every expected number below was computed on paper from the cross-table written out above it;
the comments show the arithmetic, so a failure points at the rule that changed.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.pairing.history import Absence, AbsenceKind, Bout, Entrant, History
from tournaments.pairing.history import BoutResult as R
from tournaments.standings import (
    BLUE_WINS,
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    GAMES_WON,
    MEDIAN_BUCHHOLZ,
    OPPONENTS_MATCH_WIN,
    PROGRESSIVE,
    SONNEBORN_BERGER,
    WINS,
    Buchholz,
    Progressive,
    StandingRow,
    TieBreak,
    standings,
)

ALL_VALUES: tuple[TieBreak, ...] = (
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    MEDIAN_BUCHHOLZ,
    SONNEBORN_BERGER,
    WINS,
    GAMES_WON,
    BLUE_WINS,
    PROGRESSIVE,
    OPPONENTS_MATCH_WIN,
)


def by_player(rows: tuple[StandingRow, ...]) -> dict[int, StandingRow]:
    return {row.player: row for row in rows}


def column(rows: tuple[StandingRow, ...], t: int) -> dict[int, object]:
    return {row.player: row.tiebreaks[t] for row in rows}


# --------------------------------------------------------------------------------------------
# Event A: six players, three rounds, every bout played over the board.
#
#   round 1: A-D 1-0   B-E 0-1   C-F 1-0      (Red named first)
#   round 2: E-A 0-1   C-B 0-1   D-F 1-0
#   round 3: A-B 0-1   D-C 0-1   F-E 1-0
#
#          r1      r2      r3      score
#   A=1   +D red  +E blue -B red     2
#   B=2   -E red  +C blue +A blue    2
#   C=3   +F red  -B red  +D blue    2
#   D=4   -A blue +F red  -C red     1
#   E=5   +B blue -A red  -F blue    1
#   F=6   -C blue -D blue +E red     1
# --------------------------------------------------------------------------------------------
A, B, C, D, E, F_ = 1, 2, 3, 4, 5, 6

EVENT_A = History(
    entrants=tuple(Entrant(p, seed=p) for p in (A, B, C, D, E, F_)),
    bouts=(
        Bout(1, A, D, R.RED_WON),
        Bout(1, B, E, R.BLUE_WON),
        Bout(1, C, F_, R.RED_WON),
        Bout(2, E, A, R.BLUE_WON),
        Bout(2, C, B, R.BLUE_WON),
        Bout(2, D, F_, R.RED_WON),
        Bout(3, A, B, R.BLUE_WON),
        Bout(3, D, C, R.BLUE_WON),
        Bout(3, F_, E, R.RED_WON),
    ),
)


def test_event_a_values() -> None:
    rows = by_player(standings(EVENT_A, tiebreaks=ALL_VALUES))
    assert {p: r.points for p, r in rows.items()} == {A: 2, B: 2, C: 2, D: 1, E: 1, F_: 1}
    got = {tb.code: {p: r.tiebreaks[t] for p, r in rows.items()} for t, tb in enumerate(ALL_VALUES)}
    # Buchholz: A: D1+E1+B2=4  B: E1+C2+A2=5  C: F1+B2+D1=4  D: A2+F1+C2=5  E: B2+A2+F1=5
    # F: C2+D1+E1=4
    assert got["BH"] == {A: 4, B: 5, C: 4, D: 5, E: 5, F_: 4}
    # Cut-1 drops each player's lowest opponent score (1 for everyone here).
    assert got["BH-C1"] == {A: 3, B: 4, C: 3, D: 4, E: 4, F_: 3}
    # Median drops the lowest and the highest: A {1,1,2} -> 1, B {1,2,2} -> 2, ...
    assert got["BH-M1"] == {A: 1, B: 2, C: 1, D: 2, E: 2, F_: 1}
    # Sonneborn-Berger = scores of beaten opponents: A: D1+E1  B: C2+A2  C: F1+D1  D: F1
    # E: B2  F: E1
    assert got["SB"] == {A: 2, B: 4, C: 2, D: 1, E: 2, F_: 1}
    assert got["WIN"] == {A: 2, B: 2, C: 2, D: 1, E: 1, F_: 1}
    assert got["WON"] == got["WIN"]  # nothing unplayed
    # Wins as Blue: A r2; B r2, r3; C r3; E r1.
    assert got["BWG"] == {A: 1, B: 2, C: 1, D: 0, E: 1, F_: 0}
    # Progressive: A 1+2+2  B 0+1+2  C 1+1+2  D 0+1+1  E 1+1+1  F 0+0+1
    assert got["PS"] == {A: 5, B: 3, C: 4, D: 2, E: 3, F_: 1}
    # Match-win %: A, B, C 2/3; D, E, F 1/3 (exactly the floor).
    # OMW: A (D,E,B) = (1/3+1/3+2/3)/3 = 4/9; B (E,C,A) = (1/3+2/3+2/3)/3 = 5/9;
    # C (F,B,D) = 4/9; D (A,F,C) = 5/9; E (B,A,F) = 5/9; F (C,D,E) = 4/9.
    assert got["OMW"] == {
        A: Fraction(4, 9),
        B: Fraction(5, 9),
        C: Fraction(4, 9),
        D: Fraction(5, 9),
        E: Fraction(5, 9),
        F_: Fraction(4, 9),
    }


def test_event_a_rows_count_games_and_colours() -> None:
    rows = by_player(standings(EVENT_A))
    a, b, f = rows[A], rows[B], rows[F_]
    assert (a.played, a.wins, a.losses, a.red, a.blue) == (3, 2, 1, 2, 1)
    assert (b.played, b.wins, b.losses, b.red, b.blue) == (3, 2, 1, 1, 2)
    assert (f.played, f.wins, f.losses, f.red, f.blue) == (3, 1, 2, 1, 2)
    assert (a.forfeit_wins, a.forfeit_losses, a.byes, a.absent, a.pending) == (0, 0, 0, 0, 0)
    assert not any(r.withdrawn for r in rows.values())


def test_event_a_shared_ranks_when_tiebreaks_run_out() -> None:
    rows = standings(EVENT_A, tiebreaks=(BUCHHOLZ, SONNEBORN_BERGER))
    # 2 points: B (BH 5) above A and C (BH 4, SB 2 each: still tied, they share 2nd).
    # 1 point: D and E (BH 5) split by SB (E 2 > D 1), then F (BH 4).
    assert [(r.rank, r.player) for r in rows] == [(1, B), (2, A), (2, C), (4, E), (5, D), (6, F_)]


def test_standings_without_tiebreaks_rank_by_points_only() -> None:
    rows = standings(EVENT_A)
    assert [(r.rank, r.player) for r in rows] == [(1, A), (1, B), (1, C), (4, D), (4, E), (4, F_)]
    assert all(r.tiebreaks == () for r in rows)


# --------------------------------------------------------------------------------------------
# Event B: unplayed rounds of every kind (FIDE C.07 art. 16). Six players, four rounds.
#
#   round 1: P1 pairing bye (1)     P2-P5 1-0     P3-P4 0-1     P6 not yet entered (0)
#   round 2: P1-P5 P1 wins by forfeit   P4-P2 0-1   P6-P3 1-0
#            (P5 withdraws after round 2: nothing is recorded for rounds 3 and 4)
#   round 3: P2-P1 0-1   P4-P6 double forfeit   P3 pairing bye (1)
#   round 4: P4-P1 0-1   P3-P2 0-1   P6 requested bye (0)
#
#          r1          r2           r3          r4           score  adjusted (16.3)
#   P1    bye 1       +P5 forfeit  +P2 blue    +P4 blue       4      4
#   P2    +P5 red     +P4 blue     -P1 red     +P3 blue       3      3
#   P3    -P4 red     -P6 blue     bye 1       -P2 red        1      1
#   P4    +P3 blue    -P2 red      double ff   -P1 red        1      1
#   P5    -P2 blue    -P1 forfeit  (absent)    (absent)       0      0+0+1/2+1/2 = 1
#   P6    (late) 0    +P3 red      double ff   req. bye 0     1      0+1+0+1/2 = 3/2
#
# P5's and P6's last absences are requested byes followed only by voluntary unplayed rounds, so
# their opponents count them as draws (16.3.2, a "draw" being 1/2 here). P6's round-1 absence is
# followed by a played game: it counts as awarded (16.3.1).
# --------------------------------------------------------------------------------------------
P1, P2, P3, P4, P5, P6 = 1, 2, 3, 4, 5, 6

EVENT_B = History(
    entrants=(
        Entrant(P1, seed=1),
        Entrant(P2, seed=2),
        Entrant(P3, seed=3),
        Entrant(P4, seed=4),
        Entrant(P5, seed=5, active=False),
        Entrant(P6, seed=6),
    ),
    bouts=(
        Bout(1, P2, P5, R.RED_WON),
        Bout(1, P3, P4, R.BLUE_WON),
        Bout(2, P1, P5, R.RED_WON_BY_FORFEIT),
        Bout(2, P4, P2, R.BLUE_WON),
        Bout(2, P6, P3, R.RED_WON),
        Bout(3, P2, P1, R.BLUE_WON),
        Bout(3, P4, P6, R.DOUBLE_FORFEIT),
        Bout(4, P4, P1, R.BLUE_WON),
        Bout(4, P3, P2, R.BLUE_WON),
    ),
    absences=(
        Absence(1, P1, AbsenceKind.PAIRING_BYE, Fraction(1)),
        Absence(1, P6, AbsenceKind.NOT_PLAYING, Fraction(0)),
        Absence(3, P3, AbsenceKind.PAIRING_BYE, Fraction(1)),
        Absence(4, P6, AbsenceKind.NOT_PLAYING, Fraction(0)),
    ),
)


def test_event_b_points_and_counts() -> None:
    rows = by_player(standings(EVENT_B))
    assert {p: r.points for p, r in rows.items()} == {P1: 4, P2: 3, P3: 1, P4: 1, P5: 0, P6: 1}
    p1, p4, p5, p6 = rows[P1], rows[P4], rows[P5], rows[P6]
    assert (p1.played, p1.forfeit_wins, p1.byes, p1.red, p1.blue) == (2, 1, 1, 0, 2)
    assert (p4.played, p4.forfeit_losses, p4.red, p4.blue) == (3, 1, 2, 1)
    # The withdrawn player keeps their results and stays in the table, flagged.
    assert (p5.played, p5.forfeit_losses, p5.absent, p5.withdrawn) == (1, 1, 2, True)
    # The late entrant: one game, one double forfeit, absent before joining and in round 4.
    assert (p6.played, p6.wins, p6.forfeit_losses, p6.absent, p6.byes) == (1, 1, 1, 2, 0)


def test_event_b_buchholz_family() -> None:
    rows = standings(EVENT_B, tiebreaks=(BUCHHOLZ, BUCHHOLZ_CUT1, MEDIAN_BUCHHOLZ))
    # Elements (opponent's adjusted score, or the dummy's score for an unplayed round; a dummy
    # scores the player's own score, capped by 16.4.1 / 16.4.2; the bye cap is 1/2 x 4 = 2):
    #   P1: bye min(4, 2)=2 | forfeit win min(4, adj P5 1)=1 | P2 3 | P4 1          BH 7
    #       (under the uncapped 2024 text this would be 4 + 4 + 3 + 1 = 12)
    #   P2: P5 1 | P4 1 | P1 4 | P3 1                                               BH 7
    #   P3: P4 1 | P6 3/2 | bye min(1, 2)=1 | P2 3                                  BH 13/2
    #   P4: P3 1 | P2 3 | double forfeit min(1, adj P6 3/2)=1 (VUR) | P1 4          BH 9
    #   P5: P2 3 | forfeit loss min(0, 4)=0 (VUR) | absent 0 (VUR) | absent 0 (VUR) BH 3
    #   P6: late min(1, 2)=1 (VUR) | P3 1 | double ff min(1, 1)=1 (VUR) | req. bye 1 (VUR)
    #                                                                                BH 4
    assert column(rows, 0) == {P1: 7, P2: 7, P3: Fraction(13, 2), P4: 9, P5: 3, P6: 4}
    # Cut-1 removes a voluntary unplayed round first (16.5), else the lowest element:
    #   P1 7-1  P2 7-1  P3 13/2-1  P4 9-1 (the VUR)  P5 3-0  P6 4-1
    assert column(rows, 1) == {P1: 6, P2: 6, P3: Fraction(11, 2), P4: 8, P5: 3, P6: 3}
    # Median-1 then also removes the highest: P1 {2,1,3,1} remove 1, then 3 -> 2+1 = 3;
    #   P2 remove 1 and 4 -> 1+1 = 2;  P3 remove 1 and 3 -> 3/2+1 = 5/2;
    #   P4 remove the VUR 1, then 4 -> 1+3 = 4;  P5 remove a VUR 0, then 3 -> 0;
    #   P6 remove a VUR 1, then a 1 -> 2
    assert column(rows, 2) == {P1: 3, P2: 2, P3: Fraction(5, 2), P4: 4, P5: 0, P6: 2}


def test_event_b_other_tiebreaks() -> None:
    tbs = (SONNEBORN_BERGER, WINS, GAMES_WON, BLUE_WINS, PROGRESSIVE)
    rows = standings(EVENT_B, tiebreaks=tbs)
    # SB: each element times the points scored in that round:
    #   P1 2x1 + 1x1 + 3x1 + 1x1 = 7;  P2 P5 1 + P4 1 + P3 1 = 3;  P3 bye 1x1 = 1;
    #   P4 P3 1 = 1;  P5 0;  P6 P3 1 = 1
    assert column(rows, 0) == {P1: 7, P2: 3, P3: 1, P4: 1, P5: 0, P6: 1}
    # WIN counts rounds worth a win's points, played or not: P1 bye + forfeit + 2 wins.
    assert column(rows, 1) == {P1: 4, P2: 3, P3: 1, P4: 1, P5: 0, P6: 1}
    # WON counts wins over the board only.
    assert column(rows, 2) == {P1: 2, P2: 3, P3: 0, P4: 1, P5: 0, P6: 1}
    # Wins as Blue: P1 r3, r4; P2 r2, r4; P4 r1.
    assert column(rows, 3) == {P1: 2, P2: 2, P3: 0, P4: 1, P5: 0, P6: 0}
    # Progressive: P1 1+2+3+4  P2 1+2+2+3  P3 0+0+1+1  P4 1+1+1+1  P5 0  P6 0+1+1+1
    assert column(rows, 4) == {P1: 10, P2: 8, P3: 2, P4: 4, P5: 0, P6: 3}


def test_event_b_ranking() -> None:
    rows = standings(EVENT_B, tiebreaks=(BUCHHOLZ_CUT1, BUCHHOLZ))
    # 1 point: P4 (BH-C1 8) > P3 (11/2) > P6 (3).
    assert [(r.rank, r.player) for r in rows] == [
        (1, P1),
        (2, P2),
        (3, P4),
        (4, P3),
        (5, P6),
        (6, P5),
    ]


def test_event_b_after_round_two_matches_a_history_cut_at_round_two() -> None:
    cut = History(
        entrants=EVENT_B.entrants,
        bouts=tuple(b for b in EVENT_B.bouts if b.round_number <= 2),
        absences=tuple(a for a in EVENT_B.absences if a.round_number <= 2),
    )
    tbs = (*ALL_VALUES,)
    assert standings(EVENT_B, tiebreaks=tbs, after_round=2) == standings(cut, tiebreaks=tbs)
    rows = by_player(standings(EVENT_B, after_round=2))
    assert {p: r.points for p, r in rows.items()} == {P1: 2, P2: 2, P3: 0, P4: 1, P5: 0, P6: 1}


# --------------------------------------------------------------------------------------------
# Event C: the Cut-1 exception (16.5) and the bye cap (16.4.2). Four players, three rounds.
#
#   round 1: A-D 1-0   B-C 1-0
#   round 2: A requested bye (0)   B-D 1-0   C pairing bye (1)
#   round 3: A-B 1-0   C-D 1-0
#
#   A: +D, requested bye 0, +B = 2      B: +C, +D, -A = 2
#   C: -B, bye 1, +D = 2                D: 0
# A's requested bye is followed by a game, so opponents count it as awarded (0): adjusted
# scores equal the scores. A dummy scores min(own score, 1/2 x 3 rounds = 3/2).
# --------------------------------------------------------------------------------------------
EVENT_C = History(
    entrants=tuple(Entrant(p, seed=p) for p in (A, B, C, D)),
    bouts=(
        Bout(1, A, D, R.RED_WON),
        Bout(1, B, C, R.RED_WON),
        Bout(2, B, D, R.RED_WON),
        Bout(3, A, B, R.RED_WON),
        Bout(3, C, D, R.RED_WON),
    ),
    absences=(
        Absence(2, A, AbsenceKind.NOT_PLAYING, Fraction(0)),
        Absence(2, C, AbsenceKind.PAIRING_BYE, Fraction(1)),
    ),
)


def test_event_c_cut_removes_the_voluntary_unplayed_round_first() -> None:
    tbs = (BUCHHOLZ, BUCHHOLZ_CUT1, MEDIAN_BUCHHOLZ, SONNEBORN_BERGER)
    rows = standings(EVENT_C, tiebreaks=tbs)
    # A: D 0 | requested bye min(2, 3/2) = 3/2 (VUR) | B 2          BH 7/2
    #    Cut-1 removes the VUR's 3/2, not D's lower 0: 2.  Median: then B's 2 too: 0.
    # B: C 2 | D 0 | A 2 = 4; Cut-1 4; Median 2.
    # C: B 2 | pairing bye min(2, 3/2) = 3/2 (not voluntary) | D 0 = 7/2; Cut-1 7/2; Median 3/2.
    # D: A 2 | B 2 | C 2 = 6; Cut-1 4; Median 2.
    assert column(rows, 0) == {A: Fraction(7, 2), B: 4, C: Fraction(7, 2), D: 6}
    assert column(rows, 1) == {A: 2, B: 4, C: Fraction(7, 2), D: 4}
    assert column(rows, 2) == {A: 0, B: 2, C: Fraction(3, 2), D: 2}
    # SB: A beat D (0) and B (2) = 2, the bye scored 0 points; B beat C 2 and D 0 = 2;
    # C beat D 0, and the bye: 3/2 x 1 point = 3/2; D 0.
    assert column(rows, 3) == {A: 2, B: 2, C: Fraction(3, 2), D: 0}
    # Ranking by Cut-1: B 4 > C 7/2 > A 2.
    assert [r.player for r in rows] == [B, C, A, D]


def test_event_c_opponents_match_win() -> None:
    rows = standings(EVENT_C, tiebreaks=(OPPONENTS_MATCH_WIN,))
    # Match-win %: A 2 of 2 rounds taken part in (the requested bye is not) = 1;
    # B 2/3; C 2/3 (the pairing bye counts, as a win); D 0/3 -> floor 1/3.
    # OMW (byes are not opponents): A (D, B) (1/3 + 2/3)/2 = 1/2;
    # B (C, D, A) (2/3 + 1/3 + 1)/3 = 2/3;  C (B, D) (2/3 + 1/3)/2 = 1/2;
    # D (A, B, C) (1 + 2/3 + 2/3)/3 = 7/9.
    assert column(rows, 0) == {
        A: Fraction(1, 2),
        B: Fraction(2, 3),
        C: Fraction(1, 2),
        D: Fraction(7, 9),
    }


def test_a_player_who_met_nobody_has_zero_omw() -> None:
    history = History(
        entrants=(Entrant(1, seed=1), Entrant(2, seed=2)),
        absences=(
            Absence(1, 1, AbsenceKind.PAIRING_BYE, Fraction(1)),
            Absence(1, 2, AbsenceKind.NOT_PLAYING, Fraction(0)),
        ),
    )
    assert column(standings(history, tiebreaks=(OPPONENTS_MATCH_WIN,)), 0) == {1: 0, 2: 0}


@pytest.mark.parametrize(
    ("tb", "expected"),
    [
        # Event A, Cut-2 drops the two lowest opponent scores: A {1,1,2} -> 2 ...
        (Buchholz(cut_lowest=2), {A: 2, B: 2, C: 2, D: 2, E: 2, F_: 2}),
        # Progressive Cut-1 leaves out the score after round 1: A 2+2, B 1+2, ...
        (Progressive(cut_first=1), {A: 4, B: 3, C: 3, D: 2, E: 2, F_: 1}),
    ],
)
def test_other_cuts(tb: Buchholz | Progressive, expected: dict[int, int]) -> None:
    assert column(standings(EVENT_A, tiebreaks=(tb,)), 0) == expected
