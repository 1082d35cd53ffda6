"""Password reset by mail, and the change of password and of e-mail address (a new address
replaces the old one only once it is verified)."""

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
NEW_PASSWORD = "new-shogun-pass-77"


@pytest.fixture
def player() -> User:
    user = User.objects.create_user("jiro", email="jiro@example.org", password=PASSWORD)
    EmailAddress.objects.create(user=user, email="jiro@example.org", verified=True, primary=True)
    return user


def logs_in(username: str, password: str) -> bool:
    client = Client()
    client.post(reverse("account_login"), {"username": username, "password": password})
    return "_auth_user_id" in client.session


def test_password_reset_mails_a_link_that_sets_a_new_password(
    client: Client, mailoutbox: list[Any], player: User
) -> None:
    response = client.post(reverse("account_reset_password"), {"email": "JIRO@example.org"})
    assert response.status_code == 302
    assert [message.to for message in mailoutbox] == [["jiro@example.org"]]
    link = link_in(mailoutbox[0])
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    set_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link
    done = client.post(set_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert done.status_code == 302
    assert logs_in("jiro", NEW_PASSWORD)
    assert not logs_in("jiro", PASSWORD)


def test_a_reset_link_works_once(client: Client, mailoutbox: list[Any], player: User) -> None:
    client.post(reverse("account_reset_password"), {"email": "jiro@example.org"})
    link = link_in(mailoutbox[0])
    set_url = client.get(link, follow=True).redirect_chain[-1][0]
    client.post(set_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    again = Client().get(link, follow=True)
    assert again.context["token_fail"]
    assert logs_in("jiro", NEW_PASSWORD)


def test_changing_the_password_needs_the_old_one(client: Client, player: User) -> None:
    client.force_login(player)
    refused = client.post(
        reverse("account_change_password"),
        {"oldpassword": "wrong", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert refused.status_code == 200
    client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert logs_in("jiro", NEW_PASSWORD)


def test_a_new_address_replaces_the_old_only_once_verified(
    client: Client, mailoutbox: list[Any], player: User
) -> None:
    client.force_login(player)
    response = client.post(
        reverse("account_email"), {"action_add": "", "email": "jiro.new@example.org"}
    )
    assert response.status_code == 302
    new = EmailAddress.objects.get(email="jiro.new@example.org")
    assert not new.verified
    old = EmailAddress.objects.get(email="jiro@example.org")
    assert old.primary
    assert old.verified
    assert [message.to for message in mailoutbox] == [["jiro.new@example.org"]]

    client.post(link_in(mailoutbox[0]))

    assert list(EmailAddress.objects.filter(user=player).values_list("email", "verified")) == [
        ("jiro.new@example.org", True)
    ]
    player.refresh_from_db()
    assert player.email == "jiro.new@example.org"
