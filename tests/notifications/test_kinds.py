"""``notifications.kinds``: the sentence of each kind is built when read, in the reader's
language, from the stored names and numbers only."""

from __future__ import annotations

import pytest
from django.utils import translation

from notifications.kinds import Kind, check_params, message, title


@pytest.mark.parametrize(
    ("kind", "params", "english", "japanese"),
    [
        (
            Kind.CHALLENGE_RECEIVED,
            {"challenger": "Lina"},
            "Lina challenged you to a game.",
            "Linaさんから対局の申し込みがありました。",
        ),
        (
            Kind.GAME_STARTED,
            {"opponent": "Lina"},
            "Your game against Lina has started.",
            "Linaさんとの対局が始まりました。",
        ),
        (
            Kind.ROUND_PUBLISHED,
            {"event": "Cup", "round": 2, "table": 4},
            "Cup: round 2 is published. You play at table 4.",
            "Cup：第2回戦が発表されました。あなたは4番卓です。",
        ),
        (
            Kind.ROUND_PUBLISHED,
            {"event": "Cup", "round": 2, "bye": True},
            "Cup: round 2 is published. You have the bye.",
            "Cup：第2回戦が発表されました。あなたは不戦勝（バイ）です。",
        ),
        (
            Kind.RESULT_CONFIRMED,
            {"event": "Cup", "round": 1},
            "Cup, round 1: the result of your game is confirmed.",
            "Cup 第1回戦：あなたの対局の結果が確定しました。",
        ),
        (
            Kind.RESULT_DISPUTED,
            {"event": "Cup", "round": 1},
            "Cup, round 1: the result of your game is disputed. An arbiter will decide.",
            "Cup 第1回戦：あなたの対局の結果に異議が出ました。審判が判定します。",
        ),
        (
            Kind.RESULT_CORRECTED,
            {"opponent": "Lina"},
            "An arbiter corrected the result of your game against Lina.",
            "Linaさんとの対局の結果を審判が訂正しました。",
        ),
    ],
)
def test_each_kind_reads_in_the_readers_language(
    kind: str, params: dict[str, object], english: str, japanese: str
) -> None:
    with translation.override("en"):
        assert message(kind, params) == english
    with translation.override("ja"):
        assert message(kind, params) == japanese


def test_titles_and_a_missing_parameter() -> None:
    with translation.override("en"):
        assert title(Kind.RESULT_DISPUTED) == "Result disputed"
        assert title("gone_kind") == "Notification"
        # A row stored without the opponent still reads as a sentence.
        assert message(Kind.GAME_STARTED, {}) == "Your game against your opponent has started."


def test_check_params_keeps_the_allowed_shapes() -> None:
    params = {"event": "Cup", "round": 3, "table": 1, "bye": False, "opponent": "Lina"}
    assert check_params(params) == params
    with pytest.raises(ValueError, match="whole number"):
        check_params({"round": True})
