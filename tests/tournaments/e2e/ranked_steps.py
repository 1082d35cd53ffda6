"""Steps the ranked-table browser tests share: an organiser sets up a 三国盛衰記 event by clicks."""

from __future__ import annotations

import re
from typing import Any

from tests.tournaments.e2e.organiser_steps import import_walk_ins


def create_ranked_event(
    page: Any, base: str, *, name: str, slug: str, players: list[str], rounds: int
) -> dict[str, str]:
    """Create a 三国盛衰記 event, open registration, import ``players`` and check them all in,
    on the organiser's own pages; returns each player's private link."""
    page.goto(f"{base}/events/manage/new/")
    page.fill("#id_name", name)
    page.fill("#id_starts_on", "2026-05-01")
    page.select_option("#id_game", "sangoku_seisuiki")
    page.fill("#id_rounds", str(rounds))
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(rf"/events/{slug}/manage/$"))
    page.get_by_role("button", name="Set status: Registration open").click()
    return import_walk_ins(page, players)
