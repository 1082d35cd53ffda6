"""The account forms: log-in and the account settings (sign-up's own fields: ``signup_form``)."""

from __future__ import annotations

from typing import Any

from allauth.account.forms import LoginForm
from django import forms
from django.utils.translation import gettext_lazy as _

from core.accounts.profiles import check_display_name, check_time_zone, known_time_zones
from core.models import DISPLAY_NAME_LIMIT, PlayerProfile


class SiteLoginForm(LoginForm):  # type: ignore[misc]
    """allauth's log-in form, by user name or e-mail address, under the field name
    ``username`` the site's log-in page has always posted (password managers, the admin's log-in
    and the log-in limits of ``core.login_limits`` read the same name)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields.pop("login")
        field.label = _("User name or e-mail address")
        field.widget.attrs.pop("placeholder", None)
        field.widget.attrs["autocomplete"] = "username"
        self.fields = {"username": field, **self.fields}

    def clean_username(self) -> str:
        return str(self.cleaned_data["username"]).strip()

    def clean(self) -> dict[str, Any]:
        if "username" in self.cleaned_data:
            self.cleaned_data["login"] = self.cleaned_data["username"]
        return super().clean()  # type: ignore[no-any-return]


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(known_time_zones())]


class AccountSettingsForm(forms.Form):
    """The account settings page: display name, language, time zone and search privacy."""

    display_name = forms.CharField(label=_("Display name"), max_length=DISPLAY_NAME_LIMIT)
    language = forms.ChoiceField(
        label=_("Language"),
        required=False,
        choices=PlayerProfile.Language.choices,
        help_text=_("The site speaks this language to you whenever you are logged in."),
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=time_zone_choices,
        help_text=_("Every date and time on the site is shown to you in this time zone."),
    )
    hidden_from_search = forms.BooleanField(
        label=_("Hide my profile from player search"), required=False
    )

    def clean_display_name(self) -> str:
        return check_display_name(self.cleaned_data.get("display_name", ""))

    def clean_time_zone(self) -> str:
        return check_time_zone(self.cleaned_data.get("time_zone"))

    @classmethod
    def for_profile(cls, profile: PlayerProfile, data: Any = None) -> AccountSettingsForm:
        initial = {
            "display_name": profile.display_name,
            "language": profile.language,
            "time_zone": profile.time_zone,
            "hidden_from_search": profile.hidden_from_search,
        }
        return cls(data, initial=initial)
