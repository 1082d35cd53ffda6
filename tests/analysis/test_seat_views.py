"""The analysis reads each decision from its mover's view: the same views and history lines
the match protocol sent that seat during the game, never the record's secrets."""

from __future__ import annotations

from typing import Any

import pytest

from analysis.seat_views import mover_decisions, public_setup
from matches.errors import MatchError
from matches.selectors import match_rules

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("game", "plies"), [("gunshi", 40), ("junqi", 12)])
def test_each_decision_comes_with_its_movers_protocol_view(
    make_game: Any, game: str, plies: int
) -> None:
    match = make_game(game=game, plies=plies)
    decisions = list(mover_decisions(match))
    assert [d.ply for d in decisions] == list(range(1, match.ply + 1))
    rules = match_rules(match)
    for item in decisions:
        if item.view is None:  # 軍棋's simultaneous set-up: no single mover
            assert game == "junqi"
            continue
        assert item.view.seat == item.mover
        assert item.view.ply == item.ply - 1
        # The view the seat decided from offered the decision played (its own, in full).
        assert item.played in item.view.legal_actions or item.played.startswith("setup")
        assert "seed" not in item.view.setup["game_format"]
    # The opponent's secret decisions reach the seat masked, as they did during the game.
    from matches.selectors import match_record

    states = rules.replay(match_record(match=match))
    last = decisions[-1].view
    assert last is not None
    seat = last.seat
    secrets = 0
    for index, line in enumerate(last.history):
        played = decisions[index].played
        owner = decisions[index].mover
        if owner is None:  # a 軍棋 set-up names its side: "setup red …"
            owner = ("red", "blue").index(played.split()[1])
        if owner != seat and rules.is_secret(states[index], rules.parse_action(played)):
            secrets += 1
            assert line != played
        else:
            assert line == played
    assert secrets > 0


def test_the_public_setup_leaves_the_deal_seed_out(make_game: Any) -> None:
    match = make_game(plies=2)
    match.game_format = {"variant": "expansion", "expansion_option": 1, "seed": 99}
    assert "seed" not in public_setup(match)["game_format"]


def test_a_running_game_has_no_decisions_to_read(make_game: Any) -> None:
    match = make_game(plies=4, finished=False)
    with pytest.raises(MatchError):
        list(mover_decisions(match))
