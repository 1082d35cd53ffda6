"""Steps the browser tests share: logging in, signing up, reading the server's mail, waiting for
a live page."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.live_server import LiveServer


def create_accounts(server: LiveServer, password: str, *usernames: str) -> None:
    """Plain accounts (no site-wide rights) on the live server: the one shell step the event
    tests take, since making an account is not part of running an event."""
    creates = "; ".join(
        f"User.objects.create_user({name!r}, password={password!r})" for name in usernames
    )
    server.manage("shell", "-c", f"from django.contrib.auth.models import User; {creates}")


def log_in(page: Any, base: str, username: str, password: str) -> None:
    """Log in through the site's login page."""
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


MAIL_SECONDS = 15
_LINK = re.compile(r"https?://\S+")


def read_mail(server: LiveServer, address: str, *, containing: str = "") -> str:
    """The newest message the server sent to ``address`` (with ``containing`` in it), waiting
    for it up to ``MAIL_SECONDS``: the live server writes each message to a file."""
    deadline = time.monotonic() + MAIL_SECONDS
    while True:
        files = sorted(server.mail_directory.glob("*"), key=lambda path: path.stat().st_mtime)
        for path in reversed(files):
            text = path.read_text()
            if f"To: {address}" in text and containing in text:
                return text
        if time.monotonic() > deadline:
            raise AssertionError(f"no mail to {address} in {server.mail_directory}")
        time.sleep(0.2)


def mail_link(server: LiveServer, address: str, *, containing: str = "") -> str:
    """The link of the newest message to ``address`` (verification, password reset)."""
    match = _LINK.search(read_mail(server, address, containing=containing))
    assert match, f"no link in the mail to {address}"
    return match.group(0)


def sign_up(
    page: Any,
    server: LiveServer,
    username: str,
    password: str,
    *,
    email: str = "",
    display_name: str = "",
) -> None:
    """Sign up on the sign-up page, then follow the verification link of the mail and confirm
    the address, which logs the new player in (as a newcomer does, by clicks)."""
    email = email or f"{username}@example.org"
    page.goto(f"{server.url}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_email", email)
    if display_name:
        page.fill("#id_display_name", display_name)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.locator("form.account-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    page.goto(mail_link(server, email, containing="confirm-email"))
    page.locator("form.account-form button[type=submit]").click()
    page.wait_for_load_state()
    assert page.locator("form[action$='/accounts/logout/']").count() == 1, page.content()


def wait_dataset(page: Any, element_id: str, condition: str) -> None:
    """Wait until ``condition`` (JavaScript over ``d``, the element's dataset) holds: the live
    pages keep their state in ``data-*`` attributes (``#live`` the board, ``#otb`` the clock)."""
    page.wait_for_function(  # a function, not an expression: the CSP forbids eval
        f"() => {{ const d = document.getElementById('{element_id}').dataset; "
        f"return {condition}; }}"
    )


def decide_first_offered(page: Any) -> None:
    """On a live board, make the first decision the board's list of every legal decision
    offers: a real click on the page's own control, whatever the position."""
    page.locator(".all-decisions summary").click()
    page.locator(".all-decisions [data-action]").first.click()


def organise_event(
    page: Any, base: str, *, name: str, players_csv: str, rounds: int = 1, time_control: str = ""
) -> str:
    """As the logged-in organiser: create an over-the-board event, open its registration,
    import walk-in players (``players_csv``: ``name,rating`` lines) and check every one in.
    Returns the event's management URL."""
    page.goto(f"{base}/events/manage/new/")
    page.fill("#id_name", name)
    page.fill("#id_starts_on", "2026-05-01")
    page.fill("#id_rounds", str(rounds))
    if time_control:
        page.fill("#id_time_control", time_control)
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/events/[\w-]+/manage/$"))
    manage = page.url
    page.get_by_role("button", name="Set status: Registration open").click()
    page.fill("#id_text", f"name,rating\n{players_csv}")
    page.get_by_role("button", name="Import").click()
    check_in_everyone(page)
    return manage


def private_links(page: Any, names: dict[str, str]) -> dict[str, str]:
    """On the dashboard: each player's private link (``who`` → path) by their name."""
    return {
        who: page.locator("tr", has_text=name)
        .get_by_role("link", name="link")
        .get_attribute("href")
        for who, name in names.items()
    }


def check_in_everyone(page: Any) -> None:
    """On the organiser's dashboard, press every player's "Check in" button."""
    while page.get_by_role("button", name="Check in", exact=True).count():
        page.get_by_role("button", name="Check in", exact=True).first.click()
        page.wait_for_load_state()
