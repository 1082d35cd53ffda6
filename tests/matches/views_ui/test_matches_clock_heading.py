"""The over-the-board clock's heading names the game in the reader's language: "Gunshi
Gunryaku" in English, 軍師軍略 in Japanese (never the Japanese title on the English page)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "title"), [("en", "Gunshi Gunryaku"), ("ja", "軍師軍略")])
def test_the_clock_heading_names_the_game_in_the_page_language(
    client: Client, make_match: Any, language: str, title: str
) -> None:
    match = make_match(kind=Match.Kind.OTB)
    url = reverse("matches:match_clock", args=[match.pk])
    html = client.get(url, headers={"accept-language": language}).content.decode()
    heading = re.search(r'<span class="otb__game" id="otb-game">([^<]*)</span>', html)
    assert heading is not None
    assert heading.group(1) == title
