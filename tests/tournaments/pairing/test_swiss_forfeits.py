"""Forfeited games in Swiss pairing (FIDE C.04.1): not a meeting, and no bye after a forfeit win.

A forfeited game was never played, so FIDE pairs the two players again; an event may choose the
stricter rule (``forfeit_counts_as_game``). A player who won a game by forfeit has had their
free point and does not get the pairing bye while someone else can take it (C.04.1 d).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.pairing.errors import PairingError
from tournaments.pairing.history import Absence, AbsenceKind, Bout, BoutResult, Entrant, History
from tournaments.pairing.swiss import pair_round, swiss_players


def _entrants(n: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(i, i) for i in range(1, n + 1))


@pytest.mark.parametrize(
    "result",
    [BoutResult.RED_WON_BY_FORFEIT, BoutResult.BLUE_WON_BY_FORFEIT, BoutResult.DOUBLE_FORFEIT],
)
def test_two_players_whose_game_was_forfeited_are_paired_again(result: BoutResult) -> None:
    history = History(_entrants(2), bouts=(Bout(1, 1, 2, result),))
    paired = pair_round(history, 2)
    assert [{b.red, b.blue} for b in paired.bouts] == [{1, 2}]


def test_the_stricter_rule_never_pairs_them_again() -> None:
    history = History(_entrants(2), bouts=(Bout(1, 1, 2, BoutResult.RED_WON_BY_FORFEIT),))
    with pytest.raises(PairingError) as raised:
        pair_round(history, 2, forfeit_counts_as_game=True)
    assert raised.value.code == "no_opponent_left"


def test_a_played_game_is_never_repeated_under_either_rule() -> None:
    history = History(_entrants(2), bouts=(Bout(1, 1, 2, BoutResult.RED_WON),))
    for strict in (False, True):
        with pytest.raises(PairingError):
            pair_round(history, 2, forfeit_counts_as_game=strict)


def test_a_forfeit_win_makes_a_player_ineligible_for_the_bye() -> None:
    # Round 1: 1 beats 2, 4 wins by forfeit against 3, 5 has the bye. Round 2: 1 beats 4,
    # 2 beats 5, 3 has the bye. In round 3 the players on 1 point rank 2, 3, 4, 5 (seed order);
    # 3 and 5 had the bye, so the lowest without one is 4 — who won by forfeit: the bye goes
    # to 2 instead.
    history = History(
        _entrants(5),
        bouts=(
            Bout(1, 1, 2, BoutResult.RED_WON),
            Bout(1, 3, 4, BoutResult.BLUE_WON_BY_FORFEIT),
            Bout(2, 1, 4, BoutResult.RED_WON),
            Bout(2, 2, 5, BoutResult.RED_WON),
        ),
        absences=(
            Absence(1, 5, AbsenceKind.PAIRING_BYE, Fraction(1)),
            Absence(2, 3, AbsenceKind.PAIRING_BYE, Fraction(1)),
        ),
    )
    players = {p.player: p for p in swiss_players(history, 3)}
    assert players[4].had_bye
    assert not players[2].had_bye
    assert pair_round(history, 3).bye == 2
