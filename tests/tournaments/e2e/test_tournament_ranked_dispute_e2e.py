"""In a real browser, by clicks alone: a 3-player 三国盛衰記 table where two players agree and
the third disputes, so the arbiter decides (ruling "Every other player confirms").

The organiser creates the event, chooses normalised rank points, adds an arbiter, assigns and
publishes round 1 (one table of three) and starts the session: the start button is gone
afterwards. One player reports, the second confirms (the result is still open: the third has
not), the third reports something else. The arbiter's round page shows the dispute with both
claims; the arbiter decides, and the standings show normalised rank points. Screenshots of the
organiser's tables page, the round page with the dispute, a player's page and the standings
(desktop and 390x844 phone, English and Japanese) go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in
from tests.screenshots import shoot_sizes
from tests.tournaments.e2e.ranked_steps import create_ranked_event

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-ranked-dispute-7"
PLAYERS = ["Aki Mori", "Bo Chen", "Chika Ito"]
SLUG = "sangoku-night"


def shoot(page: Any, name: str) -> None:
    """The page in English and Japanese, on a desktop and a phone."""
    url = page.url
    for language in ("en", "ja"):
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": url.split("/events/")[0]}]
        )
        page.goto(url)
        shoot_sizes(page, f"{name}-{language}")
    page.context.add_cookies(
        [{"name": "django_language", "value": "en", "url": url.split("/events/")[0]}]
    )
    page.goto(url)


def report(page: Any, vps: dict[str, int]) -> None:
    form = page.locator("#report-form")
    for name, vp in vps.items():
        form.get_by_label(f"Victory points of {name}").fill(str(vp))
    form.get_by_role("button", name="Report result").click()


def test_two_players_agree_the_third_disputes_and_the_arbiter_decides(
    live_asgi: Any, browser: Any
) -> None:
    create_accounts(live_asgi, PASSWORD, "host", "judge")
    base = live_asgi.url
    context = browser.new_context(locale="en-US")
    organiser = context.new_page()
    organiser.set_default_timeout(20_000)

    log_in(organiser, base, "host", PASSWORD)
    links = create_ranked_event(
        organiser, base, name="Sangoku Night", slug=SLUG, players=PLAYERS, rounds=1
    )
    organiser.goto(f"{base}/events/{SLUG}/manage/")
    roles = organiser.locator("form[action$='/manage/roles/']")
    # (The add-player form above uses the same input id, so the label cannot be used here.)
    roles.locator("input[name=member]").fill("judge")
    roles.locator("select[name=role]").select_option("arbiter")
    roles.get_by_role("button", name="Add", exact=True).click()
    organiser.wait_for_load_state()
    assert "judge — Arbiter" in organiser.locator("body").inner_text()

    # The tables page: the game allows 2–11, the scenario note says 3 in scenarios 6–8.
    organiser.get_by_role("link", name="Ranked tables: sizes, assignment and results").click()
    game = organiser.locator("#ranked-game").inner_text()
    assert "The rules allow 2–11 players at a table" in game
    assert "this event seats 3–5" in game
    organiser.get_by_label("Rank points").select_option("normalised")
    organiser.get_by_role("button", name="Save").click()
    assert organiser.get_by_text("Table settings saved.").is_visible()
    shoot(organiser, "ranked-manage")

    organiser.get_by_role("button", name="Assign the tables of round 1").click()
    organiser.wait_for_url(re.compile(r"/manage/ranked/rounds/1/$"))
    organiser.get_by_role("button", name="Publish").click()
    start = organiser.get_by_role("button", name="Start the session (240 minutes)")
    start.click()
    assert organiser.get_by_text("Session started.").is_visible()
    assert organiser.locator("#start-session").count() == 0  # started: no button any more
    organiser.reload()
    assert organiser.locator("#start-session").count() == 0
    # The scale is fixed now that round 1 is assigned.
    organiser.goto(f"{base}/events/{SLUG}/manage/ranked/")
    assert organiser.get_by_label("Rank points").is_disabled()
    rows = organiser.locator("#table-1 form.table-result tbody tr")
    organiser.goto(f"{base}/events/{SLUG}/manage/ranked/rounds/1/")
    seated = [rows.nth(i).locator("td").nth(1).inner_text().strip() for i in range(3)]
    assert sorted(seated) == sorted(PLAYERS)
    first, second, third = seated
    claim = {first: 20, second: 15, third: 10}

    # The first player reports; the second confirms; the result is not final yet.
    player = context.new_page()
    player.set_default_timeout(20_000)
    player.goto(f"{base}{links[first]}")
    report(player, claim)
    assert player.get_by_text("Your result was recorded.").is_visible()
    player.goto(f"{base}{links[second]}")
    player.get_by_role("button", name="Confirm this result").click()
    assert player.get_by_text("Result confirmed.").is_visible()  # the flash for the click
    state = player.locator("#table-report").inner_text()
    assert f"Confirmed by: {first}, {second}" in state
    assert f"Waiting for: {third}" in state
    assert player.locator("#confirm-result").count() == 0
    shoot(player, "ranked-player-awaiting")

    # The third player saw something else: a dispute, not a result.
    player.goto(f"{base}{links[third]}")
    assert player.locator("#confirm-result").is_visible()
    report(player, {first: 10, second: 15, third: 20})
    assert player.get_by_text("The reports differ: an arbiter will decide.").is_visible()
    assert player.locator("#report-form").count() == 0
    player.goto(f"{base}{links[second]}")
    assert player.get_by_text("The reports differ: an arbiter will decide.").is_visible()

    # The arbiter sees both claims and decides.
    judge_context = browser.new_context(locale="en-US")
    judge = judge_context.new_page()
    judge.set_default_timeout(20_000)
    log_in(judge, base, "judge", PASSWORD)
    judge.goto(f"{base}/events/{SLUG}/manage/")
    judge.get_by_role("link", name="Ranked tables: sizes, assignment and results").click()
    judge.get_by_role("link", name="Round 1").click()
    assert judge.locator("#round-status").inner_text() == "Published"
    reports = judge.locator("[data-reports='1']")
    text = reports.inner_text()
    assert "Disputed: the players reported different results." in text
    assert f"{first} reported:" in text
    assert f"{third} claims instead:" in text
    assert f"{third}: 20 VP" in text
    assert f"Confirmed by: {first}, {second}" in text
    shoot(judge, "ranked-round-dispute")
    # The arbiter starts from the third player's claim, then from the report, which stands.
    result = judge.locator("#table-1 form.table-result")
    judge.get_by_role("link", name="Start the result form from this claim").click()
    assert result.get_by_label(f"Victory points of {third}").input_value() == "20"
    judge.get_by_role("link", name="Start the result form from this report").click()
    for name, vp in claim.items():
        assert result.get_by_label(f"Victory points of {name}").input_value() == str(vp)
    result.get_by_role("button", name="Decide the result").click()
    assert judge.get_by_text("Result saved.").is_visible()
    assert judge.locator("#round-status").inner_text() == "Complete"
    assert judge.locator("[data-reports='1']").count() == 0

    player.goto(f"{base}{links[third]}")
    assert player.get_by_text("Result confirmed.").is_visible()

    judge.goto(f"{base}/events/{SLUG}/standings/")
    standings = judge.locator("#standings tbody tr")
    assert [standings.nth(i).locator("td").nth(2).inner_text() for i in range(3)] == [
        "1",
        "0.5",
        "0",
    ]
    assert standings.first.locator("td").nth(1).inner_text() == first
    shoot(judge, "ranked-standings-normalised")
    judge.goto(f"{base}/events/{SLUG}/rounds/1/")
    shoot(judge, "ranked-tables-normalised")
    context.close()
    judge_context.close()
