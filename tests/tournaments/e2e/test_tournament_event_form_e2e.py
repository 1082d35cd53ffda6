"""In a real browser: an organiser fills the event form carelessly («20分», 0 rounds), reads the
errors beside the fields, picks the official time control from the picker, and sees the
elimination options only for elimination formats. Screenshots of the form at a desktop and a
phone size, in Japanese and English, go to ``artifacts/screenshots/``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.screenshots import shoot_sizes as shoot

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-organiser-pass"


def log_in(page: Any, base: str) -> None:
    page.goto(f"{base}/admin/login/?next=/events/manage/new/")
    page.fill("#id_username", "host")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(re.compile(r"/events/manage/new/$"))


def use_language(page: Any, base: str, language: str) -> None:
    """Choose the site language as the switcher does (Django's language cookie)."""
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base}])


def visible(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).is_visible())


def test_event_form_errors_picker_and_elimination_options(live_asgi: Any, page: Any) -> None:
    live_asgi.manage(
        "shell",
        "-c",
        "from django.contrib.auth.models import User; "
        f"User.objects.create_user('host', password='{PASSWORD}', is_staff=True)",
    )
    base = live_asgi.url
    log_in(page, base)
    files = shoot(page, "event-form-en")

    # Elimination options only for elimination formats (the server checks them regardless),
    # the number of Swiss rounds only for Swiss.
    system = page.locator("#id_pairing_system")
    assert not visible(page, "#group-elimination")
    system.select_option("single_elim")
    assert visible(page, "#group-elimination")
    assert visible(page, "#field-third_place_match")
    assert not visible(page, "#field-top_cut_size")
    assert not visible(page, "#field-grand_final_reset")
    assert not visible(page, "#field-rounds")
    system.select_option("double_elim")
    assert visible(page, "#field-grand_final_reset")
    assert not visible(page, "#field-third_place_match")
    system.select_option("swiss_top_cut")
    assert visible(page, "#field-top_cut_size")
    assert visible(page, "#field-rounds")
    system.select_option("round_robin")
    assert not visible(page, "#group-elimination")
    system.select_option("swiss")
    assert not visible(page, "#group-elimination")

    # Careless values: the page comes back with the message beside each field.
    page.fill("#id_name", "Cafe Cup")
    page.fill("#id_starts_on", "2026-05-01")
    page.fill("#id_rounds", "0")
    page.fill("#id_time_control", "20分")
    page.get_by_role("button", name="Create").click()
    page.wait_for_load_state()
    assert page.url.endswith("/events/manage/new/")
    rounds_error = page.locator("#field-rounds .form-field__error")
    assert "greater than or equal to 1" in rounds_error.inner_text()
    time_error = page.locator("#field-time_control .form-field__error")
    assert "“20分” is not a time control." in time_error.inner_text()
    assert "10+5" in page.locator("#field-time_control .form-field__help").inner_text()
    assert page.input_value("#id_time_control") == "20分"  # what was typed is kept to fix
    files += shoot(page, "event-form-errors-en")

    # The picker: the official 20-minute sudden death comes first and fills the field.
    first = page.locator("#time-control-presets button").first
    assert "20 minutes each, sudden death (official)" in first.inner_text()
    first.click()
    assert page.input_value("#id_time_control") == "20+0"
    page.fill("#id_rounds", "5")

    # A field with an error stays in sight whatever the pairing system.
    page.locator("#id_pairing_system").select_option("single_elim")
    assert visible(page, "#field-rounds")
    page.locator("#id_pairing_system").select_option("swiss")

    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/events/cafe-cup/manage/$"))
    assert page.get_by_text("Event created.").is_visible()

    # The same form in Japanese, empty and with the errors.
    use_language(page, base, "ja")
    page.goto(f"{base}/events/manage/new/")
    assert page.locator("html").get_attribute("lang") == "ja"
    files += shoot(page, "event-form-ja")
    page.fill("#id_name", "喫茶杯")
    page.fill("#id_starts_on", "2026-05-01")
    page.fill("#id_rounds", "0")
    page.fill("#id_time_control", "20分")
    page.locator("#event-form button[type=submit]").click()
    page.wait_for_load_state()
    assert "「20分」は持ち時間の形式ではありません。" in time_error.inner_text()
    assert "各20分・切れ負け（公式）" in first.inner_text()
    files += shoot(page, "event-form-errors-ja")

    assert all(path.stat().st_size > 10_000 for path in files)
