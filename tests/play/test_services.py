"""play.services against the database: create with its checks and limits, cancel, decline,
accept (colours, the started match, the race of two accepters), expiry at read time and by the
periodic task."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone

from matches.models import Match
from play.errors import PlayError
from play.models import Seek
from play.selectors import lobby_rows, own_rows, seek_effective_status
from play.services import (
    seek_accept,
    seek_cancel,
    seek_create,
    seek_decline,
    seek_expire_overdue,
)
from play.tasks import seek_expire_task
from tests.races import race, skip_unless_postgresql

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)


def lobby(creator: Any, **fields: Any) -> Seek:
    fields.setdefault("now", timezone.now())
    return seek_create(creator=creator, kind=Seek.Kind.LOBBY, **fields)


# ------------------------------------------------------------------------------- create


def test_a_lobby_seek_keeps_the_choices_and_expires_after_the_lobby_time(aoi: Any) -> None:
    seek = seek_create(
        creator=aoi,
        kind="lobby",
        game="gunshi",
        variant="expansion",
        time_control="10+5",
        rated=True,
        colour="red",
        now=NOW,
    )
    seek.refresh_from_db()
    assert (seek.game, seek.variant, seek.time_control, seek.rated, seek.colour) == (
        "gunshi",
        "expansion",
        "10+5",
        True,
        "red",
    )
    assert seek.status == Seek.Status.OPEN
    assert seek.expires_at == NOW + dt.timedelta(minutes=15)
    assert seek.target is None
    assert len(seek.token) >= 20


def test_challenges_wait_a_day(aoi: Any, ren: Any) -> None:
    link = seek_create(creator=aoi, kind="link", now=NOW)
    direct = seek_create(creator=aoi, kind="direct", opponent="REN", now=NOW)
    assert link.expires_at == direct.expires_at == NOW + dt.timedelta(hours=24)
    assert direct.target == ren  # the user name is matched without case


def test_a_direct_challenge_rings_the_addressees_bell_and_nobody_elses(aoi: Any, ren: Any) -> None:
    from notifications.models import Notification

    direct = seek_create(creator=aoi, kind="direct", opponent="ren", now=NOW)
    seek_create(creator=aoi, kind="link", now=NOW)
    notice = Notification.objects.get()
    assert (notice.recipient, notice.kind) == (ren, "challenge_received")
    assert notice.url == f"/play/c/{direct.token}/"


def test_junqi_variants_are_kept_in_their_canonical_order(aoi: Any) -> None:
    seek = lobby(aoi, game="junqi", junqi_variants=["free_hq", "exploding_mines"], variant="x")
    assert seek.junqi_variants == ["exploding_mines", "free_hq"]
    assert seek.variant == "basic"  # the 軍師軍略 format does not apply


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"game": "chess"}, "unknown_game", "game"),
        ({"game": "strategem"}, "unknown_game", "game"),  # over the board only
        ({"game": "sangoku_seisuiki"}, "unknown_game", "game"),  # not two players
        ({"variant": "blitz"}, "unknown_format", "variant"),
        ({"game": "junqi", "junqi_variants": ["nukes"]}, "invalid_junqi_variants", None),
        ({"time_control": "twenty"}, "invalid_time_control", "time_control"),
        ({"time_control": "20+0:00"}, "invalid_time_control", "time_control"),
        ({"time_control": "4s+0"}, "time_control_too_short", "time_control"),
        ({"time_control": "181+0"}, "time_control_too_long", "time_control"),
        ({"time_control": "10+61"}, "time_control_too_long", "time_control"),
        ({"colour": "green"}, "unknown_colour", "colour"),
        ({"kind": "broadcast"}, "unknown_kind", "kind"),
        ({"kind": "direct", "opponent": ""}, "player_required", "opponent"),
        ({"kind": "direct", "opponent": "nobody"}, "unknown_player", "opponent"),
        ({"kind": "direct", "opponent": "aoi"}, "own_challenge", "opponent"),
    ],
)
def test_bad_choices_are_refused_with_a_clear_error(
    aoi: Any, fields: dict[str, Any], code: str, field: str | None
) -> None:
    fields = {"kind": "lobby", **fields}
    with pytest.raises(PlayError) as refused:
        seek_create(creator=aoi, **fields)
    assert refused.value.code == code
    if field is not None:
        assert refused.value.field == field
    assert refused.value.message()
    assert not Seek.objects.exists()


def test_the_shortest_clock_is_five_seconds(aoi: Any) -> None:
    assert lobby(aoi, time_control="5s+0").time_control == "5s+0"


def test_an_anonymous_visitor_cannot_create(db: None) -> None:
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(PlayError) as refused:
        seek_create(creator=AnonymousUser(), kind="lobby")
    assert refused.value.code == "login_required"


@override_settings(PLAY_MAX_OPEN_SEEKS=2, PLAY_SEEKS_PER_MINUTE=100)
def test_at_most_n_open_seeks_per_player(aoi: Any, ren: Any) -> None:
    first = lobby(aoi, now=NOW)
    lobby(aoi, now=NOW)
    with pytest.raises(PlayError) as refused:
        lobby(aoi, now=NOW)
    assert refused.value.code == "too_many_open_seeks"
    assert refused.value.http_status == 429
    lobby(ren, now=NOW)  # another player has limits of their own
    seek_cancel(seek_id=first.pk, actor=aoi, now=NOW)
    lobby(aoi, now=NOW)  # a cancelled seek frees its place
    # An expired one does too, even before the task marks it.
    assert lobby(aoi, now=NOW + dt.timedelta(minutes=16))


@override_settings(PLAY_MAX_OPEN_SEEKS=100, PLAY_SEEKS_PER_MINUTE=3)
def test_seek_flooding_is_rate_limited_per_minute(aoi: Any) -> None:
    for second in range(3):
        seek = lobby(aoi, now=NOW + dt.timedelta(seconds=second))
        seek_cancel(seek_id=seek.pk, actor=aoi, now=NOW + dt.timedelta(seconds=second))
    with pytest.raises(PlayError) as refused:
        lobby(aoi, now=NOW + dt.timedelta(seconds=30))
    assert refused.value.code == "seek_rate_limited"
    # Cancelling does not give the creations back; a minute later the window has moved on.
    assert lobby(aoi, now=NOW + dt.timedelta(seconds=61))


# -------------------------------------------------------------------------- cancel, decline


def test_only_the_creator_cancels_and_only_while_open(aoi: Any, ren: Any) -> None:
    seek = lobby(aoi)
    with pytest.raises(PlayError) as refused:
        seek_cancel(seek_id=seek.pk, actor=ren)
    assert refused.value.code == "not_your_seek"
    assert refused.value.http_status == 403
    seek_cancel(seek_id=seek.pk, actor=aoi)
    seek.refresh_from_db()
    assert seek.status == Seek.Status.CANCELLED
    assert seek.closed_at is not None
    with pytest.raises(PlayError) as again:
        seek_cancel(seek_id=seek.pk, actor=aoi)
    assert again.value.code == "seek_not_open"
    with pytest.raises(PlayError) as gone:
        seek_accept(seek_id=seek.pk, actor=ren)
    assert gone.value.code == "seek_not_open"


def test_only_the_challenged_player_declines(aoi: Any, ren: Any, kai: Any) -> None:
    seek = seek_create(creator=aoi, kind="direct", opponent="ren")
    for outsider in (aoi, kai):
        with pytest.raises(PlayError) as refused:
            seek_decline(seek_id=seek.pk, actor=outsider)
        assert refused.value.code == "not_for_you"
    seek_decline(seek_id=seek.pk, actor=ren)
    seek.refresh_from_db()
    assert seek.status == Seek.Status.DECLINED
    link = seek_create(creator=aoi, kind="link")
    with pytest.raises(PlayError):
        seek_decline(seek_id=link.pk, actor=ren)  # a link is not addressed to anyone


# ---------------------------------------------------------------------------------- accept


def test_accepting_starts_the_game_with_both_players(aoi: Any, ren: Any) -> None:
    seek = lobby(aoi, colour="blue", rated=True, time_control="10+5", variant="expansion")
    seek = seek_accept(seek_id=seek.pk, actor=ren)
    assert seek.status == Seek.Status.ACCEPTED
    assert seek.accepted_by == ren
    match = Match.objects.get(pk=seek.match_id)
    assert match.status == Match.Status.RUNNING  # both go straight to the board
    assert (match.red_player, match.blue_player) == (ren, aoi)
    assert (match.red_name, match.blue_name) == ("Ren Sato", "青井 葵")  # display names
    assert match.rated is True
    assert match.event_id is None
    assert match.time_control == "10+5"
    assert match.game == "gunshi"
    assert match.variant == "expansion"
    assert match.meta == {"seek_id": seek.pk}
    assert match.started_at is not None


def test_a_junqi_seek_plays_its_variants(aoi: Any, ren: Any) -> None:
    seek = lobby(aoi, game="junqi", junqi_variants=["open_pieces"], colour="red")
    match = seek_accept(seek_id=seek.pk, actor=ren).match
    assert match is not None
    assert match.game == "junqi"
    assert match.game_format.get("open_pieces") is True
    assert match.rated is False
    assert match.setup_deadline is not None  # the shared set-up countdown runs


def test_random_colours_give_each_seat_to_either_player(aoi: Any, ren: Any) -> None:
    creator_seats = set()
    for _ in range(40):
        seek = lobby(aoi, colour="random")
        match = seek_accept(seek_id=seek.pk, actor=ren).match
        assert match is not None
        assert {match.red_player, match.blue_player} == {aoi, ren}
        creator_seats.add("red" if match.red_player == aoi else "blue")
        Seek.objects.filter(pk=seek.pk).delete()  # keep under the open-seek limits
        if creator_seats == {"red", "blue"}:
            break
    assert creator_seats == {"red", "blue"}


def test_a_player_cannot_accept_their_own_seek(aoi: Any) -> None:
    seek = lobby(aoi)
    with pytest.raises(PlayError) as refused:
        seek_accept(seek_id=seek.pk, actor=aoi)
    assert refused.value.code == "own_seek"
    assert not Match.objects.exists()


def test_an_expired_seek_cannot_be_accepted(aoi: Any, ren: Any) -> None:
    seek = lobby(aoi, now=NOW)
    with pytest.raises(PlayError) as refused:
        seek_accept(seek_id=seek.pk, actor=ren, now=NOW + dt.timedelta(minutes=15))
    assert refused.value.code == "seek_expired"
    assert not Match.objects.exists()


def test_a_challenge_link_needs_its_token(aoi: Any, ren: Any) -> None:
    seek = seek_create(creator=aoi, kind="link")
    for token in ("", seek.token[:-1] + "x"):
        with pytest.raises(PlayError) as refused:
            seek_accept(seek_id=seek.pk, actor=ren, token=token)
        assert refused.value.code == "bad_token"
    assert seek_accept(seek_id=seek.pk, actor=ren, token=seek.token).match is not None


def test_a_direct_challenge_is_for_its_player_only(aoi: Any, ren: Any, kai: Any) -> None:
    seek = seek_create(creator=aoi, kind="direct", opponent="ren")
    with pytest.raises(PlayError) as refused:
        seek_accept(seek_id=seek.pk, actor=kai, token=seek.token)
    assert refused.value.code == "not_for_you"
    assert seek_accept(seek_id=seek.pk, actor=ren).match is not None


def test_a_seek_is_accepted_once(aoi: Any, ren: Any, kai: Any) -> None:
    seek = lobby(aoi)
    seek_accept(seek_id=seek.pk, actor=ren)
    with pytest.raises(PlayError) as refused:
        seek_accept(seek_id=seek.pk, actor=kai)
    assert refused.value.code == "seek_not_open"
    assert Match.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_players_accepting_at_once_get_one_game(aoi: Any, ren: Any, kai: Any) -> None:
    """The seek row lock orders the two accepts: one game, one refusal (PostgreSQL)."""
    skip_unless_postgresql()
    seek = lobby(aoi)
    results = race(
        [
            lambda: seek_accept(seek_id=seek.pk, actor=ren),
            lambda: seek_accept(seek_id=seek.pk, actor=kai),
        ],
        PlayError,
    )
    refusals = [r for r in results if isinstance(r, PlayError)]
    assert len(refusals) == 1, results
    assert refusals[0].code == "seek_not_open"
    assert Match.objects.count() == 1
    seek.refresh_from_db()
    assert seek.match_id == Match.objects.get().pk


@pytest.mark.django_db(transaction=True)
@override_settings(PLAY_MAX_OPEN_SEEKS=1, PLAY_SEEKS_PER_MINUTE=100)
def test_two_creations_at_once_respect_the_open_seek_limit(aoi: Any) -> None:
    skip_unless_postgresql()
    results = race([lambda: lobby(aoi), lambda: lobby(aoi)], PlayError)
    assert sum(isinstance(r, PlayError) for r in results) == 1, results
    assert Seek.objects.count() == 1


# ---------------------------------------------------------------------------------- expiry


def test_reads_never_show_an_expired_seek_as_open(aoi: Any, ren: Any) -> None:
    seek = lobby(aoi, now=NOW)
    later = NOW + dt.timedelta(minutes=15)
    assert [row.pk for row in lobby_rows(viewer=ren, now=NOW)] == [seek.pk]
    assert lobby_rows(viewer=ren, now=later) == []
    assert own_rows(user=aoi, now=later) == []
    assert seek_effective_status(seek, later) == Seek.Status.EXPIRED
    seek.refresh_from_db()
    assert seek.status == Seek.Status.OPEN  # not marked yet: the task does that


def test_the_periodic_task_marks_expired_seeks(aoi: Any, ren: Any) -> None:
    old = lobby(aoi, now=timezone.now() - dt.timedelta(minutes=20))
    fresh = lobby(aoi)
    link = seek_create(creator=aoi, kind="link", now=timezone.now() - dt.timedelta(hours=25))
    assert seek_expire_task.delay().get() == 2
    for seek, status in ((old, "expired"), (fresh, "open"), (link, "expired")):
        seek.refresh_from_db()
        assert seek.status == status
    assert seek_expire_overdue() == 0  # nothing left to do: it may run any number of times


def test_the_beat_schedule_runs_the_expiry_task() -> None:
    from django.conf import settings

    entry = settings.CELERY_BEAT_SCHEDULE["play-expire-seeks"]
    assert entry["task"] == seek_expire_task.name
