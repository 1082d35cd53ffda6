"""Players can make an account, log in and out without the admin site (allauth's pages under
the site's URLs and names)."""

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.urls import reverse

from tests.accounts.conftest import link_in

pytestmark = pytest.mark.django_db

PASSWORD = "shogun-chip-42"


def sign_up(client, **changes):
    data = {
        "username": "hanako",
        "email": "hanako@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
    } | changes
    return client.post(reverse("core:signup"), data, HTTP_ACCEPT_LANGUAGE="en")


def test_old_and_allauth_names_reach_the_same_pages():
    assert reverse("core:login") == reverse("account_login") == "/accounts/login/"
    assert reverse("core:signup") == reverse("account_signup") == "/accounts/signup/"
    assert reverse("core:logout") == reverse("account_logout") == "/accounts/logout/"


def test_sign_up_creates_the_account_but_logs_in_only_after_verification(client, mailoutbox):
    response = sign_up(client, next="/events/")
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert User.objects.filter(username="hanako").exists()
    assert "_auth_user_id" not in client.session
    assert len(mailoutbox) == 1


def test_sign_up_needs_an_email_address(client):
    response = sign_up(client, email="")
    assert response.status_code == 200
    assert response.context["form"].errors["email"]
    assert not User.objects.filter(username="hanako").exists()


def test_sign_up_with_mismatched_passwords_shows_the_error_and_saves_nothing(client):
    response = sign_up(client, password2="other-pass-42")
    assert response.status_code == 200
    assert response.context["form"].errors["password2"]
    assert not User.objects.filter(username="hanako").exists()


def test_following_the_link_never_redirects_off_site(client, mailoutbox):
    sign_up(client, next="https://example.com/")
    link = link_in(mailoutbox[0])
    response = client.post(link)
    assert response.status_code == 302
    assert not response["Location"].startswith("https://example.com")


def test_non_staff_player_logs_in_on_the_site_login_page(client):
    User.objects.create_user("jiro", password=PASSWORD)
    response = client.post(
        reverse("core:login"), {"username": "jiro", "password": PASSWORD, "next": "/events/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/events/"


def test_a_player_logs_in_by_email_address_too(client):
    user = User.objects.create_user("jiro", email="jiro@example.org", password=PASSWORD)
    EmailAddress.objects.create(user=user, email="jiro@example.org", verified=True, primary=True)
    response = client.post(
        reverse("account_login"), {"username": "Jiro@Example.org", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_an_unverified_address_keeps_the_account_out_and_sends_the_link_again(client, mailoutbox):
    user = User.objects.create_user("jiro", email="jiro@example.org", password=PASSWORD)
    EmailAddress.objects.create(user=user, email="jiro@example.org", verified=False, primary=True)
    response = client.post(reverse("account_login"), {"username": "jiro", "password": PASSWORD})
    assert response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session
    assert [message.to for message in mailoutbox] == [["jiro@example.org"]]


def test_wrong_password_is_a_form_error(client):
    User.objects.create_user("jiro", password=PASSWORD)
    response = client.post(reverse("core:login"), {"username": "jiro", "password": "nope"})
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()


@pytest.mark.parametrize(("language", "title"), [("ja", "ログイン"), ("en", "Log in")])
def test_login_page_speaks_both_languages(client, language, title):
    response = client.get(reverse("core:login"), HTTP_ACCEPT_LANGUAGE=language)
    assert f"<h1>{title}</h1>" in response.content.decode()


@pytest.mark.parametrize(("language", "title"), [("ja", "新規登録"), ("en", "Sign up")])
def test_signup_page_speaks_both_languages(client, language, title):
    response = client.get(reverse("core:signup"), HTTP_ACCEPT_LANGUAGE=language)
    assert f"<h1>{title}</h1>" in response.content.decode()


def test_header_offers_log_out_and_settings_to_a_logged_in_user(client):
    user = User.objects.create_user("jiro", password=PASSWORD)
    client.force_login(user)
    page = client.get(reverse("core:home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert reverse("core:logout") in page
    assert reverse("core:account_settings") in page
    response = client.post(reverse("core:logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
