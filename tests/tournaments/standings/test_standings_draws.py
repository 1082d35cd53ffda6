"""Drawn games (games with draws: 軍棋, Strategem, 盤上遊姫) in the standings and in Swiss
pairing history: a draw is worth half-way between a win and a loss, is a played game (no
rematch, colours count), and is never a win."""

from __future__ import annotations

from fractions import Fraction

from tournaments.pairing.history import Bout, Colour, Entrant, History
from tournaments.pairing.history import BoutResult as R
from tournaments.standings import (
    BUCHHOLZ,
    DIRECT_ENCOUNTER,
    GAMES_WON,
    PROGRESSIVE,
    SONNEBORN_BERGER,
    WINS,
    PointsScheme,
    StandingRow,
    standings,
)

HALF = Fraction(1, 2)

# Round 1: 1 draws 2, 3 beats 4. Round 2: 1 beats 3, 2 draws 4.
# Scores: 1 → 1½, 2 → 1, 3 → 1, 4 → ½.
DRAWN = History(
    entrants=tuple(Entrant(p, seed=p) for p in (1, 2, 3, 4)),
    bouts=(
        Bout(1, 1, 2, R.DRAW),
        Bout(1, 3, 4, R.RED_WON),
        Bout(2, 1, 3, R.RED_WON),
        Bout(2, 4, 2, R.DRAW),
    ),
)

TIEBREAKS = (BUCHHOLZ, SONNEBORN_BERGER, WINS, GAMES_WON, PROGRESSIVE)


def _rows() -> dict[int, StandingRow]:
    return {row.player: row for row in standings(DRAWN, tiebreaks=TIEBREAKS)}


def test_a_draw_scores_half_a_win_for_both() -> None:
    rows = _rows()
    assert {p: r.points for p, r in rows.items()} == {1: 1 + HALF, 2: 1, 3: 1, 4: HALF}


def test_a_draw_is_a_played_game_but_neither_a_win_nor_a_loss() -> None:
    rows = _rows()
    two = rows[2]
    assert (two.played, two.wins, two.draws, two.losses) == (2, 0, 2, 0)
    one = rows[1]
    assert (one.played, one.wins, one.draws, one.losses) == (2, 1, 1, 0)
    assert (two.red, two.blue) == (0, 2)  # seats of drawn games count as played colours


def test_buchholz_sums_the_opponents_scores_with_draws() -> None:
    rows = _rows()
    # 1: 2 (1) + 3 (1); 2: 1 (1½) + 4 (½); 3: 4 (½) + 1 (1½); 4: 3 (1) + 2 (1).
    assert {p: r.tiebreaks[0] for p, r in rows.items()} == {1: 2, 2: 2, 3: 2, 4: 2}


def test_sonneborn_berger_counts_half_a_drawn_opponents_score() -> None:
    rows = _rows()
    # 1: ½·1 (drew 2) + 1 (beat 3); 2: ½·1½ + ½·½; 3: ½ (beat 4); 4: ½·1 (drew 2).
    assert {p: r.tiebreaks[1] for p, r in rows.items()} == {
        1: 1 + HALF,
        2: 1,
        3: HALF,
        4: HALF,
    }


def test_the_number_of_wins_does_not_count_a_draw() -> None:
    rows = _rows()
    assert {p: r.tiebreaks[2] for p, r in rows.items()} == {1: 1, 2: 0, 3: 1, 4: 0}
    assert {p: r.tiebreaks[3] for p, r in rows.items()} == {1: 1, 2: 0, 3: 1, 4: 0}


def test_progressive_adds_the_running_score_with_half_points() -> None:
    rows = _rows()
    # Running scores: 1: ½, 1½; 2: ½, 1; 3: 1, 1; 4: 0, ½.
    assert {p: r.tiebreaks[4] for p, r in rows.items()} == {1: 2, 2: 1 + HALF, 3: 2, 4: HALF}


def test_a_draw_under_another_points_scheme_is_half_way() -> None:
    scheme = PointsScheme(win=Fraction(3), loss=Fraction(0))
    rows = {r.player: r for r in standings(DRAWN, points=scheme)}
    assert rows[2].points == 3  # two draws at 1½ each
    assert rows[1].points == 3 + Fraction(3, 2)


def test_direct_encounter_of_a_drawn_game_leaves_the_tie() -> None:
    # 1 and 2 drew each other and both beat 3 and 4: still tied after direct encounter.
    history = History(
        entrants=tuple(Entrant(p, seed=p) for p in (1, 2, 3, 4)),
        bouts=(
            Bout(1, 1, 2, R.DRAW),
            Bout(1, 3, 4, R.DRAW),
            Bout(2, 1, 3, R.RED_WON),
            Bout(2, 2, 4, R.RED_WON),
        ),
    )
    rows = {r.player: r for r in standings(history, tiebreaks=(DIRECT_ENCOUNTER,))}
    assert rows[1].points == rows[2].points == 1 + HALF
    assert rows[1].tiebreaks == rows[2].tiebreaks
    assert rows[1].rank == rows[2].rank


def test_swiss_history_treats_a_draw_as_played() -> None:
    assert DRAWN.have_met(1, 2)
    assert DRAWN.have_met(2, 1, forfeits_count=False)
    assert DRAWN.colours_of(2) == (Colour.BLUE, Colour.BLUE)
