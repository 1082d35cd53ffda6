"""Entries and accounts (``tournaments.services.accounts``): claiming an entry through its
private link, and entries following their player's new display name."""

from __future__ import annotations

from typing import Any

import pytest

from matches.models import Match
from tests.players.events_world import played_event
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, Entry, Event

pytestmark = pytest.mark.django_db


def _refused(code: str, **kwargs: Any) -> None:
    from tournaments.services.accounts import entry_claim

    with pytest.raises(TournamentError) as caught:
        entry_claim(**kwargs)
    assert caught.value.code == code


def test_claiming_gives_the_entry_and_its_seats_to_the_account(host: Any, make_user: Any) -> None:
    from tournaments.services.accounts import entry_claim

    walkin = make_user("walkin")
    world = played_event(host, {"Aki": None, "Ben": make_user("ben")}, finish=False)
    entry = world.entries["Aki"]
    match = Match.objects.get(pk=world.pairing.match_id)
    seat = "red" if world.pairing.red_id == entry.pk else "blue"
    claimed = entry_claim(user=walkin, token=entry.token)
    assert claimed.user_id == walkin.pk
    match.refresh_from_db()
    assert getattr(match, f"{seat}_player_id") == walkin.pk
    assert claimed.name == "Aki"  # the name the organiser typed stays
    log = AuditLog.objects.get(event=world.event, action="entry_claim")
    assert (log.actor_id, log.actor_entry_id, log.details) == (
        walkin.pk,
        entry.pk,
        {"account": "walkin"},
    )


def test_a_claim_is_refused_for_an_entry_of_another_account(host: Any, make_user: Any) -> None:
    ben = make_user("ben")
    world = played_event(host, {"Aki": None, "Ben": ben}, finish=False)
    thief = make_user("thief")
    _refused("claim_taken", user=thief, token=world.entries["Ben"].token)
    _refused("claim_already_yours", user=ben, token=world.entries["Ben"].token)
    assert Entry.objects.get(pk=world.entries["Ben"].pk).user_id == ben.pk


def test_a_claim_is_refused_without_the_right_link_or_an_account(host: Any, make_user: Any) -> None:
    from django.contrib.auth.models import AnonymousUser

    world = played_event(host, {"Aki": None, "Ben": make_user("ben")}, finish=False)
    walkin = make_user("walkin")
    token = world.entries["Aki"].token
    before = AuditLog.objects.count()
    _refused("claim_bad_link", user=walkin, token=token + "x")
    _refused("claim_bad_link", user=walkin, token="")
    _refused("claim_sign_in", user=AnonymousUser(), token=token)
    _refused("claim_sign_in", user=None, token=token)
    assert Entry.objects.get(token=token).user_id is None
    assert AuditLog.objects.count() == before


def test_a_claim_is_refused_when_the_account_already_plays_in_the_event(
    host: Any, make_user: Any
) -> None:
    ben = make_user("ben")
    world = played_event(host, {"Aki": None, "Ben": ben}, finish=False)
    _refused("claim_has_entry", user=ben, token=world.entries["Aki"].token)
    match = Match.objects.get(pk=world.pairing.match_id)
    assert None in (match.red_player_id, match.blue_player_id)  # Aki's seat is still free


def test_a_second_claim_of_the_same_link_is_refused(host: Any, make_user: Any) -> None:
    from tournaments.services.accounts import entry_claim

    world = played_event(host, {"Aki": None, "Ben": None})
    first, second = make_user("first"), make_user("second")
    entry_claim(user=first, token=world.entries["Aki"].token)
    _refused("claim_taken", user=second, token=world.entries["Aki"].token)


def test_entries_of_unfinished_events_follow_a_new_display_name(host: Any, make_user: Any) -> None:
    from core.accounts.profiles import profile_update
    from tournaments.services.entries import entry_register
    from tournaments.services.events import event_create, event_set_status

    taro = make_user("taro")
    profile_update(
        user=taro,
        display_name="山田 太郎",
        language="",
        time_zone="Asia/Tokyo",
        hidden_from_search=False,
    )
    finished = played_event(host, {"山田 太郎": taro, "Ben": make_user("ben")}, name="Old Cup")
    typed = played_event(
        host, {"Taro Y.": taro, "Cho": make_user("cho")}, name="Typed Cup", finish=False
    )
    import datetime as dt

    open_ = event_create(organiser=host, name="Next Cup", starts_on=dt.date(2026, 5, 1))
    open_ = event_set_status(actor=host, event=open_, status=Event.Status.REGISTRATION)
    entry = entry_register(event=open_, user=taro)
    assert entry.name == "山田 太郎"  # a registration takes the display name
    version = Event.objects.get(pk=open_.pk).version
    profile_update(
        user=taro,
        display_name="Taro",
        language="",
        time_zone="Asia/Tokyo",
        hidden_from_search=False,
    )
    assert Entry.objects.get(pk=entry.pk).name == "Taro"
    assert Event.objects.get(pk=open_.pk).version > version  # cached pages refresh
    assert Entry.objects.get(pk=finished.entries["山田 太郎"].pk).name == "山田 太郎"
    assert Entry.objects.get(pk=typed.entries["Taro Y."].pk).name == "Taro Y."
    game = Match.objects.get(pk=finished.pairing.match_id)
    assert "山田 太郎" in (game.red_name, game.blue_name)  # the record keeps its name


def test_a_new_display_name_already_taken_in_an_event_leaves_the_entry_alone(
    host: Any, make_user: Any
) -> None:
    from core.accounts.profiles import profile_update

    taro = make_user("taro")
    world = played_event(host, {"taro": taro, "Taro": None}, finish=False)
    profile_update(
        user=taro,
        display_name="Taro",
        language="",
        time_zone="Asia/Tokyo",
        hidden_from_search=False,
    )
    assert Entry.objects.get(pk=world.entries["taro"].pk).name == "taro"


def test_unfinished_games_follow_a_new_display_name_and_finished_ones_keep_theirs(
    make_user: Any,
) -> None:
    from core.accounts.profiles import profile_update
    from matches.services.arbiter import match_set_result
    from matches.services.lifecycle import match_create

    taro, ben = make_user("taro"), make_user("ben")
    done = match_create(red_player=taro, blue_player=ben, start=True)
    match_set_result(match_id=done.pk, winner="red")
    waiting = match_create(red_player=ben, blue_player=taro)
    typed = match_create(red_player=taro, blue_player=ben, red_name="T. by the organiser")
    profile_update(
        user=taro,
        display_name="Taro",
        language="",
        time_zone="Asia/Tokyo",
        hidden_from_search=False,
    )
    names = dict(Match.objects.values_list("pk", "red_name"))
    assert names[done.pk] == "taro"
    assert names[typed.pk] == "T. by the organiser"
    assert Match.objects.get(pk=waiting.pk).blue_name == "Taro"
