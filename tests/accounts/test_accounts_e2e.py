"""In a real browser, by clicks alone: a newcomer signs up, verifies the address from the mail,
logs in by e-mail address, sets a display name and a language, and resets a forgotten password.

The live server writes its mail to files (``LiveServer.mail_directory``); the test reads the
links there as the newcomer reads them in their mailbox. The sign-up, log-in and account
settings pages are photographed at 1280×900 and 390×844, in English and Japanese, into
``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import log_in, mail_link, sign_up
from tests.live_server import LiveServer, running_server
from tests.screenshots import photograph

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-Newcomer-pass-42"
NEW_PASSWORD = "e2e-Reset-pass-77"
EMAIL = "hanako@example.org"


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with running_server(tmp_path) as server:
        yield server


def header_name(page: Any) -> str:
    return str(page.locator(".site-account__name").inner_text())


def log_out(page: Any) -> None:
    page.locator("form[action$='/accounts/logout/'] button").click()
    page.wait_for_load_state()


def test_sign_up_verify_settings_and_password_reset_by_clicks(
    live: LiveServer, browser: Any
) -> None:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.set_default_timeout(20_000)
    base = live.url

    photograph(context, f"{base}/accounts/signup/", "account-signup", fits_width=True)
    photograph(context, f"{base}/accounts/login/", "account-login", fits_width=True)

    # Sign up with a display name; the mail's link verifies the address and logs in.
    sign_up(page, live, "hanako", PASSWORD, email=EMAIL, display_name="山田 花子")
    assert header_name(page) == "山田 花子"
    log_out(page)

    # Log in by e-mail address.
    log_in(page, base, EMAIL, PASSWORD)
    assert header_name(page) == "山田 花子"

    # The account settings, from the header: a new display name and Japanese.
    page.locator(".site-account__name").click()
    page.wait_for_url(re.compile(r"/accounts/settings/$"))
    photograph(context, page.url, "account-settings", fits_width=True)
    page.fill("#id_display_name", "Hanako Yamada")
    page.select_option("#id_language", "ja")
    page.select_option("#id_time_zone", "Europe/Paris")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_load_state()
    assert header_name(page) == "Hanako Yamada"
    assert page.locator("html").get_attribute("lang") == "ja"  # the browser asks for English
    assert page.locator("#id_time_zone").input_value() == "Europe/Paris"
    log_out(page)

    # A forgotten password: the link on the log-in page, the mail, a new password.
    page.goto(f"{base}/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.fill("#id_email", EMAIL)
    page.locator("form.account-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/accounts/password/reset/done/$"))
    page.goto(mail_link(live, EMAIL, containing="password/reset/key"))
    page.fill("#id_password1", NEW_PASSWORD)
    page.fill("#id_password2", NEW_PASSWORD)
    page.get_by_role("button", name="Change Password").click()
    page.wait_for_url(re.compile(r"/accounts/password/reset/key/done/$"))

    log_in(page, base, "hanako", PASSWORD)
    assert page.locator(".site-account__name").count() == 0  # the old password is refused
    log_in(page, base, "hanako", NEW_PASSWORD)
    assert header_name(page) == "Hanako Yamada"
    context.close()
