"""Steps the browser tests share: logging in, creating an account, waiting for a live page."""

from __future__ import annotations

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


#: The two sizes every page change is looked at in: a desktop and a 390×844 phone.
SCREENSHOT_SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


def screenshots(page: Any, name: str) -> None:
    """Full-page screenshots of the current page at both sizes, into ``artifacts/screenshots/``
    as ``<name>-<size>-<width>x<height>.png``; the page is left at the desktop size."""
    from tests.live_server import ROOT

    folder = ROOT / "artifacts" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SCREENSHOT_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(folder / f"{name}-{size}-{width}x{height}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
