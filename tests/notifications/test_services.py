"""``notifications.services``: notify stores the row in the caller's transaction, nudges the
recipient after commit, and mails the kinds the recipient chose to a verified address, in
the recipient's language; only the recipient reads or marks a notification."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.db import transaction

from notifications.kinds import DEFAULT_EMAIL_KINDS, Kind
from notifications.models import EmailChoice, Notification
from notifications.services import (
    NotificationNotFoundError,
    email_kinds_set,
    mark_read,
    notification_open,
    notify,
    notify_each,
)

pytestmark = pytest.mark.django_db

URL = "/events/spring-open/me/"


def test_notify_stores_the_row_and_nudges_after_commit(
    make_account: Any, nudges: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    kenji = make_account("kenji")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        row = notify(
            kenji, Kind.ROUND_PUBLISHED, params={"event": "Cup", "round": 2, "table": 3}, url=URL
        )
        assert nudges == []  # nothing leaves before the commit
    assert row is not None
    stored = Notification.objects.get()
    assert (stored.recipient, stored.kind, stored.url) == (kenji, "round_published", URL)
    assert stored.params == {"event": "Cup", "round": 2, "table": 3}
    assert stored.read_at is None
    assert len(callbacks) == 1
    assert nudges == [kenji.pk]


def test_a_rolled_back_change_notifies_nobody(
    make_account: Any, nudges: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    kenji = make_account("kenji", email="kenji@example.org")

    def failing_change() -> None:
        with transaction.atomic():
            notify(kenji, Kind.CHALLENGE_RECEIVED, params={"challenger": "Lina"}, url="/play/")
            raise RuntimeError("the caller's change fails")

    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        failing_change()
    assert Notification.objects.count() == 0
    assert nudges == []
    assert mail.outbox == []


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
        "javascript:alert(1)",
        "events/x/",
        "/a b/",
        "/" + "x" * 600,
    ],
)
def test_a_target_outside_the_site_is_refused(make_account: Any, url: str) -> None:
    with pytest.raises(ValueError, match=r"path on this site|no spaces"):
        notify(make_account("kenji"), Kind.GAME_STARTED, params={"opponent": "Lina"}, url=url)
    assert Notification.objects.count() == 0


@pytest.mark.parametrize(
    "params",
    [
        {"board": "a1 general"},  # not a parameter a notification may carry
        {"opponent": {"name": "Lina"}},
        {"opponent": "x" * 151},
        {"round": "2"},
        {"round": -1},
        {"bye": "yes"},
    ],
)
def test_parameters_are_only_names_and_numbers(make_account: Any, params: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="parameter"):
        notify(make_account("kenji"), Kind.GAME_STARTED, params=params, url=URL)


def test_an_unknown_kind_is_refused(make_account: Any) -> None:
    with pytest.raises(ValueError, match="unknown notification kind"):
        notify(make_account("kenji"), "secret_revealed", params={}, url=URL)


def test_a_topic_is_told_once(
    make_account: Any, nudges: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    kenji = make_account("kenji")
    with django_capture_on_commit_callbacks(execute=True):
        first = notify(
            kenji,
            Kind.GAME_STARTED,
            params={"opponent": "Lina"},
            url="/matches/4/",
            topic="match:4:started",
        )
        again = notify(
            kenji,
            Kind.GAME_STARTED,
            params={"opponent": "Lina"},
            url="/matches/4/",
            topic="match:4:started",
        )
        other = notify(
            kenji,
            Kind.GAME_STARTED,
            params={"opponent": "Lina"},
            url="/matches/5/",
            topic="match:5:started",
        )
    assert first is not None
    assert other is not None
    assert again is None
    assert Notification.objects.count() == 2
    assert nudges == [kenji.pk, kenji.pk]


def test_nobody_and_inactive_accounts_are_skipped(make_account: Any) -> None:
    gone = make_account("gone")
    gone.is_active = False
    gone.save()
    assert notify(None, Kind.GAME_STARTED, params={}, url=URL) is None
    assert notify(gone, Kind.GAME_STARTED, params={}, url=URL) is None
    assert notify_each([None, gone.pk], Kind.GAME_STARTED, url=URL) == []
    assert Notification.objects.count() == 0


def test_notify_each_tells_each_account_once(make_account: Any) -> None:
    kenji, lina = make_account("kenji"), make_account("lina")
    rows = notify_each(
        [kenji.pk, lina, kenji, None],
        Kind.RESULT_CONFIRMED,
        params={"event": "Cup", "round": 1},
        url=URL,
    )
    assert sorted(row.recipient_id for row in rows) == sorted([kenji.pk, lina.pk])


# ------------------------------------------------------------------------------ e-mail


def _mail_for(kind: str, recipient: Any, capture: Any, **params: Any) -> None:
    with capture(execute=True):
        notify(recipient, kind, params=params, url="/play/challenges/")


def test_by_default_only_a_challenge_goes_by_email(
    make_account: Any, django_capture_on_commit_callbacks: Any
) -> None:
    assert {"challenge_received"} == DEFAULT_EMAIL_KINDS
    kenji = make_account("kenji", email="kenji@example.org", language="en")
    _mail_for(Kind.GAME_STARTED, kenji, django_capture_on_commit_callbacks, opponent="Lina")
    assert mail.outbox == []
    _mail_for(Kind.CHALLENGE_RECEIVED, kenji, django_capture_on_commit_callbacks, challenger="Lina")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["kenji@example.org"]
    assert message.subject == "[Gunshi Tournament] Challenge received"
    assert "Lina challenged you to a game." in message.body
    assert "http://localhost:8000/play/challenges/" in message.body  # SITE_URL + the path


def test_the_chosen_kinds_go_by_email_and_the_others_do_not(
    make_account: Any, django_capture_on_commit_callbacks: Any
) -> None:
    kenji = make_account("kenji", email="kenji@example.org", language="en")
    email_kinds_set(user=kenji, kinds=[Kind.ROUND_PUBLISHED])
    _mail_for(Kind.CHALLENGE_RECEIVED, kenji, django_capture_on_commit_callbacks, challenger="Lina")
    assert mail.outbox == []  # no longer chosen
    _mail_for(
        Kind.ROUND_PUBLISHED,
        kenji,
        django_capture_on_commit_callbacks,
        event="Cup",
        round=2,
        table=1,
    )
    assert [m.subject for m in mail.outbox] == ["[Gunshi Tournament] Round published"]
    assert "Cup: round 2 is published. You play at table 1." in mail.outbox[0].body


def test_no_email_without_a_verified_address(
    make_account: Any, django_capture_on_commit_callbacks: Any
) -> None:
    unverified = make_account("kenji", email="kenji@example.org", verified=False)
    no_address = make_account("lina")
    for user in (unverified, no_address):
        _mail_for(
            Kind.CHALLENGE_RECEIVED, user, django_capture_on_commit_callbacks, challenger="Mio"
        )
    assert mail.outbox == []
    assert Notification.objects.count() == 2  # the bell has them all the same


def test_the_email_is_in_the_readers_language(
    make_account: Any, django_capture_on_commit_callbacks: Any
) -> None:
    japanese = make_account("kenji", email="kenji@example.org", language="ja")
    browser = make_account("mio", email="mio@example.org")  # "the browser's": the site default
    english = make_account("lina", email="lina@example.org", language="en")
    for user in (japanese, browser, english):
        _mail_for(
            Kind.CHALLENGE_RECEIVED, user, django_capture_on_commit_callbacks, challenger="Sora"
        )
    by_address = {m.to[0]: m for m in mail.outbox}
    assert by_address["kenji@example.org"].subject == "[軍師トーナメント] 対局の申し込み"
    assert "Soraさんから対局の申し込みがありました。" in by_address["kenji@example.org"].body
    assert by_address["mio@example.org"].subject == "[軍師トーナメント] 対局の申し込み"
    assert by_address["lina@example.org"].subject == "[Gunshi Tournament] Challenge received"


def test_the_email_task_checks_the_choice_again(
    make_account: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Between the queueing and the worker, the player switched the kind off: no mail."""
    from notifications.tasks import send_notification_email

    kenji = make_account("kenji", email="kenji@example.org")
    with django_capture_on_commit_callbacks(execute=False):
        row = notify(kenji, Kind.CHALLENGE_RECEIVED, params={"challenger": "Lina"}, url="/play/")
    assert row is not None
    email_kinds_set(user=kenji, kinds=[])
    assert send_notification_email(row.pk) is False
    assert send_notification_email(10**9) is False
    assert mail.outbox == []


