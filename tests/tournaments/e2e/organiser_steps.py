"""An organiser's clicks that several browser tests share: create an online event, import
players, check everyone in, pair and publish a round. Each is a real click on the organiser's
own pages."""

from __future__ import annotations

import re
from typing import Any


def create_online_event(organiser: Any, base: str, name: str, *, rounds: int) -> None:
    """Create an online event (3+2 clock) by the event form, and open its registration."""
    slug = name.lower().replace(" ", "-")
    organiser.goto(f"{base}/events/manage/new/")
    organiser.fill("#id_name", name)
    organiser.fill("#id_starts_on", "2026-05-01")
    organiser.check("#id_online")
    organiser.fill("#id_time_control", "3+2")
    organiser.fill("#id_rounds", str(rounds))
    organiser.get_by_role("button", name="Create").click()
    organiser.wait_for_url(re.compile(rf"/events/{slug}/manage/$"))
    organiser.get_by_role("button", name="Set status: Registration open").click()


def import_and_check_in(organiser: Any, csv: str, count: int) -> None:
    """On the event's dashboard: import ``count`` players from ``csv``, then check each in."""
    organiser.fill("#id_text", csv)
    organiser.get_by_role("button", name="Import").click()
    assert organiser.get_by_text(f"{count} players imported.").is_visible()
    while organiser.get_by_role("button", name="Check in", exact=True).count():
        organiser.get_by_role("button", name="Check in", exact=True).first.click()
        organiser.wait_for_load_state()


def pair_and_publish_round_one(organiser: Any) -> None:
    """On the event's dashboard: pair round 1 and publish it."""
    organiser.get_by_role("button", name="Pair round 1").click()
    organiser.get_by_role("button", name="Publish").click()
    assert organiser.locator("#round-status").inner_text() == "Published"
