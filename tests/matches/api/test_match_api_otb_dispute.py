"""The JSON API of an over-the-board table whose flag fell against a pending report: what a
bot (or a second clock device) reads and what it is refused, until the other seat confirms."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from matches.models import Match
from matches.services.lifecycle import match_create
from matches.services.timeouts import match_adjudicate_timeout

pytestmark = pytest.mark.django_db


def _post(client: Client, match: Match, path: str, seat: str, body: Any) -> Any:
    return client.post(
        f"/api/matches/{match.pk}/otb/{path}/",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {getattr(match, f'{seat}_token')}",
    )


def test_a_held_table_over_the_api(client: Client, two_players: Any) -> None:
    red, blue = two_players
    table = match_create(
        red_player=red, blue_player=blue, kind="otb", time_control="1+0", start=True
    )
    for ply, seat in enumerate(("red", "blue")):  # Red presses both sides: Red's clock runs
        assert _post(client, table, "press", "red", {"seat": seat, "ply": ply}).status_code == 200
    report = {"winner": "red", "method": "general_captured"}
    view = _post(client, table, "report", "red", report).json()["view"]
    assert view["otb"]["reports"]["red"]["winner"] == "red"
    assert isinstance(view["otb"]["reports"]["red"]["at"], int)  # the server's receive time
    table.refresh_from_db()
    assert table.flag_deadline is not None
    match_adjudicate_timeout(match_id=table.pk, now=table.flag_deadline)

    view = client.get(f"/api/matches/{table.pk}/").json()
    assert (view["status"], view["result"], view["otb"]["disputed"]) == ("running", None, True)
    assert view["clock"]["flagged"] == "red"
    refused = _post(client, table, "press", "blue", {"seat": "red", "ply": 2})
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "result_disputed"

    view = _post(client, table, "confirm", "blue", {}).json()["view"]  # Blue agrees after all
    assert (view["status"], view["result"]["winner"], view["otb"]["disputed"]) == (
        "finished",
        "red",
        False,
    )


def test_an_arbiter_cannot_record_another_games_ending(
    client: Client, two_players: Any, django_user_model: Any
) -> None:
    """A 軍師軍略 table has no "flag captured" (軍棋's ending): the result API refuses it with
    ``invalid_result`` and the match keeps running; its own endings are accepted."""
    from matches.permissions import set_event_arbiter_check

    red, blue = two_players
    arbiter = django_user_model.objects.create_user(username="api-arbiter", password="x")
    table = match_create(
        red_player=red, blue_player=blue, kind="otb", time_control="1+0", start=True, event_id=5
    )
    registered = set_event_arbiter_check(
        lambda user, event_id: user.pk == arbiter.pk and event_id == 5
    )
    try:
        client.force_login(arbiter)
        url = f"/api/matches/{table.pk}/result/"
        refused = client.post(
            url, data={"winner": "red", "method": "flag"}, content_type="application/json"
        )
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == "invalid_result"
        table.refresh_from_db()
        assert table.status == Match.Status.RUNNING
        accepted = client.post(
            url,
            data={"winner": "red", "method": "general_captured", "reason": "seen"},
            content_type="application/json",
        )
        assert accepted.status_code == 200
        table.refresh_from_db()
        assert (table.winner, table.method) == ("red", "general_captured")
    finally:
        set_event_arbiter_check(registered)
