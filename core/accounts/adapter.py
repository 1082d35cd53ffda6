"""The site's allauth adapter (``ACCOUNT_ADAPTER``)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter

_ALLAUTH_VERIFICATION_STAGE = "allauth.account.stages.EmailVerificationStage"
_SITE_VERIFICATION_STAGE = "core.accounts.stages.AddressedEmailVerificationStage"


class SiteAccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    """allauth's defaults, with the site's e-mail verification rule at log-in
    (``core.accounts.stages``)."""

    def get_login_stages(self) -> list[str]:
        return [
            _SITE_VERIFICATION_STAGE if stage == _ALLAUTH_VERIFICATION_STAGE else stage
            for stage in super().get_login_stages()
        ]
