"""The rows of the permission matrix (tests/security/test_permission_matrix.py and
test_permission_matrix_sockets.py): every state-changing endpoint and who may use it.

A ``Row`` is one HTTP endpoint (a URL name, with a ``variant`` for the actions chosen inside one
URL), the roles of ``security_world`` allowed to use it, how to build its request from the
world and, for the rows that need it, a ``setup`` that puts the world in the state the endpoint
expects. A ``SocketRow`` is one message type of the match WebSocket. The tables live apart from
the tests so that the HTTP tests (which share one world per module) and the socket tests (which
need real commits, so a world of their own) read the same rows.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.messages import get_messages
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import reverse

from tests.security.security_world import (
    EVENT_RUNNERS,
    EVERYBODY,
    LOGGED_IN,
    MANAGERS,
    NOBODY,
    SEATS,
    World,
)

Request = Callable[[World], tuple[str, dict[str, Any]]]
Setup = Callable[[World], None]


@dataclass(frozen=True)
class Row:
    """One endpoint (``name``, a URL name; ``variant`` tells rows of one URL apart)."""

    name: str
    allowed: frozenset[str]
    request: Request
    variant: str = ""
    setup: Setup | None = None
    json: bool = False
    #: A refusal other than the default (4xx, log-in redirect, error message).
    refused: Callable[[Any], bool] | None = None
    #: How an allowed request shows (default: the fingerprint changed).
    changed: Callable[[Client, Any], bool] | None = None
    read_only: bool = False
    #: How an allowed response looks, when a log-in redirect can be a success (default: no
    #: refusal).
    succeeded: Callable[[Any], bool] | None = None
    reason: str = field(default="", compare=False)

    @property
    def id(self) -> str:
        return f"{self.name}[{self.variant}]" if self.variant else self.name


# ------------------------------------------------------------------------- request builders


def url(name: str, **kwargs: Any) -> str:
    return reverse(name, kwargs=kwargs)


def _legal_action(match_id: int) -> str:
    from engine import legal_actions
    from matches.models import Match
    from matches.selectors import match_game_state

    state = match_game_state(Match.objects.get(pk=match_id))
    return legal_actions(state)[0].to_str()


def _api(name: str, body: Callable[[World], dict[str, Any]], *, otb: bool = False) -> Request:
    def build(w: World) -> tuple[str, dict[str, Any]]:
        match = w.otb_match if otb else w.online_match
        return url(f"matches_api:{name}", match_id=match.pk), body(w)

    return build


def form_data(form: Any, **changes: Any) -> dict[str, Any]:
    """The POST data of an unbound form as its page would submit it, with ``changes``."""
    data: dict[str, Any] = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        if value is True:
            value = "on"
        elif hasattr(value, "isoformat"):
            value = value.isoformat()
        data[name] = value
    data.update(changes)
    return data


# -------------------------------------------------------------------------------- set-ups


def _pause(online: bool = True) -> Setup:
    def setup(w: World) -> None:
        from matches.services.arbiter import match_pause

        match_pause(match_id=(w.online_match if online else w.otb_match).pk)

    return setup


def _no_show_limit(w: World) -> None:
    """The online match waits for Red's untimed first placement under a no-show limit."""
    from matches.models import Match

    Match.objects.filter(pk=w.online_match.pk).update(no_show_limit_ms=60_000)


def _online_waiting(w: World) -> None:
    """The online match is back to ``pending``: published, waiting for its players to join."""
    from matches.models import Match

    Match.objects.filter(pk=w.online_match.pk).update(status=Match.Status.PENDING)


def _online_overdue(w: World) -> None:
    """The online match still waits for its players after its start deadline."""
    from datetime import timedelta

    from django.utils import timezone

    from matches.models import Match

    Match.objects.filter(pk=w.online_match.pk).update(
        status=Match.Status.PENDING, start_by=timezone.now() - timedelta(minutes=1)
    )


def _online_started_overdue(w: World) -> None:
    """The online match was started (by an arbiter) and its start deadline has passed with
    Red's untimed first placement still not made (rule ``NO_FIRST_DECISION``)."""
    from datetime import timedelta

    from django.utils import timezone

    from matches.models import Match

    Match.objects.filter(pk=w.online_match.pk).update(
        start_by=timezone.now() - timedelta(minutes=1)
    )


def _both_waiting(w: World) -> None:
    """Both matches of the home event wait to start (the round's table and the online game)."""
    from matches.models import Match

    Match.objects.filter(pk__in=[w.online_match.pk, w.otb_match.pk]).update(
        status=Match.Status.PENDING
    )


def _pause_both(w: World) -> None:
    _pause(True)(w)
    _pause(False)(w)


def _blue_reported_otb(w: World) -> None:
    from matches.services.otb import otb_report_result

    otb_report_result(match_id=w.otb_match.pk, seat="blue", winner="red", method="general_captured")


def _blue_reported_table(w: World) -> None:
    from tournaments.services.results import result_report

    result_report(entry=w.entries["blue"], pairing=w.pairing, result="red_won")


def _flag_fallen(w: World) -> None:
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
        action_text=_legal_action(match.pk),
        expected_ply=0,
        now=long_ago,
    )
    w.online_match = match


def online_finished(w: World) -> None:
    """The online match is over (Blue resigned): its record is published."""
    from matches.services.decisions import match_resign

    match_resign(match_id=w.online_match.pk, seat="blue")
    w.online_match.refresh_from_db()


def _open_checked_in(w: World) -> None:
    from tournaments.services.entries import entry_check_in

    entry_check_in(entry=w.open_entries["red"], checked_in=True, by_token=True)


def _open_withdrawn(w: World) -> None:
    from tournaments.services.entries import entry_withdraw

    entry_withdraw(entry=w.open_entries["red"], by_token=True)


def _open_full(w: World) -> None:
    """Open Cup's two places are taken (by red and blue): a registration joins the waitlist."""
    from tournaments.services.events import event_update

    event_update(actor=w.users["organiser"], event=w.open, registration_cap=2)


