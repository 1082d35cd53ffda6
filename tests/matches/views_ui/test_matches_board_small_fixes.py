"""Small fixes of the board's pages, as the server renders them.

A game that ended before its first decision (a forfeit, a resignation at once) has no stepper
on its record page (nothing to step through); the flash "You have joined…" is tagged so the
board takes it away once the game starts, while "the game has started" is not.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match
from matches.services.decisions import match_resign
from matches.views_start import START_PENDING_TAG
from tests.matches.helpers import play, random_action

pytestmark = pytest.mark.django_db


def record_page(client: Client, match: Match) -> str:
    response = client.get(
        reverse("matches:record_detail", args=[match.pk]), headers={"accept-language": "en"}
    )
    assert response.status_code == 200
    return response.content.decode()


def test_a_game_without_decisions_has_no_stepper(
    client: Client, make_match: Any, clock_at: Any
) -> None:
    match = make_match()
    match_resign(match_id=match.pk, seat="red", now=clock_at.now)
    html = record_page(client, match)
    assert 'class="stepper"' not in html
    assert "0 decisions" in html


def test_a_game_with_decisions_keeps_its_stepper(
    client: Client, make_match: Any, clock_at: Any
) -> None:
    match = make_match()
    match = play(match, *random_action(match, random.Random(2)), clock_at)
    match_resign(match_id=match.pk, seat="blue", now=clock_at.now)
    assert 'class="stepper"' in record_page(client, match)


def test_the_waiting_flash_is_tagged_and_the_started_one_is_not(
    client: Client, make_match: Any, two_players: Any, password: str
) -> None:
    red, blue = two_players
    match = make_match(start=False)
    board = reverse("matches:match_board", args=[match.pk])
    join = reverse("matches:match_join", args=[match.pk])

    client.login(username=red.username, password=password)
    page = client.post(join, follow=True, headers={"accept-language": "en"}).content.decode()
    assert (
        f'data-tags="{START_PENDING_TAG}">You have joined. The game starts when your opponent '
        "joins.</li>"
    ) in page
    # Shown once: the next visit of the board no longer carries it.
    assert START_PENDING_TAG not in client.get(board).content.decode()

    client.logout()
    client.login(username=blue.username, password=password)
    page = client.post(join, follow=True).content.decode()
    assert START_PENDING_TAG not in page
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
