"""Players can make an account, log in and out without the admin site."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_sign_up_creates_the_account_logs_in_and_returns_to_next(client):
    response = client.post(
        reverse("core:signup"),
        {
            "username": "hanako",
            "email": "",
            "password1": "shogun-chip-42",
            "password2": "shogun-chip-42",
            "next": "/events/",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == "/events/"
    assert User.objects.filter(username="hanako").exists()
    assert client.get(reverse("core:home")).context["user"].username == "hanako"


def test_sign_up_with_mismatched_passwords_shows_the_error_and_saves_nothing(client):
    response = client.post(
        reverse("core:signup"),
        {"username": "hanako", "password1": "shogun-chip-42", "password2": "other-pass-42"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert response.context["form"].errors["password2"]
    assert not User.objects.filter(username="hanako").exists()


def test_sign_up_never_redirects_off_site(client):
    response = client.post(
        reverse("core:signup"),
        {
            "username": "taro",
            "password1": "shogun-chip-42",
            "password2": "shogun-chip-42",
            "next": "https://example.com/",
        },
    )
    assert response["Location"] == "/"


def test_non_staff_player_logs_in_on_the_site_login_page(client):
    User.objects.create_user("jiro", password="shogun-chip-42")
    response = client.post(
        reverse("core:login"),
        {"username": "jiro", "password": "shogun-chip-42", "next": "/events/"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/events/"


def test_wrong_password_is_a_form_error(client):
    User.objects.create_user("jiro", password="shogun-chip-42")
    response = client.post(reverse("core:login"), {"username": "jiro", "password": "nope"})
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()


@pytest.mark.parametrize(("language", "title"), [("ja", "ログイン"), ("en", "Log in")])
def test_login_page_speaks_both_languages(client, language, title):
    response = client.get(reverse("core:login"), HTTP_ACCEPT_LANGUAGE=language)
    assert f"<h1>{title}</h1>" in response.content.decode()


def test_header_offers_log_out_to_a_logged_in_user(client):
    user = User.objects.create_user("jiro", password="shogun-chip-42")
    client.force_login(user)
    page = client.get(reverse("core:home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert reverse("core:logout") in page
    response = client.post(reverse("core:logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
