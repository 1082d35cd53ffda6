"""In a real browser: over-the-board events of Strategem and 盤上遊姫 (other-games.md).

Strategem, by clicks alone: the organiser creates the event choosing the game (軍師軍略's
format fields disappear, the time control follows the game's 25+0), imports four walk-ins,
checks them in, pairs and publishes round 1; at each table Red reports a win with both
players' final HP on their private page and Blue confirms; the standings show the game score
(GS) tie-break. 盤上遊姫 (shorter, the event set up in the shell): Red's first press on the
table's clock starts the game, the players report 4–2 in battlefields and confirm, and the
standings show the battlefield difference. Screenshots of the event form and the standings,
desktop and phone, Japanese and English, go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in, wait_dataset
from tests.screenshots import shoot_sizes as shoot

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-other-games-7"


def in_language(page: Any, base: str, language: str) -> None:
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base}])


def report_and_confirm(
    pages: dict[str, Any], base: str, links: dict[str, str], scores: dict[str, tuple[int, int]]
) -> None:
    """At each table, Red reports "Red won" with ``scores[red name]`` and Blue confirms."""
    reds: dict[str, str] = {}
    for who, link in links.items():
        page = pages[who]
        page.goto(f"{base}{link}")
        if page.locator(".my-table .seat-red").inner_text() == who:
            reds[who] = page.locator(".my-table .seat-blue").inner_text()
    assert len(reds) == len(links) // 2
    for red, blue in reds.items():
        page = pages[red]
        red_score, blue_score = scores[red]
        page.locator("#id_result").select_option("red_won")
        page.fill("#id_red_score", str(red_score))
        page.fill("#id_blue_score", str(blue_score))
        page.get_by_role("button", name="Report result").click()
        page.wait_for_load_state()
        assert "Waiting for your opponent to confirm" in page.locator(".my-table").inner_text()
        other = pages[blue]
        other.goto(f"{base}{links[blue]}")
        assert f"({red_score}–{blue_score})" in other.locator("#reported-score").inner_text()
        other.get_by_role("button", name="Confirm this result").click()
        other.wait_for_load_state()
        # The confirmed score shows at the table (or, once the round is complete, in the
        # player's rounds).
        assert f"{red_score}–{blue_score}" in other.locator("main").inner_text()
        assert "Confirm this result" not in other.locator("main").inner_text()


def test_a_strategem_event_runs_by_clicks_with_hp_scores(live_asgi: Any, browser: Any) -> None:
    create_accounts(live_asgi, PASSWORD, "host")
    base = live_asgi.url
    names = ["Aki Mori", "Bo Chen", "Cai Lun", "Dee Ito"]
    contexts = {who: browser.new_context(locale="en-US") for who in ["host", *names]}
    pages = {who: context.new_page() for who, context in contexts.items()}
    for page in pages.values():
        page.set_default_timeout(20_000)
    organiser = pages["host"]

    log_in(organiser, base, "host", PASSWORD)
    organiser.goto(f"{base}/events/manage/new/")
    assert organiser.locator("#group-format").is_visible()
    organiser.locator("#id_game").select_option("strategem")
    assert not organiser.locator("#group-format").is_visible()  # 軍師軍略's format only
    assert organiser.input_value("#id_time_control") == "25+0"
    organiser.fill("#id_name", "Card Night")
    organiser.fill("#id_starts_on", "2026-05-01")
    organiser.fill("#id_rounds", "2")
    organiser.fill("#id_tiebreak_codes", "GS, BH, RND")
    files = shoot(organiser, "other-games-event-form-en")
    organiser.get_by_role("button", name="Create").click()
    organiser.wait_for_url(re.compile(r"/events/card-night/manage/$"))
    assert organiser.locator("#dashboard-game").inner_text() == "Strategem"

    organiser.get_by_role("button", name="Set status: Registration open").click()
    rows = "".join(f"{name},{1900 - 100 * i}\n" for i, name in enumerate(names))
    organiser.fill("#id_text", f"name,rating\n{rows}")
    organiser.get_by_role("button", name="Import").click()
    while organiser.get_by_role("button", name="Check in", exact=True).count():
        organiser.get_by_role("button", name="Check in", exact=True).first.click()
        organiser.wait_for_load_state()
    links = {
        name: organiser.locator("tr", has_text=name)
        .get_by_role("link", name="link")
        .get_attribute("href")
        for name in names
    }
    organiser.get_by_role("button", name="Pair round 1").click()
    organiser.get_by_role("button", name="Publish").click()
    organiser.wait_for_load_state()

    hp = {"Aki Mori": (12, 0), "Bo Chen": (5, 0), "Cai Lun": (5, 0), "Dee Ito": (5, 0)}
    report_and_confirm(pages, base, links, hp)

    organiser.goto(f"{base}/events/card-night/manage/rounds/1/")
    assert organiser.locator("#round-status").inner_text() == "Complete"
    organiser.goto(f"{base}/events/card-night/standings/")
    heading = organiser.locator("table").first.inner_text()
    assert "GS" in heading
    first_row = organiser.locator("table tbody tr").first.inner_text()
    assert "12" in first_row
    files += shoot(organiser, "other-games-standings-en")
    in_language(organiser, base, "ja")
    organiser.reload()
    files += shoot(organiser, "other-games-standings-ja")
    organiser.goto(f"{base}/events/manage/new/")
    organiser.locator("#id_game").select_option("strategem")
    files += shoot(organiser, "other-games-event-form-ja")
    assert all(path.stat().st_size > 10_000 for path in files)
    for context in contexts.values():
        context.close()


SETUP = """
import datetime as dt
from django.contrib.auth.models import User
from tournaments.services.entries import entry_add
from tournaments.services.events import event_create, event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair
host = User.objects.get(username="host")
event = event_create(organiser=host, name="Yuki Duel", starts_on=dt.date(2026, 5, 2),
    game="banjo_yuki", time_control="15+0", rounds=1, tiebreaks=["GS", "RND"])
