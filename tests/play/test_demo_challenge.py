"""On the demo (``manage.py load_demo``), a newcomer challenges the demo account by user name
from the Play page, and the demo account accepts a rated 軍師軍略 game from its own Play page."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from matches.models import Match
from play.models import Seek
from tournaments.demo import ONLINE_PLAYERS

pytestmark = pytest.mark.django_db


def test_the_demo_account_can_be_challenged_by_user_name(aoi: Any) -> None:
    call_command("load_demo", stdout=StringIO())
    _name, username, _rating = ONLINE_PLAYERS[0]
    newcomer = Client(HTTP_ACCEPT_LANGUAGE="en")
    newcomer.force_login(aoi)
    response = newcomer.post(
        reverse("play:home"),
        {
            "game": "gunshi",
            "variant": "basic",
            "time_preset": "20+0",
            "rated": "1",
            "colour": "random",
            "kind": "direct",
            "opponent": username,
        },
    )
    assert response.status_code == 303
    seek = Seek.objects.get(creator=aoi)
    assert seek.target.username == username

    demo = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert demo.login(username=username, password="demo-player")
    lists = demo.get(reverse("play:lists")).content.decode()
    assert "Challenges to you" in lists
    accepted = demo.post(reverse("play:challenge_accept", args=[seek.token]))
    match = Match.objects.get(pk=Seek.objects.get(pk=seek.pk).match_id)
    assert accepted["Location"] == reverse("matches:match_board", args=[match.pk])
    assert (match.game, match.rated, match.time_control) == ("gunshi", True, "20+0")
    demo_user = get_user_model().objects.get(username=username)
    assert {match.red_player, match.blue_player} == {aoi, demo_user}