def _spectator_waitlisted(w: World) -> None:
    """The spectator waits for a place in the full Open Cup."""
    from tournaments.services.entries import entry_register

    _open_full(w)
    entry_register(event=w.open, user=w.users["spectator"])


def _add_walk_in(w: World) -> None:
    """A player without an account in Open Cup, who plays through their private link."""
    from tournaments.services.entries import entry_add

    entry_add(actor=w.users["organiser"], event=w.open, name="Walk-in")


def _walk_in(w: World) -> Any:
    from tournaments.models import Entry

    return Entry.objects.get(event=w.open, name="Walk-in")


def _waitlisted_entry(w: World) -> Any:
    from tournaments.models import Entry

    return Entry.objects.get(event=w.open, user=w.users["spectator"])


def _open_draft_round(w: World) -> None:
    from tournaments.services.rounds import round_pair

    round_pair(actor=w.users["organiser"], event=w.open)


def _open_published_round(w: World) -> None:
    from tournaments.models import Round
    from tournaments.services.publication import round_publish

    _open_draft_round(w)
    round_publish(actor=w.users["organiser"], round=Round.objects.get(event=w.open, number=1))


def _open_four_players_draft(w: World) -> None:
    from tournaments.services.entries import entry_add

    for name in ("Walk-in A", "Walk-in B"):
        entry_add(actor=w.users["organiser"], event=w.open, name=name)
    _open_draft_round(w)


def _swap_request(w: World) -> tuple[str, dict[str, Any]]:
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


def _event_form(w: World, event: str, **changes: Any) -> dict[str, Any]:
    from tournaments.forms import EventForm

    return form_data(EventForm(instance=getattr(w, event)), **changes)


# --------------------------------------------------------------------------- predicates


def redirects_to_login(response: Any) -> bool:
    target = getattr(response, "url", "") or ""
    return response.status_code in (301, 302, 303) and (
        target.startswith(resolve_url(settings.LOGIN_URL)) or target.startswith("/admin/login/")
    )


def error_messages(response: Any) -> list[str]:
    request = getattr(response, "wsgi_request", None)
    if request is None:
        return []
    return [str(m) for m in get_messages(request) if m.level >= messages.ERROR]


def is_refusal(response: Any) -> bool:
    """4xx, a redirect to a log-in page, or a redirect carrying an error message."""
    return (
        response.status_code >= 400
        or redirects_to_login(response)
        or bool(error_messages(response))
    )


def _logged_out(client: Client, response: Any) -> bool:
    return "_auth_user_id" not in client.session


def _language_cookie_set(client: Client, response: Any) -> bool:
    return settings.LANGUAGE_COOKIE_NAME in response.cookies


def _plain_redirect(response: Any) -> bool:
    return response.status_code == 302 and not redirects_to_login(response)


def _entry_action(
    action: str, allowed: frozenset[str], *, setup: Setup | None = None, data: Any = None
) -> Row:
    """A row of the organiser page's action ``action`` on Red's Open Cup entry."""

    def request(w: World) -> tuple[str, dict[str, Any]]:
        entry_id = w.open_entries["red"].pk
        path = url("tournaments:entry_action", slug=w.open.slug, entry_id=entry_id, action=action)
        return path, dict(data or {})

    return Row("tournaments:entry_action", allowed, request, variant=action, setup=setup)


def _round_action(action: str, setup: Setup) -> Row:
    """A row of the round action ``action`` on Open Cup's round 1 (organisers only)."""

    def request(w: World) -> tuple[str, dict[str, Any]]:
        return url("tournaments:round_action", slug=w.open.slug, number=1, action=action), {}

    return Row("tournaments:round_action", MANAGERS, request, variant=action, setup=setup)


# ---- accounts (allauth's flows and the site's settings page, docs/accounts.md)

MATRIX_PASSWORD = "pw-1234-x"  # every account of security_world
NEW_PASSWORD = "Sq9!changed-pass"


def _verified_address(w: World) -> None:
    """Red's account has a verified e-mail address (as after sign-up and verification)."""
    from allauth.account.models import EmailAddress

    red = w.user("red")
    EmailAddress.objects.update_or_create(
        user=red, email="red@example.org", defaults={"verified": True, "primary": True}
    )


def _confirmation_link(w: World) -> tuple[str, dict[str, Any]]:
    """The verification link of a new, unverified address of a newcomer (the key is the proof:
    whoever holds the mail may follow it)."""
    from allauth.account.models import EmailAddress, EmailConfirmationHMAC
    from django.contrib.auth import get_user_model

    newcomer = get_user_model().objects.create_user("newcomer", password=MATRIX_PASSWORD)
    address = EmailAddress.objects.create(
        user=newcomer, email="newcomer@example.org", verified=False, primary=True
    )
    return url("account_confirm_email", key=EmailConfirmationHMAC(address).key), {}


def _reset_link(w: World) -> tuple[str, dict[str, Any]]:
    """Red's password reset link as the reset mail gives it, then the new password posted."""
    from allauth.account.forms import default_token_generator
    from allauth.account.utils import user_pk_to_url_str

    red = w.user("red")
    key = default_token_generator.make_token(red)
    path = url("account_reset_password_from_key", uidb36=user_pk_to_url_str(red), key=key)
    return path, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD}


def _reset_key_accepted(client: Client, response: Any) -> bool:
    """The key is taken into the session and the form to set the password opens (without the
    key in its URL); tests/accounts/test_password_and_email.py posts the new password there."""
    return response.status_code == 302 and response.url.endswith("-set-password/")


def _address_verified(client: Client, response: Any) -> bool:
    from allauth.account.models import EmailAddress

    return EmailAddress.objects.filter(email="newcomer@example.org", verified=True).exists()


def _address_added(client: Client, response: Any) -> bool:
    from allauth.account.models import EmailAddress

    return EmailAddress.objects.filter(email="added@example.org").exists()


def _settings_saved(client: Client, response: Any) -> bool:
    from core.models import PlayerProfile

    return PlayerProfile.objects.filter(display_name="Matrix Name").exists()


def _reset_mail_sent(client: Client, response: Any) -> bool:
    from django.core import mail

    return any("red@example.org" in message.to for message in mail.outbox)


