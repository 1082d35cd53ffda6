"""The notification pages: the header's bell, the list, opening and marking by POST, the
e-mail choice in the account settings. Only the recipient reaches a notification: another
account's is not found (404), a visitor is sent to log in."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from notifications.kinds import Kind
from notifications.models import EmailChoice, Notification
from notifications.services import notify

pytestmark = pytest.mark.django_db


def _client(user: Any, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def _notices(user: Any, n: int) -> list[Notification]:
    rows = []
    for i in range(n):
        row = notify(
            user,
            Kind.ROUND_PUBLISHED,
            params={"event": "Spring Open", "round": i + 1, "table": 2},
            url=f"/events/spring-open/me/?round={i + 1}",
        )
        assert row is not None
        rows.append(row)
    return rows


def test_the_header_bell_counts_the_unread_and_lists_the_newest(make_account: Any) -> None:
    kenji = make_account("kenji")
    _notices(kenji, 8)
    Notification.objects.filter(params__round=1).update(read_at="2026-01-01T00:00:00Z")
    html = _client(kenji).get("/").content.decode()
    assert 'data-unread="7"' in html
    assert '<span class="bell__count" data-bell-count aria-hidden="true">7</span>' in html
    assert "Spring Open: round 8 is published. You play at table 2." in html
    assert "round 2 is published" not in html  # the bell shows the newest six only
    assert "js/notifications.js" in html
    japanese = _client(kenji, "ja").get("/").content.decode()
    assert "Spring Open：第8回戦が発表されました。あなたは2番卓です。" in japanese


def test_a_visitor_has_no_bell(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'id="bell"' not in html
    assert "js/notifications.js" not in html


def test_the_list_is_paginated_newest_first(make_account: Any) -> None:
    kenji = make_account("kenji")
    _notices(kenji, 23)
    page_one = _client(kenji).get(reverse("notifications:list")).content.decode()
    assert page_one.count('class="notification-list__item') == 20
    assert page_one.index("round 23 is") < page_one.index("round 22 is")
    assert "23 unread notifications." in page_one
    assert "Page 1 of 2" in page_one
    page_two = _client(kenji).get(reverse("notifications:list"), {"page": 2}).content.decode()
    assert page_two.count('class="notification-list__item') == 3
    assert "round 1 is published" in page_two


def test_opening_marks_read_and_goes_to_the_page(make_account: Any) -> None:
    kenji = make_account("kenji")
    row = _notices(kenji, 1)[0]
    response = _client(kenji).post(reverse("notifications:open", args=[row.pk]))
    assert response.status_code == 302
    assert response["Location"] == "/events/spring-open/me/?round=1"
    row.refresh_from_db()
    assert row.read_at is not None


def test_another_accounts_notification_is_not_found(make_account: Any) -> None:
    kenji, lina = make_account("kenji"), make_account("lina")
    row = _notices(kenji, 1)[0]
    for name in ("notifications:open", "notifications:read"):
        assert _client(lina).post(reverse(name, args=[row.pk])).status_code == 404
    assert _client(lina).post(reverse("notifications:read", args=[10**8])).status_code == 404
    row.refresh_from_db()
    assert row.read_at is None


def test_a_visitor_is_sent_to_log_in(client: Client, make_account: Any) -> None:
    row = _notices(make_account("kenji"), 1)[0]
    for url in (
        reverse("notifications:list"),
        reverse("notifications:open", args=[row.pk]),
        reverse("notifications:read_all"),
    ):
        method = client.get if url == reverse("notifications:list") else client.post
        response = method(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("account_login"))
    assert client.get(reverse("notifications:bell")).status_code == 403
    row.refresh_from_db()
    assert row.read_at is None


def test_reading_needs_a_post(make_account: Any) -> None:
    kenji = make_account("kenji")
    row = _notices(kenji, 1)[0]
    assert _client(kenji).get(reverse("notifications:open", args=[row.pk])).status_code == 405
    assert _client(kenji).get(reverse("notifications:read_all")).status_code == 405
    row.refresh_from_db()
    assert row.read_at is None


def test_mark_one_and_mark_all_read(make_account: Any) -> None:
    kenji, lina = make_account("kenji"), make_account("lina")
    first, *_others = _notices(kenji, 3)
    _notices(lina, 2)
    client = _client(kenji)
    response = client.post(
        reverse("notifications:read", args=[first.pk]), {"next": "/notifications/?page=1"}
    )
    assert response["Location"] == "/notifications/?page=1"
    assert Notification.objects.filter(recipient=kenji, read_at__isnull=True).count() == 2
    response = client.post(reverse("notifications:read_all"), {"next": "https://evil.example/"})
    assert response["Location"] == reverse("notifications:list")  # never another site
    assert Notification.objects.filter(recipient=kenji, read_at__isnull=True).count() == 0
    assert Notification.objects.filter(recipient=lina, read_at__isnull=True).count() == 2


def test_the_bell_fragment_is_the_readers_own(make_account: Any) -> None:
    kenji, lina = make_account("kenji"), make_account("lina")
    _notices(kenji, 2)
    response = _client(lina).get(reverse("notifications:bell"), {"path": "/events/"})
    html = response.content.decode()
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("max-age=0")
    assert 'data-unread="0"' in html
    assert "No notifications yet." in html
    html = _client(kenji).get(reverse("notifications:bell"), {"path": "//evil"}).content.decode()
    assert 'data-unread="2"' in html
    assert 'name="next" value="/notifications/"' in html


def test_the_settings_page_offers_a_checkbox_per_kind(make_account: Any) -> None:
    kenji = make_account("kenji", email="kenji@example.org")
    html = _client(kenji).get(reverse("core:account_settings")).content.decode()
    assert 'id="notifications"' in html
    assert html.count('name="kinds"') == len(Kind.values)
    assert 'value="challenge_received" checked' in html.replace(' id="id_kinds_0"', "")
    assert "They go to kenji@example.org." in html
    unverified = make_account("lina", email="lina@example.org", verified=False)
    html = _client(unverified).get(reverse("core:account_settings")).content.decode()
    assert "E-mails go only to a verified address" in html


def test_saving_the_email_choice(make_account: Any) -> None:
    kenji = make_account("kenji")
    client = _client(kenji)
    response = client.post(
        reverse("notifications:email_choice"), {"kinds": ["round_published", "result_disputed"]}
    )
    assert response.status_code == 302
    assert response["Location"] == "/accounts/settings/#notifications"
    assert EmailChoice.objects.get(user=kenji).kinds == ["result_disputed", "round_published"]
    client.post(reverse("notifications:email_choice"), {})
    assert EmailChoice.objects.get(user=kenji).kinds == []  # everything off


def test_an_unknown_kind_is_refused_and_changes_nothing(make_account: Any) -> None:
    kenji = make_account("kenji")
    response = _client(kenji).post(
        reverse("notifications:email_choice"), {"kinds": ["round_published", "everything"]}
    )
    assert response.status_code == 400
    assert "Unknown kind of notification." in response.content.decode()
    assert EmailChoice.objects.count() == 0
