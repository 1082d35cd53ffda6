"""Pages: what each audience sees and may do, in both languages."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import finish_round
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.services.entries import entry_add
from tournaments.services.events import event_role_add
from tournaments.services.publication import round_publish
from tournaments.services.results import result_report, result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _clear_cache() -> None:
    cache.clear()


@pytest.fixture
def running(event: Event, add_players: Any) -> Event:
    """Round 1 complete, round 2 published, round 3 not paired."""
    add_players(event, 6)
    host = event.organiser
    r1 = round_pair(actor=host, event=event)
    round_publish(actor=host, round=r1)
    finish_round(r1)
    r2 = round_pair(actor=host, event=event)
    round_publish(actor=host, round=r2)
    event.refresh_from_db()
    return event


def en(client: Client, url: str) -> Any:
    return client.get(url, headers={"accept-language": "en"})


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_public_pages_render_in_both_languages(client: Client, running: Event, lang: str) -> None:
    slug = running.slug
    urls = [
        reverse("tournaments:event_list"),
        reverse("tournaments:event_detail", args=[slug]),
        reverse("tournaments:standings", args=[slug]),
        reverse("tournaments:round_detail", args=[slug, 1]),
        reverse("tournaments:round_detail", args=[slug, 2]),
        reverse("tournaments:bracket", args=[slug]),
        reverse("tournaments:player_detail", args=[slug, running.entries.first().pk]),
    ]
    for url in urls:
        response = client.get(url, headers={"accept-language": lang})
        assert response.status_code == 200, url
        assert f'lang="{lang}"' in response.content.decode()
    standings = client.get(urls[2], headers={"accept-language": lang}).content.decode()
    assert ("順位" if lang == "ja" else "Rank") in standings


def test_draft_events_and_rounds_are_hidden_from_the_public(
    client: Client, make_event: Any, add_players: Any, event: Event
) -> None:
    draft = make_event(name="Secret Cup")
    assert en(client, reverse("tournaments:event_detail", args=[draft.slug])).status_code == 404
    assert en(client, reverse("tournaments:standings", args=[draft.slug])).status_code == 404
    assert "Secret Cup" not in en(client, reverse("tournaments:event_list")).content.decode()

    add_players(event, 4)
    round_pair(actor=event.organiser, event=event)
    assert en(client, reverse("tournaments:round_detail", args=[event.slug, 1])).status_code == 404
    detail = en(client, reverse("tournaments:export_pairings_json", args=[event.slug, 1]))
    assert detail.status_code == 404


def test_standings_show_tiebreak_columns_and_results(client: Client, running: Event) -> None:
    html = en(client, reverse("tournaments:standings", args=[running.slug])).content.decode()
    for short in ("BH-C1", "BH", "SB", "DE", "Lot"):
        assert f">{short}</abbr>" in html
    assert "P1" in html
    assert 'data-live-event="' in html


def test_cached_standings_page_costs_no_query_and_follows_changes(
    client: Client, running: Event, django_assert_num_queries: Any
) -> None:
    url = reverse("tournaments:standings", args=[running.slug])
    first = en(client, url).content.decode()
    with django_assert_num_queries(0):
        assert en(client, url).status_code == 200
    with django_assert_num_queries(0):
        assert en(client, url + "fragment/").status_code == 200
    # A result changes the standings: the version moves, the next request rebuilds.
    pairing = Pairing.objects.filter(round__number=2, result=Pairing.Result.PENDING).first()
    with_blue = Pairing.Result.BLUE_WON
    result_set(actor=running.organiser, pairing=pairing, result=with_blue)
    second = en(client, url).content.decode()
    assert first != second


def test_uncached_standings_query_count_does_not_grow_with_players(
    client: Client, running: Event, add_players: Any, django_assert_max_num_queries: Any
) -> None:
    url = reverse("tournaments:standings", args=[running.slug]) + "fragment/"
    with django_assert_max_num_queries(8):
        en(client, url)
    entry_add(actor=running.organiser, event=running, name="Extra 1")
    entry_add(actor=running.organiser, event=running, name="Extra 2")
    cache.clear()
    with django_assert_max_num_queries(8):
        en(client, url)


def test_organiser_pages_are_for_the_people_running_the_event(
    client: Client, running: Event, make_user: Any, password: str
) -> None:
    dashboard = reverse("tournaments:manage_event", args=[running.slug])
    round_page = reverse("tournaments:manage_round", args=[running.slug, 2])
    stranger = make_user("stranger")
    client.force_login(stranger)
    assert en(client, dashboard).status_code == 404
    assert en(client, round_page).status_code == 404
    response = client.post(reverse("tournaments:round_pair", args=[running.slug]))
    assert response.status_code == 404

    arbiter = make_user("arbiter")
    event_role_add(actor=running.organiser, event=running, user=arbiter, role="arbiter")
    client.force_login(arbiter)
    assert en(client, dashboard).status_code == 200
    assert en(client, reverse("tournaments:event_edit", args=[running.slug])).status_code == 404

    client.force_login(running.organiser)
    html = en(client, dashboard).content.decode()
    assert "Audit log" in html
    assert "Published round 2." in html


def test_arbiter_enters_a_result_and_a_correction_needs_a_reason_and_a_confirmation(
    client: Client, running: Event, make_user: Any
) -> None:
    arbiter = make_user("arbiter")
    event_role_add(actor=running.organiser, event=running, user=arbiter, role="arbiter")
    client.force_login(arbiter)
    pairing = Pairing.objects.filter(round__number=2, blue__isnull=False).first()
    url = reverse("tournaments:pairing_result", args=[running.slug, pairing.pk])
    client.post(url, {"result": "red_won", "method": "intrusion"})
    pairing.refresh_from_db()
    assert (pairing.result, pairing.method) == ("red_won", "intrusion")

    response = client.post(url, {"result": "blue_won"}, headers={"accept-language": "en"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Give a reason (it is kept in the audit log)." in html
    assert "tick the box to correct it" in html
    pairing.refresh_from_db()
    assert pairing.result == "red_won"

    response = client.post(url, {"result": "blue_won", "reason": "slip was filled in wrongly"})
    assert response.status_code == 200
    pairing.refresh_from_db()
    assert pairing.result == "red_won"

    client.post(
        url,
        {"result": "blue_won", "reason": "slip was filled in wrongly", "confirm_correction": "on"},
    )
    pairing.refresh_from_db()
    assert pairing.result == "blue_won"
    assert running.audit_log.filter(action="result_correct").exists()


def test_players_report_and_confirm_only_their_own_game(
    client: Client, running: Event, make_user: Any
) -> None:
    pairing = (
        Pairing.objects.filter(round__number=2, blue__isnull=False)
        .select_related("red", "blue")
        .first()
    )
    other = (
        Pairing.objects.filter(round__number=2, blue__isnull=False).exclude(pk=pairing.pk).first()
    )
    red, blue = pairing.red, pairing.blue

    # Red reports through the private link; Blue confirms through theirs.
    report = reverse("tournaments:player_token_report", args=[red.token, pairing.pk])
    client.post(report, {"result": "red_won", "method": "general_captured"})
    pairing.refresh_from_db()
    assert pairing.confirmation == Pairing.Confirmation.AWAITING
    assert pairing.result == Pairing.Result.PENDING

    wrong = reverse("tournaments:player_token_report", args=[red.token, other.pk])
    response = client.post(
        wrong, {"result": "red_won"}, follow=True, headers={"accept-language": "en"}
    )
    assert "You can only report results for your own game." in response.content.decode()
    other.refresh_from_db()
    assert other.confirmation == Pairing.Confirmation.NONE

    client.post(reverse("tournaments:player_token_confirm", args=[blue.token, pairing.pk]))
    pairing.refresh_from_db()
    assert pairing.result == Pairing.Result.RED_WON
    assert pairing.confirmation == Pairing.Confirmation.CONFIRMED


def test_disagreeing_reports_become_a_dispute_on_the_dashboard(
    client: Client, running: Event
) -> None:
    pairing = Pairing.objects.filter(round__number=2, blue__isnull=False).first()
    result_report(entry=pairing.red, pairing=pairing, result="red_won")
    result_report(entry=pairing.blue, pairing=pairing, result="blue_won")
    pairing.refresh_from_db()
    assert pairing.disputed
    assert pairing.result == Pairing.Result.PENDING
    client.force_login(running.organiser)
    html = en(client, reverse("tournaments:manage_event", args=[running.slug])).content.decode()
    assert "Results to settle" in html
    assert pairing.red.name in html


def test_self_registration_and_registering_twice(
    client: Client, event: Event, make_user: Any
) -> None:
    alice = make_user("alice")
    client.force_login(alice)
    url = reverse("tournaments:event_register", args=[event.slug])
    client.post(url)
    response = client.post(url, follow=True, headers={"accept-language": "en"})
    assert "You are already registered for this event." in response.content.decode()
    assert Entry.objects.filter(event=event, user=alice).count() == 1


def test_csv_import_reports_each_broken_line_and_saves_nothing(
    client: Client, event: Event
) -> None:
    client.force_login(event.organiser)
    csv_text = "name,rating\nAiko,1500\n,1400\nBen,abc\nAiko,1200\n"
    response = client.post(
        reverse("tournaments:entry_import", args=[event.slug]),
        {"text": csv_text},
        follow=True,
        headers={"accept-language": "en"},
    )
    html = response.content.decode()
    assert "The CSV file has errors; nothing was imported." in html
    assert "3: The name is missing." in html
    assert "4: The rating “abc” is not a whole number from 0 to 9999." in html
    assert "5: “Aiko” is also on line 2." in html
    assert not Entry.objects.filter(event=event).exists()

    client.post(
        reverse("tournaments:entry_import", args=[event.slug]),
        {"text": "name,rating\nAiko,1500\nBen,1400\n"},
    )
    assert list(Entry.objects.filter(event=event).values_list("name", flat=True)) == ["Aiko", "Ben"]


def test_organiser_creates_an_event_through_the_form(client: Client, host: Any) -> None:
    client.force_login(host)
    data = {
        "name": "Autumn Cup",
        "starts_on": "2026-10-01",
        "game_format": "basic",
        "time_control": "20+0",
        "pairing_system": "swiss",
        "rounds": "4",
        "points_win": "1",
        "points_loss": "0",
        "points_bye": "1",
        "points_forfeit_win": "1",
        "points_forfeit_loss": "0",
        "points_round_robin_free": "0",
        "visibility": "public",
        "tiebreak_codes": "BH, SB, XYZ",
    }
    response = client.post(
        reverse("tournaments:event_create"), data, follow=True, headers={"accept-language": "en"}
    )
    assert "Unknown tie-break “XYZ”." in response.content.decode()
    assert not Event.objects.filter(name="Autumn Cup").exists()
    data["tiebreak_codes"] = "BH, SB, RND"
    client.post(reverse("tournaments:event_create"), data)
    event = Event.objects.get(name="Autumn Cup")
    assert event.tiebreaks == ["BH", "SB", "RND"]
    assert event.organiser == host


def test_print_pages_and_slips_with_qr_codes(client: Client, running: Event) -> None:
    client.force_login(running.organiser)
    for name in ("print_tables", "print_names", "print_slips"):
        response = en(client, reverse(f"tournaments:{name}", args=[running.slug, 2]))
        assert response.status_code == 200, name
    slips = en(client, reverse("tournaments:print_slips", args=[running.slug, 2])).content.decode()
    assert (
        slips.count("<svg") == Pairing.objects.filter(round__number=2, blue__isnull=False).count()
    )


def test_pairing_editor_swaps_players_in_a_draft(client: Client, running: Event) -> None:
    host = running.organiser
    r2 = Round.objects.get(event=running, number=2)
    from tests.tournaments.conftest import finish_round as finish

    finish(r2)
    r3 = round_pair(actor=host, event=running)
    tables = list(Pairing.objects.filter(round=r3).order_by("table"))
    a, b = tables[0].red, tables[1].red
    client.force_login(host)
    client.post(
        reverse("tournaments:round_swap", args=[running.slug, 3]),
        {"first": a.pk, "second": b.pk, "allow_rematch": "on"},
    )
    tables = list(Pairing.objects.filter(round=r3).order_by("table"))
    assert tables[0].red_id == b.pk
    assert tables[1].red_id == a.pk
    assert running.audit_log.filter(action="round_swap").exists()


def test_a_cached_page_carries_the_visitors_own_working_csrf_token(running: Event) -> None:
    import re

    url = reverse("tournaments:standings", args=[running.slug])
    Client().get(url)  # someone else fills the cache
    visitor = Client(enforce_csrf_checks=True)
    html = visitor.get(url).content.decode()
    assert "__tournaments_csrf_placeholder__" not in html
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert token is not None
    response = visitor.post(
        "/i18n/setlang/", {"language": "ja", "next": url, "csrfmiddlewaretoken": token.group(1)}
    )
    assert response.status_code == 302
