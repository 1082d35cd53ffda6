"""The site's e-mail verification rule at log-in.

Sign-up records the new account's e-mail address (allauth's ``EmailAddress``), and the account
cannot log in before that address is verified (``ACCOUNT_EMAIL_VERIFICATION = "mandatory"``).
An account without any recorded address was not made by sign-up: an administrator, an
organiser's import or a script made it (or it is older than e-mail on the site, and had no
address to carry over: migration ``core.0002``). Nobody is waiting for a verification mail
there, so it logs in as it always did; once its player adds an address on the e-mail page, the
rule applies to it too.
"""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from allauth.account.stages import EmailVerificationStage


class AddressedEmailVerificationStage(EmailVerificationStage):  # type: ignore[misc]
    """allauth's verification stage, skipped for an account without any e-mail address."""

    def handle(self) -> tuple[Any, bool]:
        user = self.login.user
        if user is not None and not EmailAddress.objects.filter(user_id=user.pk).exists():
            return None, True
        return super().handle()  # type: ignore[no-any-return]
