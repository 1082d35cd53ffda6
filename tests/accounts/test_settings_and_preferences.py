"""The account settings page, and the language and time zone it sets taking effect on the
next page (the middleware, ``core.accounts.preferences``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone, translation

from core.accounts.preferences import SESSION_KEY, PlayerPreferencesMiddleware
from core.models import PlayerProfile

pytestmark = pytest.mark.django_db

SETTINGS = {
    "display_name": "Jiro Sato",
    "language": "",
    "time_zone": "Asia/Tokyo",
    "hidden_from_search": "",
}


@pytest.fixture
def player(client: Client) -> User:
    user = User.objects.create_user("jiro", password="shogun-chip-42")
    client.force_login(user)
    return user


def save(client: Client, **changes: str) -> Any:
    return client.post(
        reverse("core:account_settings"), SETTINGS | changes, HTTP_ACCEPT_LANGUAGE="en"
    )


def test_every_account_has_a_profile_named_after_it() -> None:
    user = User.objects.create_user("saburo")
    assert user.profile.display_name == "saburo"
    assert user.profile.time_zone == "Asia/Tokyo"
    assert not user.profile.hidden_from_search


def test_the_settings_page_needs_a_log_in(client: Client) -> None:
    response = client.get(reverse("core:account_settings"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_the_settings_are_saved(client: Client, player: User) -> None:
    response = save(
        client,
        display_name="  佐藤 次郎 ",
        language="en",
        time_zone="Europe/Paris",
        hidden_from_search="on",
    )
    assert response.status_code == 302
    profile = PlayerProfile.objects.get(user=player)
    assert (profile.display_name, profile.language, profile.time_zone) == (
        "佐藤 次郎",
        "en",
        "Europe/Paris",
    )
    assert profile.hidden_from_search
    page = client.get(reverse("core:home")).content.decode()
    assert "佐藤 次郎" in page  # the header names the player by their display name


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"display_name": "Ji\u202ero"}, "display_name"),
        ({"display_name": " "}, "display_name"),
        ({"display_name": "x" * 101}, "display_name"),
        ({"time_zone": "Mars/Olympus_Mons"}, "time_zone"),
        ({"language": "fr"}, "language"),
    ],
)
def test_invalid_settings_are_form_errors(
    client: Client, player: User, changes: dict[str, str], field: str
) -> None:
    response = save(client, **changes)
    assert response.status_code == 200
    assert response.context["form"].errors[field]
    assert PlayerProfile.objects.get(user=player).display_name == "jiro"


def test_a_chosen_language_overrides_the_browser_on_the_next_page(
    client: Client, player: User
) -> None:
    save(client, language="en")
    page = client.get(reverse("core:home"), HTTP_ACCEPT_LANGUAGE="ja")
    assert page["Content-Language"] == "en"
    save(client, language="ja")
    page = client.get(reverse("core:home"), HTTP_ACCEPT_LANGUAGE="en")
    assert page["Content-Language"] == "ja"


def test_the_browsers_language_is_followed_until_one_is_chosen(
    client: Client, player: User
) -> None:
    for language in ("en", "ja"):
        page = client.get(reverse("core:home"), HTTP_ACCEPT_LANGUAGE=language)
        assert page["Content-Language"] == language


def test_the_language_switcher_changes_a_chosen_language(client: Client, player: User) -> None:
    save(client, language="ja")
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert PlayerProfile.objects.get(user=player).language == "en"
    assert client.get(reverse("core:home"))["Content-Language"] == "en"


def test_the_language_is_applied_at_log_in() -> None:
    user = User.objects.create_user("jiro", password="shogun-chip-42")
    PlayerProfile.objects.filter(user=user).update(language="en", time_zone="America/New_York")
    client = Client()
    client.post(reverse("account_login"), {"username": "jiro", "password": "shogun-chip-42"})
    assert client.session[SESSION_KEY]["language"] == "en"
    page = client.get(reverse("core:home"), HTTP_ACCEPT_LANGUAGE="ja")
    assert page["Content-Language"] == "en"


def _seen_by(user: Any, session: dict[str, Any]) -> tuple[str, str]:
    """The time zone and language a view sees for ``user`` under the middleware."""
    seen: dict[str, str] = {}

    def view(request: Any) -> HttpResponse:
        seen["zone"] = timezone.get_current_timezone_name()
        seen["language"] = translation.get_language()
        return HttpResponse()

    request = RequestFactory().get("/")
    request.user = user
    request.session = session  # type: ignore[assignment]
    with translation.override("ja"):
        PlayerPreferencesMiddleware(view)(request)
    assert timezone.get_current_timezone_name() == "Asia/Tokyo"  # deactivated afterwards
    return seen["zone"], seen["language"]


def test_the_middleware_activates_the_players_time_zone(client: Client, player: User) -> None:
    save(client, time_zone="America/Los_Angeles", language="en")
    session = dict(client.session.items())
    assert _seen_by(player, session) == ("America/Los_Angeles", "en")


def test_a_session_from_before_preferences_is_filled_from_the_profile(player: User) -> None:
    PlayerProfile.objects.filter(user=player).update(time_zone="Europe/London")
    session: dict[str, Any] = {}
    assert _seen_by(player, session)[0] == "Europe/London"
    assert session[SESSION_KEY]["time_zone"] == "Europe/London"


def test_times_on_a_page_are_in_the_players_zone(client: Client, player: User) -> None:
    """A template's time filter shows the player's zone (Tokyo is 9 hours ahead of UTC,
    Paris 1 hour in winter)."""
    from django.template import engines

    moment = datetime(2026, 1, 10, 3, 0, tzinfo=UTC)
    save(client, time_zone="Europe/Paris")
    seen = {}

    def view(request: Any) -> HttpResponse:
        seen["text"] = engines["django"].from_string("{{ t|time:'H:i' }}").render({"t": moment})
        return HttpResponse()

    request = RequestFactory().get("/")
    request.user = player
    request.session = dict(client.session.items())  # type: ignore[assignment]
    PlayerPreferencesMiddleware(view)(request)
    assert seen["text"] == "04:00"
