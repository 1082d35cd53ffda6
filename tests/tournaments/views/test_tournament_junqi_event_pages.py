"""Every page of an online 軍棋 event opens, for the organiser, a player and a visitor, both
while the game is in its secret set-up and once it has ended drawn: none of them assumes
軍師軍略 (its board, its notation, its exports), and none shows a set-up to anyone who may not
see it before the end."""

from __future__ import annotations

import io
import random
import zipfile
from typing import Any

import pytest
from django.db import connection
from django.test import Client, TestCase
from django.urls import reverse

import junqi
from tests.tournaments.services.test_junqi_event_flow import _event_with_a_table

pytestmark = pytest.mark.django_db

SETUPS = {
    seat: junqi.random_setup(junqi.Side(i), random.Random(7 + i)).text
    for i, seat in enumerate(("red", "blue"))
}


def _set_up(match: Any) -> Any:
    from matches.services.decisions import match_submit_action
    from matches.services.lifecycle import match_join

    for seat in ("red", "blue"):
        match = match_join(match_id=match.pk, seat=seat)
    for seat, setup in SETUPS.items():
        match = match_submit_action(
            match_id=match.pk,
            seat=seat,
            action_text=f"setup {seat} {setup}",
            expected_ply=match.ply,
        )
    return match


def _draw(match: Any) -> Any:
    from matches.services.decisions import match_submit_action

    with TestCase.captureOnCommitCallbacks(using=connection.alias, execute=True):
        for seat, text in (("red", "offer draw"), ("blue", "accept draw")):
            match = match_submit_action(
                match_id=match.pk, seat=seat, action_text=text, expected_ply=match.ply
            )
    return match


def _urls(pairing: Any) -> dict[str, list[str]]:
    event = pairing.round.event
    slug = event.slug
    match_id = pairing.match_id
    public = [
        reverse("tournaments:event_list"),
        reverse("tournaments:event_detail", args=[slug]),
        reverse("tournaments:standings", args=[slug]),
        reverse("tournaments:standings_fragment", args=[slug]),
        reverse("tournaments:round_detail", args=[slug, 1]),
        reverse("tournaments:round_fragment", args=[slug, 1]),
        reverse("tournaments:player_detail", args=[slug, pairing.red_id]),
        reverse("tournaments:export_standings_csv", args=[slug]),
        reverse("tournaments:export_standings_json", args=[slug]),
        reverse("matches:match_board", args=[match_id]),
    ]
    organiser = [
        reverse("tournaments:manage_event", args=[slug]),
        reverse("tournaments:manage_round", args=[slug, 1]),
        reverse("tournaments:print_tables", args=[slug, 1]),
        reverse("tournaments:print_slips", args=[slug, 1]),
        reverse("matches:arbiter_console", args=[match_id]),
        reverse("matches:arbiter_event_console", args=[event.pk]),
    ]
    player = [reverse("tournaments:player_home", args=[slug])]
    return {"public": public, "organiser": organiser, "player": player}


def _get_all(client: Client, urls: list[str]) -> str:
    pages = []
    for url in urls:
        response = client.get(url, headers={"accept-language": "ja"})
        assert response.status_code == 200, (url, response.status_code)
        pages.append(response.content.decode())
    return "\n".join(pages)


def test_every_page_of_a_junqi_event_opens_and_keeps_the_set_ups_secret() -> None:
    from matches.models import Match

    pairing = _event_with_a_table()
    match = _set_up(Match.objects.get(pk=pairing.match_id))
    urls = _urls(pairing)
    visitor, organiser, player = Client(), Client(), Client()
    organiser.force_login(pairing.round.event.organiser)
    player.force_login(pairing.red.user)

    during = (
        _get_all(visitor, urls["public"])
        + _get_all(organiser, urls["organiser"])
        + _get_all(player, urls["player"] + urls["public"])
    )
    for setup in SETUPS.values():
        assert setup not in during

    match = _draw(match)
    assert match.status == Match.Status.FINISHED
    urls["public"] += [
        reverse("matches:record_list"),
        reverse("matches:record_detail", args=[match.pk]),
    ]
    _get_all(visitor, urls["public"])
    _get_all(organiser, urls["organiser"])
    _get_all(player, urls["player"])
    archive = visitor.get(reverse("tournaments:export_games", args=[pairing.round.event.slug]))
    assert archive.status_code == 200
    with zipfile.ZipFile(io.BytesIO(archive.content)) as games:
        record = games.read("round-01/table-001-record.txt").decode()
    # The game's own record (RULES.md §10.6), both set-ups public now the game has ended.
    assert f'[SetupBlue "{SETUPS["blue"]}"]' in record
    assert f'[SetupRed "{SETUPS["red"]}"]' in record
