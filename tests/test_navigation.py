"""The navigation never links to a page that does not exist."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from core.navigation import NAV_ITEMS, NavItem, available_links


def test_links_to_missing_pages_are_left_out() -> None:
    items = (
        NavItem(label="Admin", url_name="admin:index"),
        NavItem(label="Nowhere", url_name="nowhere:list"),
        NavItem(label="Home", url_name="core:home"),
    )
    assert [(link.label, link.url) for link in available_links(items)] == [
        ("Admin", "/admin/"),
        ("Home", "/"),
    ]


@pytest.mark.django_db
def test_home_page_links_resolve(client: Client) -> None:
    html = client.get("/", headers={"accept-language": "en"}).content.decode()
    for link in available_links(NAV_ITEMS):
        assert f'href="{link.url}"' in html
        assert client.get(link.url).status_code == 200
    with translation.override("en"):
        missing = [str(item.label) for item in NAV_ITEMS if not available_links((item,))]
    for label in missing:
        assert label not in html
