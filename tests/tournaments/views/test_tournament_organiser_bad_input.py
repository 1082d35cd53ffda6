"""Every organiser form, posted with careless or hostile values as a test client would.

Each bad value must come back as an inline error (status 200 with the form and the message
beside it, or 400 with the message for a one-button action), in the visitor's language, and
change nothing: no row is written, no event setting moves, no audit line appears. Never a 500.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import finish_round
from tournaments.models import AuditLog, Entry, Event, EventRole, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

EVENT_FORM = {
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
    "tiebreak_codes": "BH-C1, BH, SB, DE, RND",
}
TIME_CONTROL_SYNTAX = "is not a time control. Write minutes+seconds added per turn"


@dataclass
class World:
    """An event in registration with four players, and a second event running its round 2."""

    event: Event
    players: list[Entry]
    running: Event
    draft_round: Round
    played: Pairing
    bye: Pairing | None
    other_entry: Entry
    ids: dict[str, Any] = field(default_factory=dict)


@pytest.fixture
def world(event: Event, make_event: Any, add_players: Any) -> World:
    players = add_players(event, 4)
    running = make_event(name="Winter Open", rounds=3)
    host = running.organiser
    event_set_status(actor=host, event=running, status="registration")
    add_players(running, 5, prefix="W")
    first = round_pair(actor=host, event=running)
    round_publish(actor=host, round=first)
    finish_round(first)
    second = round_pair(actor=host, event=running)
    round_publish(actor=host, round=second)
    played = Pairing.objects.filter(round=second, blue__isnull=False).first()
    result_set(actor=host, pairing=played, result="red_won")
    bye = Pairing.objects.filter(round=second, blue__isnull=True).first()
    draft_event = make_event(name="Draft Cup", rounds=3)
    event_set_status(actor=host, event=draft_event, status="registration")
    add_players(draft_event, 4, prefix="D")
    draft_round = round_pair(actor=host, event=draft_event)
    other = Entry.objects.filter(event=running).first()
    return World(event, players, running, draft_round, played, bye, other)


def snapshot() -> dict[str, Any]:
    """Everything an organiser form could change."""
    return {
        "events": list(Event.objects.order_by("pk").values()),
        "entries": list(Entry.objects.order_by("pk").values()),
        "rounds": list(Round.objects.order_by("pk").values()),
        "pairings": list(
            Pairing.objects.order_by("pk").values(
                "pk", "round_id", "table", "red_id", "blue_id", "result", "method", "confirmation"
            )
        ),
        "roles": list(EventRole.objects.order_by("pk").values()),
        "audit": AuditLog.objects.count(),
    }


def event_form(**changes: str) -> dict[str, str]:
    return EVENT_FORM | changes


Url = Callable[[World], str]
Data = dict[str, Any] | Callable[[World], dict[str, Any]]


def create(_w: World) -> str:
    return reverse("tournaments:event_create")


def edit(w: World) -> str:
    return reverse("tournaments:event_edit", args=[w.event.slug])


def edit_running(w: World) -> str:
    return reverse("tournaments:event_edit", args=[w.running.slug])


def on_event(name: str) -> Url:
    return lambda w: reverse(f"tournaments:{name}", args=[w.event.slug])


def disqualify(w: World) -> str:
    return reverse("tournaments:entry_action", args=[w.event.slug, w.players[0].pk, "disqualify"])


def swap(w: World) -> str:
    return reverse("tournaments:round_swap", args=[w.draft_round.event.slug, 1])


def result_of(pairing: Callable[[World], Pairing | None]) -> Url:
    def url(w: World) -> str:
        target = pairing(w)
        assert target is not None
        return reverse("tournaments:pairing_result", args=[w.running.slug, target.pk])

    return url


def running_form(w: World, **changes: str) -> dict[str, str]:
    return event_form(name="Winter Open", starts_on="2026-04-01", rounds="3") | changes


def pending_table(w: World) -> Pairing | None:
    return (
        Pairing.objects.filter(round__event=w.running, round__number=2, blue__isnull=False)
        .exclude(pk=w.played.pk)
        .first()
    )


def draft_players(w: World) -> list[int]:
    return list(
        Entry.objects.filter(event=w.draft_round.event).order_by("pk").values_list("pk", flat=True)
    )


# (case id, url, data, status, message the page must show, as the client posts it)
CASES: list[tuple[str, Url, Data, int, str]] = [
    # ------------------------------------------------------------ event settings (create)
    ("rounds 0", create, event_form(rounds="0"), 200, "greater than or equal to 1"),
    ("rounds negative", create, event_form(rounds="-3"), 200, "greater than or equal to 1"),
    ("rounds huge", create, event_form(rounds="100000"), 200, "less than or equal to 99"),
    ("rounds 100", create, event_form(rounds="100"), 200, "less than or equal to 99"),
    ("rounds text", create, event_form(rounds="five"), 200, "Enter a whole number."),
    ("rounds empty", create, event_form(rounds=""), 200, "This field is required."),
    ("time control 20分", create, event_form(time_control="20分"), 200, TIME_CONTROL_SYNTAX),
    ("time control 20:00", create, event_form(time_control="20:00"), 200, TIME_CONTROL_SYNTAX),
    ("time control 0+0", create, event_form(time_control="0+0"), 200, "gives the players no time"),
    (
        "time control 99999999+0",
        create,
        event_form(time_control="99999999+0"),
        200,
        "“99999999+0” is too long",
    ),
    ("time control 120s+0", create, event_form(time_control="120s+0"), 200, "Write “2+0”"),
    ("time control 20 min", create, event_form(time_control="20 min"), 200, TIME_CONTROL_SYNTAX),
    ("time control -5+0", create, event_form(time_control="-5+0"), 200, TIME_CONTROL_SYNTAX),
    ("time control ２０+０", create, event_form(time_control="２０+０"), 200, TIME_CONTROL_SYNTAX),
    ("time control empty", create, event_form(time_control=""), 200, "This field is required."),
    ("time control long", create, event_form(time_control="9" * 60), 200, "at most 40"),
    ("win not above loss", create, event_form(points_win="0"), 200, "A win must score more"),
    ("loss negative", create, event_form(points_loss="-1"), 200, "greater than or equal to 0"),
    ("bye negative", create, event_form(points_bye="-0.5"), 200, "greater than or equal to 0"),
    ("points huge", create, event_form(points_win="1e9"), 200, "no more than 5 digits"),
    ("points text", create, event_form(points_win="lots"), 200, "Enter a number."),
    ("points NaN", create, event_form(points_win="NaN"), 200, "Enter a number."),
    ("points 3 decimals", create, event_form(points_bye="0.125"), 200, "2 decimal places"),
    (
        "ends before start",
        create,
        event_form(ends_on="2026-09-30"),
        200,
        "The last day cannot be before the first day.",
    ),
    ("date nonsense", create, event_form(starts_on="2026-13-45"), 200, "Enter a valid date."),
    ("cap 1", create, event_form(registration_cap="1"), 200, "greater than or equal to 2"),
    ("cap 0", create, event_form(registration_cap="0"), 200, "greater than or equal to 2"),
    (
        "cap huge",
        create,
        event_form(registration_cap="99999999999"),
        200,
        "less than or equal to 10000",
    ),
    (
        "top cut missing",
        create,
        event_form(pairing_system="swiss_top_cut"),
        200,
        "The top cut must be 4, 8 or 16 players.",
    ),
    (
        "top cut 5",
        create,
        event_form(pairing_system="swiss_top_cut", top_cut_size="5"),
        200,
        "The top cut must be 4, 8 or 16 players.",
    ),
    ("unknown system", create, event_form(pairing_system="king_of_the_hill"), 200, "valid choice"),
    ("unknown format", create, event_form(game_format="rule_9"), 200, "valid choice"),
    ("unknown visibility", create, event_form(visibility="secret"), 200, "valid choice"),
    ("name empty", create, event_form(name=""), 200, "This field is required."),
    ("name spaces", create, event_form(name="   "), 200, "This field is required."),
    ("name too long", create, event_form(name="長" * 201), 200, "at most 200 characters"),
    ("tie-break unknown", create, event_form(tiebreak_codes="BH, ZZ"), 200, "Unknown tie-break"),
    ("tie-break twice", create, event_form(tiebreak_codes="BH, bh"), 200, "is listed twice"),
    (
        "start position garbage",
        create,
        event_form(start_position_text="red: pieces everywhere"),
        200,
        "Not a valid start position",
    ),
    # ------------------------------------------------------------ event settings (edit)
    ("edit: rounds 0", edit, event_form(name="Spring Open", rounds="0"), 200, "or equal to 1"),
    (
        "edit: time control 20分",
        edit,
        event_form(name="Spring Open", time_control="20分"),
        200,
        TIME_CONTROL_SYNTAX,
    ),
    (
        "edit: time control locked after round 1",
        edit_running,
        lambda w: running_form(w, time_control="10+5"),
        200,
        "This cannot be changed once round 1 has been paired.",
    ),
    (
        "edit: more rounds than players allow",
        edit_running,
        lambda w: running_form(w, rounds="9"),
        200,
        "9 Swiss rounds are impossible with 5 players",
    ),
    # ------------------------------------------------------------ players
    ("add: name empty", on_event("entry_add"), {"name": ""}, 200, "This field is required."),
    ("add: name spaces", on_event("entry_add"), {"name": "  "}, 200, "This field is required."),
    ("add: name long", on_event("entry_add"), {"name": "x" * 101}, 200, "at most 100 characters"),
    (
        "add: name taken",
        on_event("entry_add"),
        {"name": "P1"},
        200,
        "Someone named “P1” is already entered",
    ),
    (
        "add: rating text",
        on_event("entry_add"),
        {"name": "Q", "rating": "high"},
        200,
        "Enter a whole number.",
    ),
    (
        "add: rating negative",
        on_event("entry_add"),
        {"name": "Q", "rating": "-5"},
        200,
        "greater than or equal to 0",
    ),
    (
        "add: rating huge",
        on_event("entry_add"),
        {"name": "Q", "rating": "99999999999"},
        200,
        "less than or equal to 9999",
    ),
    (
        "add: missed points negative",
        on_event("entry_add"),
        {"name": "Q", "missed_round_points": "-1"},
        200,
        "greater than or equal to 0",
    ),
    (
        "add: missed points huge",
        on_event("entry_add"),
        {"name": "Q", "missed_round_points": "1e12"},
        200,
        "no more than 5 digits",
    ),
    (
        "add: unknown account",
        on_event("entry_add"),
        {"name": "Q", "account": "nobody"},
        200,
        "No account with this user name.",
    ),
    ("csv: nothing", on_event("entry_import"), {"text": ""}, 200, "Choose a file or paste"),
    (
        "csv: no name column",
        on_event("entry_import"),
        {"text": "player,elo\nAiko,1500\n"},
        200,
        "The first line must name the columns",
    ),
    (
        "csv: rating huge",
        on_event("entry_import"),
        {"text": "name,rating\nAiko,99999999999\n"},
        200,
        "is not a whole number from 0 to 9999",
    ),
    (
        "csv: name too long",
        on_event("entry_import"),
        {"text": "name\n" + "x" * 101 + "\n"},
        200,
        "The name is longer than 100 characters.",
    ),
    (
        "csv: not utf-8",
        on_event("entry_import"),
        lambda w: {"file": SimpleUploadedFile("p.csv", "name\n大会\n".encode("shift_jis"))},
        200,
        "The file is not UTF-8 text.",
    ),
    (
        "csv: header only",
        on_event("entry_import"),
        {"text": "name,rating\n"},
        200,
        "The CSV file has no players.",
    ),
    (
        "role: unknown user",
        on_event("role_add"),
        {"member": "nobody", "role": "arbiter"},
        200,
        "No account with this user name.",
    ),
    (
        "role: unknown role",
        on_event("role_add"),
        {"member": "host", "role": "king"},
        200,
        "valid choice",
    ),
    ("role: empty", on_event("role_add"), {}, 200, "This field is required."),
    ("status: unknown", on_event("event_status"), {"status": "party"}, 400, "valid choice"),
    ("disqualify: no reason", disqualify, {"reason": ""}, 400, "This field is required."),
    ("disqualify: spaces", disqualify, {"reason": "   "}, 400, "This field is required."),
    ("disqualify: long", disqualify, {"reason": "x" * 501}, 400, "at most 500 characters"),
    (
        "check-in: nobody ticked",
        on_event("entry_check_in_many"),
        {},
        400,
        "Choose at least one player to check in.",
    ),
    ("check-in: not an id", on_event("entry_check_in_many"), {"entries": ["x"]}, 400, "valid"),
    (
        "check-in: another event's player",
        on_event("entry_check_in_many"),
        lambda w: {"entries": [w.other_entry.pk]},
        400,
        "valid choice",
    ),
    # ------------------------------------------------------------ rounds
    ("swap: nothing chosen", swap, {}, 200, "This field is required."),
    ("swap: not an id", swap, {"first": "abc", "second": "1"}, 200, "valid choice"),
    (
        "swap: same player",
        swap,
        lambda w: {"first": draft_players(w)[0], "second": draft_players(w)[0]},
        200,
        "Choose two different players.",
    ),
    (
        "result: nothing chosen",
        result_of(pending_table),
        {"result": ""},
        200,
        "This field is required.",
    ),
    (
        "result: unknown",
        result_of(pending_table),
        {"result": "red_won_on_points"},
        200,
        "valid choice",
    ),
    (
        "result: unknown method",
        result_of(pending_table),
        {"result": "red_won", "method": "magic"},
        200,
        "valid choice",
    ),
    (
        "result: a bye",
        result_of(lambda w: w.bye),
        {"result": "red_won"},
        200,
        "A bye needs no result.",
    ),
    (
        "result: correction without reason",
        result_of(lambda w: w.played),
        {"result": "blue_won", "confirm_correction": "on"},
        200,
        "Give a reason (it is kept in the audit log).",
    ),
    (
        "result: correction not confirmed",
        result_of(lambda w: w.played),
        {"result": "blue_won", "reason": "wrong slip"},
        200,
        "tick the box to correct it",
    ),
]


@pytest.mark.parametrize(
    ("url", "data", "status", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_bad_input_is_shown_inline_and_changes_nothing(
    client: Client, world: World, url: Url, data: Data, status: int, message: str
) -> None:
    client.force_login(world.event.organiser)
    payload = data(world) if callable(data) else data
    before = snapshot()
    response = client.post(url(world), payload, headers={"accept-language": "en"})
    assert response.status_code == status
    html = response.content.decode()
    assert message in html
    assert 'role="alert"' in html
    assert snapshot() == before


def test_the_messages_follow_the_language(client: Client, world: World) -> None:
    client.force_login(world.event.organiser)
    response = client.post(
        reverse("tournaments:event_create"),
        event_form(rounds="0", time_control="20分"),
        headers={"accept-language": "ja"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "「20分」は持ち時間の形式ではありません。" in html
    assert "20+0（公式の各20分・切れ負け）" in html
    assert not Event.objects.filter(name="Autumn Cup").exists()


def test_a_good_form_still_saves(client: Client, world: World) -> None:
    """The same client, with the values fixed, creates the event (the cases are not vacuous)."""
    client.force_login(world.event.organiser)
    response = client.post(reverse("tournaments:event_create"), event_form(time_control="10+5"))
    assert response.status_code == 302
    created = Event.objects.get(name="Autumn Cup")
    assert (created.time_control, created.rounds) == ("10+5", 4)
    assert created.starts_on == dt.date(2026, 10, 1)
