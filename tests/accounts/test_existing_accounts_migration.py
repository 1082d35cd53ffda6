"""Migration core.0002: accounts older than allauth keep working (a profile each; their e-mail
address, if any, recorded as verified and primary), and the demo organiser logs in at once."""

from __future__ import annotations

import importlib
from io import StringIO

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from core.demo import ORGANISER_EMAIL, ORGANISER_PASSWORD, ORGANISER_USERNAME
from core.models import PlayerProfile

pytestmark = pytest.mark.django_db

migration = importlib.import_module("core.migrations.0002_existing_accounts")


def make_old_accounts() -> tuple[User, User, User]:
    """Three accounts as they were before profiles and allauth's addresses."""
    with_email = User.objects.create_user("kenji", email="Kenji@Example.org", password="pw-12345x")
    without = User.objects.create_user("lina", password="pw-12345x")
    same_email = User.objects.create_user("kenji2", email="kenji@example.org")
    PlayerProfile.objects.all().delete()
    EmailAddress.objects.all().delete()
    return with_email, without, same_email


def test_each_account_gets_a_profile_and_its_address_verified() -> None:
    with_email, without, same_email = make_old_accounts()

    migration.carry_accounts_over(apps, None)

    for user in (with_email, without, same_email):
        profile = PlayerProfile.objects.get(user=user)
        assert profile.display_name == user.username
        assert profile.time_zone == "Asia/Tokyo"
    address = EmailAddress.objects.get(user=with_email)
    assert (address.email, address.verified, address.primary) == ("kenji@example.org", True, True)
    assert not EmailAddress.objects.filter(user__in=[without, same_email]).exists()


def test_running_it_twice_changes_nothing() -> None:
    make_old_accounts()
    migration.carry_accounts_over(apps, None)
    migration.carry_accounts_over(apps, None)
    assert PlayerProfile.objects.count() == 3
    assert EmailAddress.objects.count() == 1


def test_old_accounts_log_in_by_user_name_and_by_address() -> None:
    with_email, without, _same = make_old_accounts()
    migration.carry_accounts_over(apps, None)
    for typed, user in (
        ("kenji", with_email),
        ("kenji@example.org", with_email),
        ("lina", without),
    ):
        client = Client()
        client.post(reverse("account_login"), {"username": typed, "password": "pw-12345x"})
        assert client.session["_auth_user_id"] == str(user.pk), typed


def test_the_demo_organiser_has_a_verified_address_and_logs_in() -> None:
    call_command("load_demo", stdout=StringIO())
    address = EmailAddress.objects.get(user__username=ORGANISER_USERNAME)
    assert (address.email, address.verified, address.primary) == (ORGANISER_EMAIL, True, True)
    for typed in (ORGANISER_USERNAME, ORGANISER_EMAIL):
        client = Client()
        client.post(reverse("account_login"), {"username": typed, "password": ORGANISER_PASSWORD})
        assert "_auth_user_id" in client.session, typed
