"""三国盛衰記 is registered as a multi-player ranked-table game with a session limit."""

from __future__ import annotations

from games import TableKind, TimingKind, get_game, registered_games


def test_sangoku_is_a_ranked_table_game_registered_last() -> None:
    game = get_game("sangoku_seisuiki")
    assert game.table is TableKind.RANKED_TABLE
    assert game.players == (2, 11)
    assert game.timing.kind is TimingKind.SESSION
    assert game.timing.minutes == 240
    assert game.score is not None
    assert game.score.code == "victory_points"
    assert game.over_the_board_only
    assert registered_games()[-1] is game
