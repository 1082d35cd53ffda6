"""Log-in rate limiting: repeated wrong passwords pause that username from that address, on the
site's log-in page and the admin's alike, without locking the player out from elsewhere."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"


def _attempt(url: str, username: str, password: str, address: str) -> Any:
    client = Client()
    response = client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)
    return response, client


def _fail_until_the_limit(url: str, username: str, address: str) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response, _client = _attempt(url, username, "wrong-password", address)
        assert response.status_code in (200, 429)


def test_the_site_login_pauses_a_guesser(user: Any, password: str) -> None:
    _fail_until_the_limit(LOGIN, user.username, "203.0.113.7")
    response, client = _attempt(LOGIN, user.username, password, "203.0.113.7")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    # The player is not locked out from another address.
    elsewhere, other = _attempt(LOGIN, user.username, password, "198.51.100.2")
    assert elsewhere.status_code == 302
    assert other.session["_auth_user_id"] == str(user.pk)


def test_the_admin_login_pauses_a_guesser(organiser: Any, password: str) -> None:
    _fail_until_the_limit(ADMIN_LOGIN, organiser.username, "203.0.113.8")
    response, client = _attempt(ADMIN_LOGIN, organiser.username, password, "203.0.113.8")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_success_before_the_limit_resets_the_count(user: Any, password: str) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _attempt(LOGIN, user.username, "wrong-password", "203.0.113.9")
    ok, _client = _attempt(LOGIN, user.username, password, "203.0.113.9")
    assert ok.status_code == 302
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _attempt(LOGIN, user.username, "wrong-password", "203.0.113.9")
    again, _client = _attempt(LOGIN, user.username, password, "203.0.113.9")
    assert again.status_code == 302


def test_the_lockout_page_is_translated(user: Any) -> None:
    _fail_until_the_limit(LOGIN, user.username, "203.0.113.10")
    response = Client().post(
        LOGIN,
        {"username": user.username, "password": "x"},
        REMOTE_ADDR="203.0.113.10",
        headers={"accept-language": "en"},
    )
    assert response.status_code == 429
    assert "Too many log-in attempts" in response.content.decode()


def test_guesses_by_email_address_count_against_the_same_account(user: Any, password: str) -> None:
    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    address = "203.0.113.11"
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        # Alternating between the user name and the address gives no extra tries.
        typed = user.email.upper() if attempt % 2 else user.username
        response, _client = _attempt(LOGIN, typed, "wrong-password", address)
        assert response.status_code in (200, 429)
    for typed in (user.username, user.email):
        response, client = _attempt(LOGIN, typed, password, address)
        assert response.status_code == 429
        assert "_auth_user_id" not in client.session
    elsewhere, _client = _attempt(LOGIN, user.email, password, "198.51.100.3")
    assert elsewhere.status_code == 302
