"""Accounts: log-in, sign-up, allauth's flows, settings, the language (docs/accounts.md)."""

from __future__ import annotations

from typing import Any

from django.test import Client

from tests.security.matrix_rows.base import (
    Row,
    is_refusal,
    language_cookie_set,
    logged_out,
    plain_redirect,
    redirects_to_login,
    url,
)
from tests.security.security_world import (
    EVERYBODY,
    LOGGED_IN,
    NOBODY,
    World,
)

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


ALLAUTH_ROWS: list[Row] = [
    Row(
        "account_login",
        frozenset({"anonymous"}),
        lambda w: (url("account_login"), {"username": "spectator", "password": MATRIX_PASSWORD}),
        refused=plain_redirect,
        reason="a logged-in visitor is sent on; only a visitor logs in",
    ),
    Row("account_logout", EVERYBODY, lambda w: (url("account_logout"), {}), changed=logged_out),
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
        refused=plain_redirect,
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


ACCOUNT_ROWS: list[Row] = [
    # ---- accounts
    Row(
        "core:login",
        frozenset({"anonymous"}),
        lambda w: (url("core:login"), {"username": "spectator", "password": "pw-1234-x"}),
        refused=plain_redirect,
        reason="a logged-in visitor is sent on; only a visitor logs in",
    ),
    Row("core:logout", EVERYBODY, lambda w: (url("core:logout"), {}), changed=logged_out),
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
        refused=plain_redirect,
    ),
    *ALLAUTH_ROWS,
    Row(
        "set_language",
        EVERYBODY,
        lambda w: ("/i18n/setlang/", {"language": "ja", "next": "/"}),
        changed=language_cookie_set,
    ),
]
