"""Sign-up: the address is recorded unverified, the verification mail's link verifies it and
logs the new player in; the display name is asked for and checked like an entry's name."""

from __future__ import annotations

from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.accounts.conftest import link_in

pytestmark = pytest.mark.django_db

PASSWORD = "shogun-chip-42"


def sign_up(client: Client, **changes: str) -> Any:
    data = {
        "username": "hanako",
        "email": "hanako@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
    } | changes
    return client.post(reverse("account_signup"), data, HTTP_ACCEPT_LANGUAGE="en")


def test_sign_up_records_an_unverified_address_and_sends_the_link(
    client: Client, mailoutbox: list[Any]
) -> None:
    sign_up(client)
    address = EmailAddress.objects.get(email="hanako@example.org")
    assert address.user.username == "hanako"
    assert address.primary
    assert not address.verified
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["hanako@example.org"]
    assert "/accounts/confirm-email/" in link_in(mailoutbox[0])


def test_following_the_link_verifies_the_address_and_logs_in(
    client: Client, mailoutbox: list[Any]
) -> None:
    sign_up(client)
    link = link_in(mailoutbox[0])
    page = client.get(link, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert "hanako@example.org" in page.content.decode()
    response = client.post(link)
    assert response.status_code == 302
    assert EmailAddress.objects.get(email="hanako@example.org").verified
    assert client.session["_auth_user_id"] == str(User.objects.get(username="hanako").pk)


def test_a_forged_link_verifies_nothing(client: Client, mailoutbox: list[Any]) -> None:
    sign_up(client)
    link = link_in(mailoutbox[0])
    client.post(link[:-3] + "xyz/")
    assert not EmailAddress.objects.get(email="hanako@example.org").verified
    assert "_auth_user_id" not in client.session


def test_the_display_name_given_at_sign_up_names_the_player(client: Client) -> None:
    sign_up(client, display_name="  山田 花子 ")
    assert User.objects.get(username="hanako").profile.display_name == "山田 花子"


def test_without_a_display_name_the_user_name_is_used(client: Client) -> None:
    sign_up(client)
    profile = User.objects.get(username="hanako").profile
    assert profile.display_name == "hanako"
    assert profile.language == ""
    assert profile.time_zone == "Asia/Tokyo"


@pytest.mark.parametrize("bad", ["Hana\u202eko", "Hana\nko", "x" * 101])
def test_an_unsafe_or_long_display_name_is_a_form_error(client: Client, bad: str) -> None:
    response = sign_up(client, display_name=bad)
    assert response.status_code == 200
    assert response.context["form"].errors["display_name"]
    assert not User.objects.filter(username="hanako").exists()


def test_an_address_in_use_makes_no_second_account_and_tells_its_owner(
    client: Client, mailoutbox: list[Any]
) -> None:
    """The page answers as for any sign-up (it does not reveal who has an account here); the
    mail goes to the address's owner."""
    owner = User.objects.create_user("taro", email="hanako@example.org")
    EmailAddress.objects.create(user=owner, email="hanako@example.org", verified=True, primary=True)
    response = sign_up(client)
    assert response["Location"] == reverse("account_email_verification_sent")
    assert not User.objects.filter(username="hanako").exists()
    assert [message.to for message in mailoutbox] == [["hanako@example.org"]]
    assert "/accounts/confirm-email/" not in mailoutbox[0].body