event_set_status(actor=host, event=event, status="registration")
red = entry_add(actor=host, event=event, name="Red Hime", rating=1900)
blue = entry_add(actor=host, event=event, name="Blue Hime", rating=1800)
round_ = round_pair(actor=host, event=event)
round_publish(actor=host, round=round_)
event_set_status(actor=host, event=event, status="running")
print(red.token, blue.token)
"""


def test_a_banjo_yuki_table_starts_by_reds_press_and_reports_battlefields(
    live_asgi: Any, browser: Any
) -> None:
    create_accounts(live_asgi, PASSWORD, "host")
    red_token, blue_token = live_asgi.manage("shell", "-c", SETUP).strip().splitlines()[-1].split()
    base = live_asgi.url
    contexts = [browser.new_context(locale="en-US") for _ in range(2)]
    red_page, blue_page = (context.new_page() for context in contexts)
    links = {"Red Hime": f"/events/play/{red_token}/", "Blue Hime": f"/events/play/{blue_token}/"}
    for page, link in ((red_page, links["Red Hime"]), (blue_page, links["Blue Hime"])):
        page.set_default_timeout(20_000)
        page.goto(f"{base}{link}")
        page.locator("#board-link").click()  # "Open your table's clock"
        page.wait_for_url(re.compile(r"/matches/\d+/clock/\?token="))
        wait_dataset(page, "otb", "d.status === 'pending' && d.ply === '0'")
        assert page.locator("#otb-game").inner_text() == "Banjō Yūki"
        assert "15+0" in page.locator(".otb__bar").inner_text()
    assert "end of Red's first turn" in red_page.locator("#otb-status").inner_text()
    assert red_page.locator("[data-press=blue]").is_disabled()
    red_page.locator("[data-press=red]").click()  # Red's first press starts Blue's clock
    for page in (red_page, blue_page):
        wait_dataset(page, "otb", "d.status === 'running' && d.running === 'blue'")

    pages = {"Red Hime": red_page, "Blue Hime": blue_page}
    report_and_confirm(pages, base, links, {"Red Hime": (4, 2)})

    red_page.goto(f"{base}/events/yuki-duel/standings/")
    assert "GS" in red_page.locator("table").first.inner_text()
    rows = red_page.locator("table tbody tr")
    assert "Red Hime" in rows.nth(0).inner_text()
    assert "2" in rows.nth(0).inner_text()
    assert "-2" in rows.nth(1).inner_text() or "−2" in rows.nth(1).inner_text()
    for context in contexts:
        context.close()