def _reauthenticated(client: Client, response: Any) -> bool:
    return response.status_code == 302 and not redirects_to_login(response)


def _refused_or_unavailable(response: Any) -> bool:
    """A flow the site does not offer (log-in codes; setting a first password, for accounts
    that all have one): refused, not found, or sent elsewhere."""
    return response.status_code in (302, 403, 404, 405) or is_refusal(response)


ACCOUNT_ROWS: list[Row] = [
    Row(
        "account_login",
        frozenset({"anonymous"}),
        lambda w: (url("account_login"), {"username": "spectator", "password": MATRIX_PASSWORD}),
        refused=_plain_redirect,
        reason="a logged-in visitor is sent on; only a visitor logs in",
    ),
    Row("account_logout", EVERYBODY, lambda w: (url("account_logout"), {}), changed=_logged_out),
    Row(
        "account_signup",
        frozenset({"anonymous"}),
        lambda w: (
            url("account_signup"),
            {
                "username": "newcomer",
                "email": "newcomer@example.org",
                "password1": "Sq9!long-pass",
                "password2": "Sq9!long-pass",
            },
        ),
        refused=_plain_redirect,
    ),
    Row(
        "core:account_settings",
        LOGGED_IN,
        lambda w: (
            url("core:account_settings"),
            {"display_name": "Matrix Name", "language": "en", "time_zone": "Asia/Tokyo"},
        ),
        changed=_settings_saved,
    ),
    Row(
        "account_email",
        LOGGED_IN,
        lambda w: (url("account_email"), {"action_add": "", "email": "added@example.org"}),
        changed=_address_added,
    ),
    Row(
        "account_change_password",
        LOGGED_IN,
        lambda w: (
            url("account_change_password"),
            {"oldpassword": MATRIX_PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        ),
    ),
    Row(
        "account_set_password",
        NOBODY,
        lambda w: (
            url("account_set_password"),
            {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        ),
        refused=_refused_or_unavailable,
        reason="every account here has a password: it is changed, never set",
    ),
    Row(
        "account_reset_password",
        EVERYBODY,
        lambda w: (url("account_reset_password"), {"email": "red@example.org"}),
        setup=_verified_address,
        changed=_reset_mail_sent,
        reason="anybody may ask; the link goes to the address's owner only",
    ),
    Row(
        "account_reset_password_from_key",
        EVERYBODY,
        _reset_link,
        changed=_reset_key_accepted,
        reason="the key from the mail is the proof, whoever holds it",
    ),
    Row(
        "account_confirm_email",
        EVERYBODY,
        _confirmation_link,
        changed=_address_verified,
        succeeded=lambda response: response.status_code == 302,
        reason="the key from the mail is the proof, whoever holds it; a browser other than the "
        "sign-up's is sent to log in",
    ),
    Row(
        "account_reauthenticate",
        LOGGED_IN,
        lambda w: (url("account_reauthenticate"), {"password": MATRIX_PASSWORD}),
        changed=_reauthenticated,
    ),
    *(
        Row(
            name,
            NOBODY,
            lambda w, name=name: (url(name), {"code": "ABCDEF"}),
            refused=_refused_or_unavailable,
        )
        for name in (
            "account_request_reauthentication_code",
            "account_confirm_reauthentication_code",
            "account_confirm_login_code",
        )
    ),
]


# ------------------------------------------------------------------------------- the table

ONLINE_ARBITERS = EVENT_RUNNERS
OTB_CLOCK = SEATS | EVENT_RUNNERS  # a seat holder or an arbiter of the event

HTTP_ROWS: list[Row] = [
    # ---- accounts
    Row(
        "core:login",
        frozenset({"anonymous"}),
        lambda w: (url("core:login"), {"username": "spectator", "password": "pw-1234-x"}),
        refused=_plain_redirect,
        reason="a logged-in visitor is sent on; only a visitor logs in",
    ),
    Row("core:logout", EVERYBODY, lambda w: (url("core:logout"), {}), changed=_logged_out),
    Row(
        "core:signup",
        frozenset({"anonymous"}),
        lambda w: (
            url("core:signup"),
            {
                "username": "newcomer",
                "email": "newcomer@example.org",
                "password1": "Sq9!long-pass",
                "password2": "Sq9!long-pass",
            },
        ),
        refused=_plain_redirect,
    ),
    *ACCOUNT_ROWS,
    Row(
        "set_language",
        EVERYBODY,
        lambda w: ("/i18n/setlang/", {"language": "ja", "next": "/"}),
        changed=_language_cookie_set,
    ),
    # ---- tournaments: organisers
    Row(
        "tournaments:event_create",
        LOGGED_IN,
        lambda w: (url("tournaments:event_create"), _event_form(w, "open", name="Brand New Cup")),
    ),
    Row(
        "tournaments:event_edit",
        MANAGERS,
        lambda w: (
            url("tournaments:event_edit", slug=w.open.slug),
            _event_form(w, "open", venue="Hall B"),
        ),
    ),
    Row(
        "tournaments:event_status",
        MANAGERS,
        lambda w: (url("tournaments:event_status", slug=w.open.slug), {"status": "draft"}),
    ),
    Row(
        "tournaments:role_add",
        frozenset({"organiser", "superuser"}),
        lambda w: (
            url("tournaments:role_add", slug=w.open.slug),
            {"member": "spectator", "role": "arbiter"},
        ),
        reason="only the organiser names co-organisers and arbiters",
    ),
    Row(
        "tournaments:entry_add",
        MANAGERS,
        lambda w: (url("tournaments:entry_add", slug=w.open.slug), {"name": "Walk-in"}),
    ),
    Row(
        "tournaments:entry_import",
        MANAGERS,
        lambda w: (
            url("tournaments:entry_import", slug=w.open.slug),
            {"text": "name,rating\nImported,1500\n"},
        ),
    ),
    _entry_action("check_in", EVENT_RUNNERS),
    Row(
        "tournaments:entry_check_in_many",
        EVENT_RUNNERS,
        lambda w: (url("tournaments:entry_check_in_many", slug=w.open.slug), {"everyone": "on"}),
        reason="check-in is the arbiters' work as well as the organisers'",
    ),
    _entry_action("check_out", EVENT_RUNNERS, setup=_open_checked_in),
    _entry_action("withdraw", MANAGERS),
    _entry_action("reinstate", MANAGERS, setup=_open_withdrawn),
    _entry_action("disqualify", MANAGERS, data={"reason": "no-show twice"}),
    Row(
        "tournaments:entry_action",
        MANAGERS,
        lambda w: (
            url(
                "tournaments:entry_action",
                slug=w.open.slug,
                entry_id=_waitlisted_entry(w).pk,
                action="remove_from_waitlist",
            ),
            {},
        ),
        variant="remove_from_waitlist",
        setup=_spectator_waitlisted,
    ),
    Row(
        "tournaments:round_pair",
        MANAGERS,
        lambda w: (url("tournaments:round_pair", slug=w.open.slug), {}),
    ),
    _round_action("publish", _open_draft_round),
    _round_action("unpublish", _open_published_round),
    _round_action("repair", _open_draft_round),
    _round_action("delete", _open_draft_round),
    Row(
        "tournaments:round_swap",
        MANAGERS,
        _swap_request,
        setup=_open_four_players_draft,
    ),
    Row(
        "tournaments:pairing_result",
        EVENT_RUNNERS,
        lambda w: (
            url("tournaments:pairing_result", slug=w.home.slug, pairing_id=w.pairing.pk),
            {"result": "red_won"},
        ),
    ),
    # ---- another event's ids through an event one runs (nobody may reach across)
    Row(
        "tournaments:pairing_result",
        NOBODY,
        lambda w: (
            url("tournaments:pairing_result", slug=w.away.slug, pairing_id=w.pairing.pk),
            {"result": "red_won"},
        ),
        variant="home table through away event",
    ),
    Row(
        "tournaments:entry_action",
        NOBODY,
        lambda w: (
            url(
                "tournaments:entry_action",
                slug=w.away.slug,
                entry_id=w.open_entries["red"].pk,
                action="withdraw",
            ),
            {},
        ),
        variant="open entry through away event",
    ),
    # ---- tournaments: players, by account
    Row(
        "tournaments:event_register",
        LOGGED_IN - SEATS,
        lambda w: (url("tournaments:event_register", slug=w.open.slug), {}),
        reason="red and blue are already entered",
    ),
    Row(
        "tournaments:event_register",
        LOGGED_IN - SEATS,
        lambda w: (url("tournaments:event_register", slug=w.open.slug), {}),
        variant="full: joins the waitlist",
        setup=_open_full,
        reason="red and blue are already entered",
    ),
    Row(
        "tournaments:player_leave_waitlist",
        frozenset({"spectator"}),
        lambda w: (url("tournaments:player_leave_waitlist", slug=w.open.slug), {}),
        setup=_spectator_waitlisted,
        reason="only the waitlisted player; red and blue hold places (not on the waitlist)",
    ),
    Row(
        "tournaments:player_report",
        SEATS,
        lambda w: (
            url("tournaments:player_report", slug=w.home.slug, pairing_id=w.pairing.pk),
            {"result": "red_won"},
        ),
    ),
    Row(
        "tournaments:player_confirm",
        frozenset({"red"}),
        lambda w: (
            url("tournaments:player_confirm", slug=w.home.slug, pairing_id=w.pairing.pk),
            {},
        ),
        setup=_blue_reported_table,
        reason="blue reported: only its opponent confirms",
    ),
    Row(
        "tournaments:player_check_in",
        SEATS,
        lambda w: (url("tournaments:player_check_in", slug=w.open.slug), {}),
    ),
    Row(
        "tournaments:player_withdraw",
        SEATS,
        lambda w: (url("tournaments:player_withdraw", slug=w.open.slug), {}),
    ),
    # ---- tournaments: claiming a walk-in's entry for an account, the private link as proof
    Row(
        "tournaments:player_token_claim",
        LOGGED_IN - SEATS,
        lambda w: (url("tournaments:player_token_claim", token=_walk_in(w).token), {}),
        setup=_add_walk_in,
        variant="walk-in link",
        reason="the link is the proof; red and blue already play in the event under an entry",
    ),
    Row(
        "tournaments:player_token_claim",
        NOBODY,
        lambda w: (url("tournaments:player_token_claim", token=w.open_entries["red"].token), {}),
        variant="an account's entry",
        reason="an entry that belongs to an account is never claimed by another (nor again)",
    ),
    Row(
        "tournaments:player_token_claim",
        NOBODY,
        lambda w: (url("tournaments:player_token_claim", token="not-a-token"), {}),
        variant="bad link",
    ),
    # ---- tournaments: players, by private link (whoever holds the link is that player)
    Row(
        "tournaments:player_token_check_in",
        EVERYBODY,
        lambda w: (
            url("tournaments:player_token_check_in", token=w.open_entries["red"].token),
            {},
        ),
        variant="own link",
    ),
    Row(
        "tournaments:player_token_check_in",
        NOBODY,
        lambda w: (url("tournaments:player_token_check_in", token="not-a-token"), {}),
        variant="bad link",
    ),
    Row(
        "tournaments:player_token_withdraw",
        EVERYBODY,
        lambda w: (
            url("tournaments:player_token_withdraw", token=w.open_entries["red"].token),
            {},
        ),
        variant="own link",
    ),
    Row(
        "tournaments:player_token_withdraw",
        NOBODY,
        lambda w: (url("tournaments:player_token_withdraw", token="not-a-token"), {}),
        variant="bad link",
    ),
    Row(
        "tournaments:player_token_leave_waitlist",
        EVERYBODY,
        lambda w: (
            url("tournaments:player_token_leave_waitlist", token=_waitlisted_entry(w).token),
            {},
        ),
        variant="own link",
        setup=_spectator_waitlisted,
    ),
    Row(
        "tournaments:player_token_leave_waitlist",
        NOBODY,
        lambda w: (url("tournaments:player_token_leave_waitlist", token="not-a-token"), {}),
        variant="bad link",
    ),
    Row(
        "tournaments:player_token_report",
        EVERYBODY,
        lambda w: (
            url(
                "tournaments:player_token_report",
                token=w.entries["red"].token,
                pairing_id=w.pairing.pk,
            ),
            {"result": "red_won"},
        ),
        variant="own link",
    ),
    Row(
        "tournaments:player_token_report",
        NOBODY,
        lambda w: (
            url("tournaments:player_token_report", token="not-a-token", pairing_id=w.pairing.pk),
            {"result": "red_won"},
        ),
        variant="bad link",
    ),
    Row(
        "tournaments:player_token_confirm",
        EVERYBODY,
        lambda w: (
            url(
                "tournaments:player_token_confirm",
                token=w.entries["red"].token,
                pairing_id=w.pairing.pk,
            ),
            {},
        ),
        variant="own link",
        setup=_blue_reported_table,
    ),
    Row(
        "tournaments:player_token_confirm",
        NOBODY,
        lambda w: (
            url(
                "tournaments:player_token_confirm",
                token=w.entries["blue"].token,
                pairing_id=w.pairing.pk,
            ),
            {},
        ),
        variant="reporter's own link",
        setup=_blue_reported_table,
        reason="the reporter cannot confirm its own report",
    ),
    # ---- matches: arbiter consoles
    *[
        Row(
            "matches:arbiter_console",
            ONLINE_ARBITERS,
            lambda w, data=data: (url("matches:arbiter_console", match_id=w.online_match.pk), data),
            variant=act,
            setup=setup,
        )
        for act, data, setup in [
            ("start", {"act": "start"}, _online_waiting),
            (
                "forfeit_absent",
                {"act": "forfeit_absent", "seat": "blue", "note": "did not come", "confirm": "on"},
                _online_overdue,
            ),
            ("pause", {"act": "pause"}, None),
            ("resume", {"act": "resume"}, _pause()),
            (
                "no_show",
                {"act": "no_show", "note": "did not come", "confirm": "on"},
                _no_show_limit,
            ),
            (
                "adjust",
                {
                    "act": "adjust",
                    "adjust-seat": "red",
                    "adjust-seconds": "30",
                    "adjust-reason": "x",
                },
                None,
            ),
            (
                "result",
                {
                    "act": "result",
                    "result-winner": "red",
                    "result-method": "forfeit",
                    "result-reason": "x",
                    "result-confirm": "on",
                },
                None,
            ),
        ]
    ],
    Row(
        "matches:arbiter_event_console",
        EVENT_RUNNERS,
        lambda w: (url("matches:arbiter_event_console", event_id=w.home.pk), {"act": "pause_all"}),
        variant="pause_all",
    ),
    Row(
        "matches:arbiter_event_console",
        EVENT_RUNNERS,
        lambda w: (url("matches:arbiter_event_console", event_id=w.home.pk), {"act": "start_all"}),
        variant="start_all",
        setup=_both_waiting,
    ),
    Row(
        "matches:arbiter_event_console",
        EVENT_RUNNERS,
        lambda w: (
            url("matches:arbiter_event_console", event_id=w.home.pk),
            {"act": "forfeit_absent", "match": w.online_match.pk, "seat": "red", "note": "x"},
        ),
        variant="forfeit_absent",
        setup=_online_started_overdue,
    ),
    Row(
        "matches:arbiter_event_console",
        NOBODY,
        lambda w: (
            url("matches:arbiter_event_console", event_id=w.away.pk),
            {"act": "forfeit_absent", "match": w.online_match.pk, "seat": "red", "note": "x"},
        ),
        variant="forfeit another event's board",
        setup=_online_started_overdue,
        reason="a board is forfeited only from its own event's console",
    ),
    # ---- starting games: the seats join, an arbiter starts a board or the whole round
    Row(
        "matches:match_join",
        SEATS,
        lambda w: (url("matches:match_join", match_id=w.online_match.pk), {}),
        setup=_online_waiting,
        reason="only a seat of the game joins it (by account or its own seat link)",
    ),
    Row(
        "matches:match_start",
        EVENT_RUNNERS,
        lambda w: (url("matches:match_start", match_id=w.online_match.pk), {}),
        setup=_online_waiting,
    ),
    Row(
        "tournaments:round_start",
        EVENT_RUNNERS,
        lambda w: (url("tournaments:round_start", slug=w.home.slug, number=1), {}),
        setup=_both_waiting,
    ),
    Row(
        "matches:arbiter_event_console",
        EVENT_RUNNERS,
        lambda w: (
            url("matches:arbiter_event_console", event_id=w.home.pk),
            {"act": "resume_all"},
        ),
        variant="resume_all",
        setup=_pause_both,
    ),
    # ---- the JSON API (session authentication; the seat tokens are the seats)
    Row(
        "matches_api:action",
        frozenset({"red"}),
        _api("action", lambda w: {"action": _legal_action(w.online_match.pk), "ply": 0}),
        json=True,
        reason="red is to act",
    ),
    Row(
        "matches_api:join",
        SEATS,
        _api("join", lambda w: {}),
        json=True,
        setup=_online_waiting,
        reason="a bot joins its own seat of a published game",
    ),
    Row("matches_api:resign", SEATS, _api("resign", lambda w: {}), json=True),
    Row(
        "matches_api:claim_flag",
        SEATS,
        _api("claim_flag", lambda w: {}),
        json=True,
        setup=_flag_fallen,
    ),
    Row(
        "matches_api:otb_press",
        OTB_CLOCK,
        _api("otb_press", lambda w: {"seat": "red", "ply": 0}, otb=True),
        json=True,
    ),
    Row(
        "matches_api:otb_report",
        SEATS,
        _api("otb_report", lambda w: {"winner": "red", "method": "intrusion"}, otb=True),
        json=True,
    ),
    Row(
        "matches_api:otb_confirm",
        frozenset({"red"}),
        _api("otb_confirm", lambda w: {}, otb=True),
        json=True,
        setup=_blue_reported_otb,
    ),
    Row("matches_api:pause", ONLINE_ARBITERS, _api("pause", lambda w: {}), json=True),
    Row(
        "matches_api:pause",
        OTB_CLOCK,
        _api("pause", lambda w: {}, otb=True),
        json=True,
        variant="otb",
    ),
    Row(
        "matches_api:resume",
        ONLINE_ARBITERS,
        _api("resume", lambda w: {}),
        json=True,
        setup=_pause(),
    ),
    Row(
        "matches_api:resume",
        OTB_CLOCK,
        _api("resume", lambda w: {}, otb=True),
        json=True,
        setup=_pause(online=False),
        variant="otb",
    ),
    Row(
        "matches_api:adjust_time",
        ONLINE_ARBITERS,
        _api("adjust_time", lambda w: {"seat": "red", "delta_ms": 30000, "reason": "x"}),
        json=True,
    ),
    Row(
        "matches_api:result",
        ONLINE_ARBITERS,
        _api("result", lambda w: {"winner": "blue", "method": "forfeit", "reason": "x"}),
        json=True,
    ),
]


# ---- ranked tables (三国盛衰記): Open Cup turned into a ranked-table event of red and blue


def _ranked_open(w: World) -> None:
    """Open Cup plays 三国盛衰記 at tables of 2–5 (red and blue are its two players)."""
    from tournaments.models import Event

    Event.objects.filter(pk=w.open.pk).update(
        game="sangoku_seisuiki", table_size_min=2, table_size_max=5
    )
    w.open.refresh_from_db()


def _ranked_draft(w: World) -> None:
    from tournaments.services import ranked_tables

    _ranked_open(w)
    ranked_tables.tables_assign(actor=w.users["organiser"], event=w.open)


def _ranked_published(w: World) -> None:
    from tournaments.models import Round
    from tournaments.services import ranked_tables

    _ranked_draft(w)
    round_ = Round.objects.get(event=w.open, number=1)
    ranked_tables.tables_publish(actor=w.users["organiser"], round=round_)


def _ranked_claim(w: World) -> dict[str, str]:
    return {f"vp_{e.pk}": "7" for e in w.open_entries.values()}


def _ranked_blue_reported(w: World) -> None:
    from tournaments.services import ranked_results

    _ranked_published(w)
    claim = [
        {"entry": e.pk, "victory_points": 7, "eliminated_turn": None}
        for e in w.open_entries.values()
    ]
    ranked_results.table_result_report(
        entry=w.open_entries["blue"], table=_ranked_table(w), seats=claim
    )


def _ranked_table(w: World) -> Any:
    from tournaments.models import GameTable

    return GameTable.objects.get(round__event=w.open, number=1)


def _ranked_round_action(action: str, allowed: frozenset[str], setup: Setup) -> Row:
    def request(w: World) -> tuple[str, dict[str, Any]]:
        path = url("tournaments:ranked_round_action", slug=w.open.slug, number=1, action=action)
        return path, {}

    return Row("tournaments:ranked_round_action", allowed, request, variant=action, setup=setup)


RANKED_ROWS: list[Row] = [
    Row(
        "tournaments:ranked_settings",
        MANAGERS,
        lambda w: (
            url("tournaments:ranked_settings", slug=w.open.slug),
            {"table_size_min": "2", "table_size_max": "4", "minutes": "200"},
        ),
        setup=_ranked_open,
    ),
    Row(
        "tournaments:ranked_assign",
        MANAGERS,
        lambda w: (url("tournaments:ranked_assign", slug=w.open.slug), {}),
        setup=_ranked_open,
    ),
    _ranked_round_action("publish", MANAGERS, _ranked_draft),
    _ranked_round_action("delete", MANAGERS, _ranked_draft),
    _ranked_round_action("start", EVENT_RUNNERS, _ranked_published),
    Row(
        "tournaments:ranked_table_result",
        EVENT_RUNNERS,
        lambda w: (
            url("tournaments:ranked_table_result", slug=w.open.slug, table_id=_ranked_table(w).pk),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
    ),
    Row(
        "tournaments:ranked_table_result",
        NOBODY,
        lambda w: (
            url("tournaments:ranked_table_result", slug=w.away.slug, table_id=_ranked_table(w).pk),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
        variant="open table through away event",
    ),
    Row(
        "tournaments:ranked_table_details",
        EVENT_RUNNERS,
        lambda w: (
            url("tournaments:ranked_table_details", slug=w.open.slug, table_id=_ranked_table(w).pk),
            {"scenario": "3 官渡の戦い"},
        ),
        setup=_ranked_published,
    ),
    Row(
        "tournaments:ranked_player_report",
        SEATS,
        lambda w: (
            url("tournaments:ranked_player_report", slug=w.open.slug, table_id=_ranked_table(w).pk),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
    ),
    Row(
        "tournaments:ranked_player_confirm",
        frozenset({"red"}),
        lambda w: (
            url(
                "tournaments:ranked_player_confirm", slug=w.open.slug, table_id=_ranked_table(w).pk
            ),
            {},
        ),
        setup=_ranked_blue_reported,
        reason="blue reported: another player at the table confirms",
    ),
    Row(
        "tournaments:ranked_token_report",
        EVERYBODY,
        lambda w: (
            url(
                "tournaments:ranked_token_report",
                token=w.open_entries["red"].token,
                table_id=_ranked_table(w).pk,
            ),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
        variant="own link",
    ),
    Row(
        "tournaments:ranked_token_report",
        NOBODY,
        lambda w: (
            url("tournaments:ranked_token_report", token="bad", table_id=_ranked_table(w).pk),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
        variant="bad link",
    ),
    Row(
        "tournaments:ranked_token_confirm",
        EVERYBODY,
        lambda w: (
            url(
                "tournaments:ranked_token_confirm",
                token=w.open_entries["red"].token,
                table_id=_ranked_table(w).pk,
            ),
            {},
        ),
        setup=_ranked_blue_reported,
        variant="own link",
    ),
]
# Post-game analysis (analysis/views.py): any signed-in account may queue the analysis of a
# finished game whose record it may see; nobody may for a running game or one without a record.
ANALYSIS_ROWS: list[Row] = [
    Row(
        "analysis:request",
        LOGGED_IN,
        lambda w: (url("analysis:request", match_id=w.online_match.pk), {}),
        variant="finished game",
        setup=online_finished,
    ),
    Row(
        "analysis:request",
        NOBODY,
        lambda w: (url("analysis:request", match_id=w.online_match.pk), {}),
        variant="running game",
        reason="the analysis of a running game is refused (409)",
    ),
    Row(
        "analysis:request",
        NOBODY,
        lambda w: (url("analysis:request", match_id=w.otb_match.pk), {}),
        variant="over the board",
        reason="an over-the-board game has no record to analyse",
    ),
]
HTTP_ROWS += ANALYSIS_ROWS

HTTP_ROWS += RANKED_ROWS


# ---- play: games outside events (docs/play.md). Red offers the game; blue is the player a
# direct challenge names. Accepting starts a game; cancelling and declining close the offer.


def _offer(kind: str, *, expired: bool = False) -> Setup:
    """Red's open offer of ``kind`` (``w.seek``), or one whose time ran out an hour ago."""

    def setup(w: World) -> None:
        import datetime as dt

        from django.utils import timezone

        from play.services import seek_create

        now = timezone.now() - (dt.timedelta(days=2) if expired else dt.timedelta(0))
        opponent = w.users["blue"].username if kind == "direct" else ""
        w.seek = seek_create(creator=w.users["red"], kind=kind, opponent=opponent, now=now)  # type: ignore[attr-defined]

    return setup


def _seek(name: str, *, by_token: bool = False) -> Request:
    def build(w: World) -> tuple[str, dict[str, Any]]:
        seek = w.seek  # type: ignore[attr-defined]
        return (url(name, token=seek.token) if by_token else url(name, seek_id=seek.pk)), {}

    return build


PLAY_FORM = {
    "game": "gunshi",
    "variant": "basic",
    "time_preset": "20+0",
    "rated": "0",
    "colour": "random",
    "kind": "lobby",
}
NOT_RED = LOGGED_IN - {"red"}

PLAY_ROWS: list[Row] = [
    Row(
        "play:home",
        LOGGED_IN,
        lambda w: (url("play:home"), dict(PLAY_FORM)),
        reason="any signed-in player offers a game; a visitor is sent to log in",
    ),
    Row(
        "play:seek_cancel",
        frozenset({"red"}),
        _seek("play:seek_cancel"),
        setup=_offer("lobby"),
        reason="only the player who offered the game (a non-owner gets 403)",
    ),
    Row(
        "play:seek_accept",
        NOT_RED,
        _seek("play:seek_accept"),
        variant="lobby",
        setup=_offer("lobby"),
        reason="anyone signed in but the creator, who gets an error",
    ),
    Row(
        "play:seek_accept",
        NOBODY,
        _seek("play:seek_accept"),
        variant="expired",
        setup=_offer("lobby", expired=True),
    ),
    Row(
        "play:seek_accept",
        NOBODY,
        _seek("play:seek_accept"),
        variant="link by id",
        setup=_offer("link"),
        reason="a challenge link is accepted with its token only",
    ),
    Row(
        "play:challenge_accept",
        NOT_RED,
        _seek("play:challenge_accept", by_token=True),
        variant="link",
        setup=_offer("link"),
    ),
    Row(
        "play:challenge_accept",
        frozenset({"blue"}),
        _seek("play:challenge_accept", by_token=True),
        variant="direct",
        setup=_offer("direct"),
    ),
    Row(
        "play:challenge_accept",
        NOBODY,
        _seek("play:challenge_accept", by_token=True),
        variant="expired link",
        setup=_offer("link", expired=True),
    ),
    Row(
        "play:challenge_decline",
        frozenset({"blue"}),
        _seek("play:challenge_decline", by_token=True),
        variant="direct",
        setup=_offer("direct"),
    ),
    Row(
        "play:challenge_decline",
        NOBODY,
        _seek("play:challenge_decline", by_token=True),
        variant="link",
        setup=_offer("link"),
        reason="a link is addressed to nobody: only its creator closes it (cancel)",
    ),
]
HTTP_ROWS += PLAY_ROWS
# ---- notifications: each account reaches its own only


def _notices_for_everyone(w: World) -> None:
    """One unread notification for every account of the world."""
    from notifications.kinds import Kind
    from notifications.services import notify

    for user in w.users.values():
        notify(user, Kind.ROUND_PUBLISHED, params={"event": "Home", "round": 1}, url="/events/")


def _reds_notice(w: World) -> int:
    from notifications.models import Notification

    return int(Notification.objects.filter(recipient=w.users["red"]).latest("pk").pk)


NOTIFICATION_ROWS: list[Row] = [
    Row(
        "notifications:open",
        frozenset({"red"}),
        lambda w: (url("notifications:open", notification_id=_reds_notice(w)), {}),
        setup=_notices_for_everyone,
        reason="only its recipient opens a notification; anyone else's is not found (404)",
    ),
    Row(
        "notifications:read",
        frozenset({"red"}),
        lambda w: (url("notifications:read", notification_id=_reds_notice(w)), {}),
        setup=_notices_for_everyone,
        reason="only its recipient marks a notification read; anyone else's is not found (404)",
    ),
    Row(
        "notifications:read_all",
        LOGGED_IN,
        lambda w: (url("notifications:read_all"), {}),
        setup=_notices_for_everyone,
        reason="each account marks its own notifications, never another's",
    ),
    Row(
        "notifications:email_choice",
        LOGGED_IN,
        lambda w: (url("notifications:email_choice"), {"kinds": ["round_published"]}),
        reason="each account chooses its own e-mails",
    ),
]
HTTP_ROWS += NOTIFICATION_ROWS

# ---- play the computer (docs/opponent.md, "On the site"): a signed-in player starts an unrated
# game against the computer; one unfinished game at a time.
COMPUTER_FORM = {
    "game": "gunshi",
    "variant": "basic",
    "time_preset": "20+0",
    "level": "1",
    "colour": "red",
}


def _red_plays_the_computer(w: World) -> None:
    from play.computer_services import computer_game_create

    computer_game_create(player=w.users["red"], level=2, colour="red")


COMPUTER_ROWS: list[Row] = [
    Row(
        "play:computer",
        LOGGED_IN,
        lambda w: (url("play:computer"), dict(COMPUTER_FORM)),
        reason="any signed-in player plays the computer; a visitor is sent to log in",
    ),
    Row(
        "play:computer",
        NOT_RED,
        lambda w: (url("play:computer"), dict(COMPUTER_FORM)),
        variant="unfinished game",
        setup=_red_plays_the_computer,
        reason="a player whose game against the computer is still on is refused (409)",
    ),
]
HTTP_ROWS += COMPUTER_ROWS


def _read_only(name: str, build: Callable[[World], dict[str, Any]]) -> Row:
    return Row(name, NOBODY, lambda w: (url(name, **build(w)), {}), read_only=True)


def _home(w: World) -> dict[str, Any]:
    return {"slug": w.home.slug}


def _round(w: World) -> dict[str, Any]:
    return {"slug": w.home.slug, "number": 1}


#: Views that do not refuse a POST but only read: nobody changes anything through them.
READ_ONLY_ROWS: list[Row] = [
    _read_only("core:home", lambda w: {}),
    _read_only("account_email_verification_sent", lambda w: {}),
    _read_only("tournaments:manage_list", lambda w: {}),
    _read_only("tournaments:event_list", lambda w: {}),
    _read_only("tournaments:player_token", lambda w: {"token": w.entries["red"].token}),
    _read_only("tournaments:event_detail", _home),
    _read_only("tournaments:standings", _home),
    _read_only("tournaments:standings_fragment", _home),
    _read_only("tournaments:round_detail", _round),
    _read_only("tournaments:round_fragment", _round),
    _read_only("tournaments:bracket", _home),
    _read_only("tournaments:bracket_fragment", _home),
    _read_only(
        "tournaments:player_detail",
        lambda w: {"slug": w.home.slug, "entry_id": w.entries["red"].pk},
    ),
    _read_only("tournaments:export_standings_csv", _home),
    _read_only("tournaments:export_standings_json", _home),
    _read_only("tournaments:export_pairings_csv", _round),
    _read_only("tournaments:export_pairings_json", _round),
    _read_only("tournaments:export_trf", _home),
    _read_only("tournaments:export_games", _home),
    _read_only("tournaments:player_home", _home),
    _read_only("tournaments:manage_event", _home),
    _read_only("tournaments:manage_round", _round),
    _read_only("tournaments:print_tables", _round),
    _read_only("tournaments:print_names", _round),
    _read_only("tournaments:print_slips", _round),
    _read_only("matches_api:openapi", lambda w: {}),
    # The rating lists (players/urls_ratings.py): GET-only, a POST is 405 for everyone.
    _read_only("ratings:index", lambda w: {}),
    _read_only("ratings:pool", lambda w: {"key": "gunshi-basic"}),
    # GET-only pages (a POST is 405): listed so that the board and the clock have their rows.
    _read_only("matches:match_board", lambda w: {"match_id": w.online_match.pk}),
    _read_only("matches:match_clock", lambda w: {"match_id": w.otb_match.pk}),
    # The player pages only read (GET; a POST is 405); who finds whom: PROFILE_PRIVACY
    # (test_permission_matrix.py).
    _read_only("players:search", lambda w: {}),
    _read_only("players:profile", lambda w: {"username": w.users["red"].username}),
]


# ------------------------------------------------------------------------ shared helpers


def client_as(world: World, role: str) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(world.user(role))
    return client


def string_cases(func: Any, variable: str) -> set[str]:
    """Every string that ``func``'s source compares ``variable`` (a name or ``x.get("…")``) to."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or not isinstance(node.ops[0], ast.Eq):
            continue
        left = ast.unparse(node.left)
        if left == variable and isinstance(node.comparators[0], ast.Constant):
            value = node.comparators[0].value
            if isinstance(value, str):
                found.add(value)
    return found


# ------------------------------------------------------------------------------ WebSockets


@dataclass(frozen=True)
class SocketRow:
    """One message type of the match WebSocket (sent on the online or the OTB match)."""

    type: str
    allowed: frozenset[str]
    message: Callable[[World], dict[str, Any]]
    variant: str = ""
    setup: Setup | None = None
    otb: bool = False
    read_only: bool = False

    @property
    def id(self) -> str:
        return f"{self.type}[{self.variant}]" if self.variant else self.type


SOCKET_ROWS: list[SocketRow] = [
    SocketRow("snapshot", EVERYBODY, lambda w: {"type": "snapshot"}, read_only=True),
    SocketRow(
        "action",
        frozenset({"red"}),
        lambda w: {"type": "action", "action": _legal_action(w.online_match.pk), "ply": 0},
    ),
    SocketRow("join", SEATS, lambda w: {"type": "join"}, setup=_online_waiting),
    SocketRow("resign", SEATS, lambda w: {"type": "resign"}),
    SocketRow("claim_flag", SEATS, lambda w: {"type": "claim_flag"}, setup=_flag_fallen),
    SocketRow("press", OTB_CLOCK, lambda w: {"type": "press", "seat": "red", "ply": 0}, otb=True),
    SocketRow("pause", ONLINE_ARBITERS, lambda w: {"type": "pause"}),
    SocketRow("pause", OTB_CLOCK, lambda w: {"type": "pause"}, variant="otb", otb=True),
    SocketRow("resume", ONLINE_ARBITERS, lambda w: {"type": "resume"}, setup=_pause()),
    SocketRow(
        "resume",
        OTB_CLOCK,
        lambda w: {"type": "resume"},
        variant="otb",
        otb=True,
        setup=_pause(online=False),
    ),
    SocketRow(
        "report_result",
        SEATS,
        lambda w: {"type": "report_result", "winner": "red", "method": "intrusion"},
        otb=True,
    ),
    SocketRow(
        "confirm_result",
        frozenset({"red"}),
        lambda w: {"type": "confirm_result"},
        otb=True,
        setup=_blue_reported_otb,
    ),
]
