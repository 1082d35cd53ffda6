"""The arbiter console pages: who may open them, and that every act goes through the services
and lands in the clock log and the audit log."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from matches.models import ClockLogEntry, Match, MatchEvent
from matches.selectors import match_clock_state
from matches.services.decisions import match_submit_action
from matches.services.lifecycle import match_create
from matches.views_arbiter import clock_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def live_match(two_players: Any) -> Match:
    """A running match whose clock runs for Blue (Red's first placement is untimed)."""
    red, blue = two_players
    match = match_create(red_player=red, blue_player=blue, start=True, event_id=7)
    match_submit_action(match_id=match.pk, seat="red", action_text="deploy I c2 N", expected_ply=0)
    match.refresh_from_db()
    return match


def console(match: Match) -> str:
    return reverse("matches:arbiter_console", args=[match.pk])


def test_anonymous_visitors_are_sent_to_log_in(client: Any, live_match: Match) -> None:
    response = client.get(console(live_match))
    assert response.status_code == 302
    assert reverse("core:login") in response["Location"]


def test_a_player_is_not_the_arbiter(client: Any, live_match: Match, two_players: Any) -> None:
    client.force_login(two_players[0])
    assert client.get(console(live_match)).status_code == 403
    response = client.post(console(live_match), {"act": "pause"})
    assert response.status_code == 403
    assert not match_clock_state(Match.objects.get(pk=live_match.pk)).paused


def test_the_event_arbiter_sees_clocks_and_logs(
    client: Any, live_match: Match, event_arbiter: Any
) -> None:
    client.force_login(event_arbiter)
    page = client.get(console(live_match), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Clock log" in page
    assert "Audit log" in page
    assert "deploy I c2 N" not in page  # decision texts stay hidden while the game is on


def test_pause_and_resume_are_logged(client: Any, live_match: Match, event_arbiter: Any) -> None:
    client.force_login(event_arbiter)
    client.post(console(live_match), {"act": "pause", "note": "toilet break"})
    assert match_clock_state(Match.objects.get(pk=live_match.pk)).paused
    client.post(console(live_match), {"act": "resume"})
    assert not match_clock_state(Match.objects.get(pk=live_match.pk)).paused
    kinds = list(MatchEvent.objects.filter(match=live_match).values_list("kind", flat=True))
    assert MatchEvent.Kind.PAUSE in kinds
    assert MatchEvent.Kind.RESUME in kinds
    notes = ClockLogEntry.objects.filter(match=live_match).values_list("note", flat=True)
    assert "toilet break" in notes


def test_adding_time_needs_a_reason_and_is_charged_to_the_chosen_seat(
    client: Any, live_match: Match, event_arbiter: Any
) -> None:
    client.force_login(event_arbiter)
    before = match_clock_state(live_match).remaining_ms
    response = client.post(
        console(live_match),
        {"act": "adjust", "adjust-seat": "red", "adjust-seconds": "30", "adjust-reason": ""},
    )
    assert response.status_code == 400  # the form comes back with its error
    assert response.context["adjust_form"].errors["reason"]
    assert match_clock_state(Match.objects.get(pk=live_match.pk)).remaining_ms == before

    client.post(
        console(live_match),
        {
            "act": "adjust",
            "adjust-seat": "red",
            "adjust-seconds": "30",
            "adjust-reason": "clock fault at table 3",
        },
    )
    after = match_clock_state(Match.objects.get(pk=live_match.pk)).remaining_ms
    assert after[0] == before[0] + 30_000
    entry = ClockLogEntry.objects.filter(match=live_match).order_by("seq").last()
    assert entry is not None
    assert entry.delta_ms == 30_000
    assert entry.note == "clock fault at table 3"


def test_setting_the_result_finishes_the_match(
    client: Any, live_match: Match, event_arbiter: Any
) -> None:
    client.force_login(event_arbiter)
    client.post(
        console(live_match),
        {
            "act": "result",
            "result-winner": "blue",
            "result-method": "arbiter",
            "result-reason": "Red left the venue",
            "result-confirm": "on",
        },
    )
    match = Match.objects.get(pk=live_match.pk)
    assert match.status == Match.Status.FINISHED
    assert (match.winner, match.method) == ("blue", "arbiter")


def test_the_event_console_pauses_and_resumes_every_running_board(
    client: Any, live_match: Match, event_arbiter: Any, two_players: Any
) -> None:
    other = match_create(red_player=two_players[0], blue_player=two_players[1], event_id=8)
    client.force_login(event_arbiter)
    url = reverse("matches:arbiter_event_console", args=[7])
    assert client.get(reverse("matches:arbiter_event_console", args=[8])).status_code == 403
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert console(live_match) in page
    assert console(other) not in page  # another event's board
    client.post(url, {"act": "pause_all"})
    assert match_clock_state(Match.objects.get(pk=live_match.pk)).paused
    client.post(url, {"act": "resume_all"})
    assert not match_clock_state(Match.objects.get(pk=live_match.pk)).paused


@pytest.mark.parametrize(
    ("ms", "text"), [(1_200_000, "20:00"), (61_999, "1:01"), (9_950, "0:09.9"), (-5, "0:00.0")]
)
def test_clock_text_reads_like_a_clock(ms: int, text: str) -> None:
    assert clock_text(ms) == text


def test_a_disputed_over_the_board_flag_is_shown_with_the_reports_and_the_clock_log(
    client: Any, two_players: Any, event_arbiter: Any
) -> None:
    import datetime as dt

    from matches.services.otb import otb_clock_press, otb_report_result
    from matches.services.timeouts import match_adjudicate_timeout

    red, blue = two_players
    start = dt.datetime(2030, 1, 1, 12, tzinfo=dt.UTC)
    table = match_create(
        red_player=red, blue_player=blue, kind="otb", time_control="1+0", start=True, event_id=7
    )
    otb_clock_press(match_id=table.pk, seat="red", expected_ply=0, requester_seat="red", now=start)
    otb_report_result(match_id=table.pk, seat="blue", winner="blue", method="intrusion", now=start)
    client.force_login(event_arbiter)
    page = client.get(console(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Blue (ren) reported: Blue wins by Intrusion." in page
    assert "Waiting for the opponent to confirm." in page
    assert match_adjudicate_timeout(match_id=table.pk, now=start + dt.timedelta(minutes=1))
    table.refresh_from_db()
    assert (table.status, table.disputed) == ("running", True)  # held for the arbiter
    page = client.get(console(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Disputed: the arbiter decides." in page
    assert "Blue (ren) reported: Blue wins by Intrusion." in page
    assert "Blue (ren): the flag fell. By the clock, Red wins on time." in page
    assert "<td>Flag fell</td>" in page  # the clock log, the evidence
    boards = reverse("matches:arbiter_event_console", args=[7])
    page = client.get(boards, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'class="arbiter__disputed">disputed' in page


def test_the_console_shows_the_no_show_deadline_and_applies_the_rule(
    client: Any, two_players: Any, event_arbiter: Any
) -> None:
    red, blue = two_players
    match = match_create(
        red_player=red, blue_player=blue, start=True, event_id=7, no_show_limit_ms=300_000
    )
    client.force_login(event_arbiter)
    page = client.get(console(match), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Waiting for Red (no clock runs)" in page
    assert "data-no-show-deadline" in page
    response = client.post(console(match), {"act": "no_show", "note": "Red never arrived"})
    assert response.status_code == 400  # not confirmed: nothing happens, the reason stays
    assert 'value="Red never arrived"' in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING
    response = client.post(
        console(match), {"act": "no_show", "note": "Red never arrived", "confirm": "on"}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "blue", "no_show")
    assert match.events.get(kind=MatchEvent.Kind.NO_SHOW).actor == event_arbiter


def test_the_console_shows_no_no_show_deadline_when_the_rule_is_off(
    client: Any, live_match: Match, event_arbiter: Any
) -> None:
    client.force_login(event_arbiter)
    page = client.get(console(live_match), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "data-no-show-deadline" not in page


def test_a_gunshi_console_offers_no_draw_and_refuses_one(
    client: Any, live_match: Match, event_arbiter: Any
) -> None:
    client.force_login(event_arbiter)
    page = client.get(console(live_match)).content.decode()
    assert 'name="result-winner"' in page
    assert '<option value="draw"' not in page
    client.post(
        console(live_match),
        {
            "act": "result",
            "result-winner": "draw",
            "result-method": "arbiter",
            "result-reason": "no draw in 軍師軍略",
        },
    )
    assert Match.objects.get(pk=live_match.pk).status == Match.Status.RUNNING


def test_a_console_of_a_game_with_draws_sets_a_draw(
    client: Any, two_players: Any, event_arbiter: Any
) -> None:
    red, blue = two_players
    match = match_create(
        red_player=red, blue_player=blue, start=True, event_id=7, kind="otb", game="strategem"
    )
    client.force_login(event_arbiter)
    assert '<option value="draw"' in client.get(console(match)).content.decode()
    client.post(
        console(match),
        {
            "act": "result",
            "result-winner": "draw",
            "result-method": "arbiter",
            "result-reason": "equal HP at time, 加護 unowned",
            "result-confirm": "on",
        },
    )
    match.refresh_from_db()
    assert (match.status, match.winner) == (Match.Status.FINISHED, "draw")


def test_a_started_game_waiting_for_an_absent_seat_offers_the_no_show_forfeit(
    client: Any, two_players: Any, event_arbiter: Any
) -> None:
    """ "Start all" before the players arrive: after the start deadline the match console of
    the running game offers the no-show forfeit of the seat it waits for, and it works."""
    import datetime as dt

    from django.utils import timezone

    from matches.services.arbiter import event_start_waiting

    red, blue = two_players
    match = match_create(
        red_player=red,
        blue_player=blue,
        event_id=7,
        start_by=timezone.now() - dt.timedelta(seconds=5),
    )
    event_start_waiting(event_id=7)
    client.force_login(event_arbiter)
    page = client.get(console(match), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Forfeit as a no-show" in page
    assert "Start this game now" not in page  # it has started already
    response = client.post(
        console(match),
        {"act": "forfeit_absent", "seat": "red", "note": "absent", "confirm": "on"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "blue", "no_show")