def test_email_kinds_set_refuses_unknown_kinds(make_account: Any) -> None:
    kenji = make_account("kenji")
    with pytest.raises(ValueError, match="unknown notification kinds"):
        email_kinds_set(user=kenji, kinds=["everything"])
    assert EmailChoice.objects.count() == 0
    email_kinds_set(user=kenji, kinds=["game_started", "game_started"])
    assert EmailChoice.objects.get(user=kenji).kinds == ["game_started"]


# --------------------------------------------------------------------- reading, marking


def _three_for(user: Any) -> list[Notification]:
    rows = [
        notify(user, Kind.GAME_STARTED, params={"opponent": f"P{i}"}, url=f"/matches/{i}/")
        for i in range(3)
    ]
    return [row for row in rows if row is not None]


def test_mark_read_changes_only_the_readers_own(
    make_account: Any, nudges: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    kenji, lina = make_account("kenji"), make_account("lina")
    mine, theirs = _three_for(kenji), _three_for(lina)
    with django_capture_on_commit_callbacks(execute=True):
        assert mark_read(user=kenji, ids=[mine[0].pk, theirs[0].pk]) == 1
    assert nudges == [kenji.pk]
    assert Notification.objects.filter(recipient=lina, read_at__isnull=True).count() == 3
    assert mark_read(user=kenji) == 2
    assert mark_read(user=kenji) == 0
    assert Notification.objects.filter(recipient=kenji, read_at__isnull=True).count() == 0
    assert Notification.objects.filter(recipient=lina, read_at__isnull=True).count() == 3


def test_only_the_recipient_opens_a_notification(make_account: Any) -> None:
    kenji, lina = make_account("kenji"), make_account("lina")
    row = _three_for(kenji)[0]
    with pytest.raises(NotificationNotFoundError):
        notification_open(user=lina, notification_id=row.pk)
    row.refresh_from_db()
    assert row.read_at is None
    opened = notification_open(user=kenji, notification_id=row.pk)
    assert opened.url == "/matches/0/"
    assert opened.read_at is not None
    first_read = opened.read_at
    assert notification_open(user=kenji, notification_id=row.pk).read_at == first_read
