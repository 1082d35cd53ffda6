"""``tournaments.notices``: what the tournament services put in their players' bells.

Each test drives the services as organisers, arbiters and players do, and reads the stored
notifications: who got which kind, once, with the event's name and the round and table
numbers, linking to the player's "My games" page. Players of a private link have no bell.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import Q

from matches.models import Match
from matches.services.arbiter import match_set_result
from notifications.kinds import Kind
from notifications.models import Notification
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_report, result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _told(kind: str) -> dict[str, int]:
    """How many notices of ``kind`` each account got, by user name."""
    counts: dict[str, int] = {}
    for row in Notification.objects.filter(kind=kind).select_related("recipient"):
        name = row.recipient.get_username()
        counts[name] = counts.get(name, 0) + 1
    return counts


def _published(make_online_event: Any, capture: Any, **options: Any) -> tuple[Event, Round]:
    event = make_online_event(**options)
    event = event_set_status(actor=event.organiser, event=event, status=Event.Status.RUNNING)
    round_ = round_pair(actor=event.organiser, event=event)
    assert Notification.objects.count() == 0  # a draft tells nobody
    with capture(execute=True):
        round_publish(actor=event.organiser, round=round_)
    return event, round_


def _table(round_: Round) -> tuple[Pairing, Entry, Entry]:
    pairing = Pairing.objects.select_related("red", "blue").get(round=round_, blue__isnull=False)
    assert pairing.blue is not None
    return pairing, pairing.red, pairing.blue


def test_publishing_a_round_tells_each_player_their_table_or_bye(
    make_online_event: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event, round_ = _published(
        make_online_event, django_capture_on_commit_callbacks, walk_in=True, rounds=2
    )
    rows = {
        row.recipient.get_username(): row
        for row in Notification.objects.filter(kind=Kind.ROUND_PUBLISHED).select_related(
            "recipient"
        )
    }
    assert set(rows) == {"kenji", "lina"}  # Mio plays by private link: no bell; not the host
    for name, row in rows.items():
        entry = Entry.objects.get(event=event, user__username=name)
        pairing = Pairing.objects.get(Q(red=entry) | Q(blue=entry), round=round_)
        assert row.url == f"/events/{event.slug}/me/"
        if pairing.blue_id is None:
            assert row.params == {"event": event.name, "round": 1, "bye": True}
        else:
            assert row.params == {"event": event.name, "round": 1, "table": pairing.table}


def test_a_confirmed_result_is_told_once_and_a_correction_says_corrected(
    make_online_event: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event, round_ = _published(make_online_event, django_capture_on_commit_callbacks, online=False)
    pairing, red, blue = _table(round_)
    result_report(entry=red, pairing=pairing, result="red_won")
    assert _told(Kind.RESULT_CONFIRMED) == {}  # a report waits for the opponent
    result_report(entry=blue, pairing=pairing, result="red_won")  # the opponent confirms
    assert _told(Kind.RESULT_CONFIRMED) == {"kenji": 1, "lina": 1}

    result_set(actor=event.organiser, pairing=pairing, result="blue_won", reason="slip misread")
    assert _told(Kind.RESULT_CONFIRMED) == {"kenji": 1, "lina": 1}  # not "confirmed" again
    assert _told(Kind.RESULT_CORRECTED) == {"kenji": 1, "lina": 1}
    corrected = Notification.objects.filter(kind=Kind.RESULT_CORRECTED).first()
    assert corrected is not None
    assert corrected.params == {"event": event.name, "round": 1}

    # Setting the same result again changes nothing, and tells nobody.
    result_set(actor=event.organiser, pairing=pairing, result="blue_won", reason="again")
    assert _told(Kind.RESULT_CORRECTED) == {"kenji": 1, "lina": 1}


def test_a_dispute_is_told_once_and_the_ruling_confirms(
    make_online_event: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event, round_ = _published(make_online_event, django_capture_on_commit_callbacks, online=False)
    pairing, red, blue = _table(round_)
    result_report(entry=red, pairing=pairing, result="red_won")
    result_report(entry=blue, pairing=pairing, result="blue_won")
    assert _told(Kind.RESULT_DISPUTED) == {"kenji": 1, "lina": 1}
    result_report(entry=red, pairing=pairing, result="red_won_by_forfeit")  # still disputed
    assert _told(Kind.RESULT_DISPUTED) == {"kenji": 1, "lina": 1}

    result_set(actor=event.organiser, pairing=pairing, result="blue_won")  # the ruling
    assert _told(Kind.RESULT_CONFIRMED) == {"kenji": 1, "lina": 1}
    assert _told(Kind.RESULT_CORRECTED) == {}


def test_a_clocked_games_result_reaches_the_table_and_is_told_once(
    make_online_event: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The game's result (through ``match_finished``) confirms the table: its players hear it
    once, from the tournament (with the event and round), not a second time from the match."""
    event, round_ = _published(make_online_event, django_capture_on_commit_callbacks)
    pairing, _red, _blue = _table(round_)
    assert pairing.match_id is not None
    with django_capture_on_commit_callbacks(execute=True):
        match_set_result(match_id=pairing.match_id, winner="red", actor=event.organiser)
    pairing.refresh_from_db()
    assert pairing.confirmation == Pairing.Confirmation.CONFIRMED
    assert _told(Kind.RESULT_CONFIRMED) == {"kenji": 1, "lina": 1}
    row = Notification.objects.filter(kind=Kind.RESULT_CONFIRMED).first()
    assert row is not None
    assert row.params == {"event": event.name, "round": 1}

    # An arbiter corrects the game: the table takes it, and its players hear "corrected".
    with django_capture_on_commit_callbacks(execute=True):
        match_set_result(
            match_id=pairing.match_id, winner="blue", actor=event.organiser, reason="wrong flag"
        )
    assert Match.objects.get(pk=pairing.match_id).winner == "blue"
    assert _told(Kind.RESULT_CORRECTED) == {"kenji": 1, "lina": 1}
    assert _told(Kind.RESULT_CONFIRMED) == {"kenji": 1, "lina": 1}


def test_a_rolled_back_publication_tells_nobody(
    make_online_event: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tournaments.services import publication

    event = make_online_event()
    round_ = round_pair(actor=event.organiser, event=event)

    def fail(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the audit row cannot be written")

    monkeypatch.setattr(publication, "_audit", fail)
    with pytest.raises(RuntimeError, match="audit"):
        round_publish(actor=event.organiser, round=round_)
    assert Notification.objects.count() == 0
