"""Set-ups: each puts the shared world in the state an endpoint expects before its request."""

from __future__ import annotations

from typing import Any

from tests.security.matrix_rows.base import Setup, form_data, legal_action, url
from tests.security.security_world import (
    World,
)

# -------------------------------------------------------------------------------- set-ups


def pause(online: bool = True) -> Setup:
    def setup(w: World) -> None:
        from matches.services.arbiter import match_pause

        match_pause(match_id=(w.online_match if online else w.otb_match).pk)

    return setup


def no_show_limit(w: World) -> None:
    """The online match waits for Red's untimed first placement under a no-show limit."""
    from matches.models import Match

    Match.objects.filter(pk=w.online_match.pk).update(no_show_limit_ms=60_000)


def online_waiting(w: World) -> None:
    """The online match is back to ``pending``: published, waiting for its players to join."""
    from matches.models import Match

    Match.objects.filter(pk=w.online_match.pk).update(status=Match.Status.PENDING)


def online_overdue(w: World) -> None:
    """The online match still waits for its players after its start deadline."""
    from datetime import timedelta

    from django.utils import timezone

    from matches.models import Match

    Match.objects.filter(pk=w.online_match.pk).update(
        status=Match.Status.PENDING, start_by=timezone.now() - timedelta(minutes=1)
    )


def online_started_overdue(w: World) -> None:
    """The online match was started (by an arbiter) and its start deadline has passed with
    Red's untimed first placement still not made (rule ``NO_FIRST_DECISION``)."""
    from datetime import timedelta

    from django.utils import timezone

    from matches.models import Match

    Match.objects.filter(pk=w.online_match.pk).update(
        start_by=timezone.now() - timedelta(minutes=1)
    )


def both_waiting(w: World) -> None:
    """Both matches of the home event wait to start (the round's table and the online game)."""
    from matches.models import Match

    Match.objects.filter(pk__in=[w.online_match.pk, w.otb_match.pk]).update(
        status=Match.Status.PENDING
    )


def pause_both(w: World) -> None:
    pause(True)(w)
    pause(False)(w)


def blue_reported_otb(w: World) -> None:
    from matches.services.otb import otb_report_result

    otb_report_result(match_id=w.otb_match.pk, seat="blue", winner="red", method="general_captured")


def blue_reported_table(w: World) -> None:
    from tournaments.services.results import result_report

    result_report(entry=w.entries["blue"], pairing=w.pairing, result="red_won")


def flag_fallen(w: World) -> None:
    """Replace the online match by one whose Blue flag fell two hours ago (nobody claimed)."""
    import datetime as dt

    from django.utils import timezone

    from matches.services.decisions import match_submit_action
    from matches.services.lifecycle import match_create

    long_ago = timezone.now() - dt.timedelta(hours=2)
    match = match_create(
        red_player=w.users["red"],
        blue_player=w.users["blue"],
        event_id=w.home.pk,
        start=True,
        now=long_ago,
    )
    match_submit_action(
        match_id=match.pk,
        seat="red",
        action_text=legal_action(match.pk),
        expected_ply=0,
        now=long_ago,
    )
    w.online_match = match


def online_finished(w: World) -> None:
    """The online match is over (Blue resigned): its record is published."""
    from matches.services.decisions import match_resign

    match_resign(match_id=w.online_match.pk, seat="blue")
    w.online_match.refresh_from_db()


def open_checked_in(w: World) -> None:
    from tournaments.services.entries import entry_check_in

    entry_check_in(entry=w.open_entries["red"], checked_in=True, by_token=True)


def open_withdrawn(w: World) -> None:
    from tournaments.services.entries import entry_withdraw

    entry_withdraw(entry=w.open_entries["red"], by_token=True)


def open_full(w: World) -> None:
    """Open Cup's two places are taken (by red and blue): a registration joins the waitlist."""
    from tournaments.services.events import event_update

    event_update(actor=w.users["organiser"], event=w.open, registration_cap=2)


def spectator_waitlisted(w: World) -> None:
    """The spectator waits for a place in the full Open Cup."""
    from tournaments.services.entries import entry_register

    open_full(w)
    entry_register(event=w.open, user=w.users["spectator"])


def add_walk_in(w: World) -> None:
    """A player without an account in Open Cup, who plays through their private link."""
    from tournaments.services.entries import entry_add

    entry_add(actor=w.users["organiser"], event=w.open, name="Walk-in")


def walk_in(w: World) -> Any:
    from tournaments.models import Entry

    return Entry.objects.get(event=w.open, name="Walk-in")


def waitlisted_entry(w: World) -> Any:
    from tournaments.models import Entry

    return Entry.objects.get(event=w.open, user=w.users["spectator"])


def open_draft_round(w: World) -> None:
    from tournaments.services.rounds import round_pair

    round_pair(actor=w.users["organiser"], event=w.open)


def open_published_round(w: World) -> None:
    from tournaments.models import Round
    from tournaments.services.publication import round_publish

    open_draft_round(w)
    round_publish(actor=w.users["organiser"], round=Round.objects.get(event=w.open, number=1))


def open_four_players_draft(w: World) -> None:
    from tournaments.services.entries import entry_add

    for name in ("Walk-in A", "Walk-in B"):
        entry_add(actor=w.users["organiser"], event=w.open, name=name)
    open_draft_round(w)


def swap_request(w: World) -> tuple[str, dict[str, Any]]:
    from django.db.models import Q

    from tournaments.models import Pairing

    red = w.open_entries["red"]
    own = Pairing.objects.get(Q(red=red) | Q(blue=red), round__event=w.open)
    other = Pairing.objects.exclude(pk=own.pk).get(round__event=w.open)
    return url("tournaments:round_swap", slug=w.open.slug, number=1), {
        "first": red.pk,
        "second": other.red_id,
        "allow_rematch": "on",
    }


def event_form(w: World, event: str, **changes: Any) -> dict[str, Any]:
    from tournaments.forms import EventForm

    return form_data(EventForm(instance=getattr(w, event)), **changes)
