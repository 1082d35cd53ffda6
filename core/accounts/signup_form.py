"""The site's own fields of the sign-up form.

A module of its own, without allauth's forms: allauth builds its sign-up form on top of this
class (``ACCOUNT_SIGNUP_FORM_CLASS``) while ``allauth.account.forms`` is being imported.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from core.accounts.profiles import check_display_name, profile_for
from core.models import DISPLAY_NAME_LIMIT


class SignupDetailsForm(forms.Form):
    """The site's fields of the sign-up form (``ACCOUNT_SIGNUP_FORM_CLASS``), which allauth
    adds to its user name, e-mail address and passwords."""

    display_name = forms.CharField(
        label=_("Display name"),
        required=False,
        max_length=DISPLAY_NAME_LIMIT,
        help_text=_(
            "How pairings, standings and your profile name you, in any script. "
            "Leave it empty to use your user name."
        ),
    )

    def clean_display_name(self) -> str:
        name = self.cleaned_data.get("display_name", "")
        if not str(name).strip():
            return ""
        return check_display_name(name)

    def signup(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        """Called by allauth once the account exists: name the player."""
        profile = profile_for(user)
        profile.display_name = self.cleaned_data["display_name"] or user.get_username()
        profile.save(update_fields=["display_name"])
