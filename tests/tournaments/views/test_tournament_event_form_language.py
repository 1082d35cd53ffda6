"""The event form and the standings in the visitor's language: the tie-break help and names on
the form, the drawing-of-lots column of the standings."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "expected", "absent"),
    [
        ("en", ["Codes separated by commas", "Drawing of lots", "Time control"], ["くじ", "抽選"]),
        ("ja", ["重要な順にコードをカンマ区切り", "抽選", "持ち時間"], ["Codes separated"]),
    ],
)
def test_the_event_form_speaks_the_visitors_language(
    client: Client, host: Any, language: str, expected: list[str], absent: list[str]
) -> None:
    client.force_login(host)
    response = client.get(
        reverse("tournaments:event_create"), headers={"accept-language": language}
    )
    html = response.content.decode()
    for text in expected:
        assert text in html
    for text in absent:
        assert text not in html
    assert 'value="BH-C1, BH, SB, DE, RND"' in html  # the default order, ready to edit


@pytest.mark.parametrize(("language", "column"), [("en", "Lot"), ("ja", "抽選")])
def test_the_drawing_of_lots_column_is_translated(
    client: Client, event: Event, language: str, column: str
) -> None:
    url = reverse("tournaments:standings", args=[event.slug])
    html = client.get(url, headers={"accept-language": language}).content.decode()
    assert f">{column}</abbr>" in html
