"""The JSON API of an over-the-board table whose flag fell against a pending report: what a
bot (or a second clock device) reads and what it is refused, until the other seat confirms."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from matches.models import Match
from matches.services import match_adjudicate_timeout, match_create

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
