"""The dashboard's smaller forms: players and their check-in, roles, status, rounds."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from core.accounts.display import public_name
from tournaments import validation
from tournaments.models import Entry, Event, EventRole

#: The dashboard shows the player form and the role form on one page: their account fields
#: have names of their own (never ``username``, which password managers fill with the
#: organiser's own log-in) and switch autofill off.
ACCOUNT_WIDGET_ATTRS = {"autocomplete": "off", "spellcheck": "false", "autocapitalize": "none"}


class EntryAddForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=100,
        required=False,
        help_text=_("Leave empty to enter an account's player under their display name."),
    )
    account = forms.CharField(
        label=_("Account (optional)"),
        required=False,
        help_text=_("Link the entry to a registered account by its user name."),
        widget=forms.TextInput(attrs=ACCOUNT_WIDGET_ATTRS),
    )
    rating = forms.IntegerField(
        label=_("Rating"), required=False, min_value=0, max_value=validation.MAX_RATING
    )
    missed_round_points = forms.DecimalField(
        label=_("Points for each missed round (late entry)"),
        required=False,
        min_value=0,
        max_digits=5,
        decimal_places=2,
    )

    def clean_account(self) -> Any:
        username = self.cleaned_data["account"].strip()
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(_("No account with this user name."))
        return user

    def clean(self) -> dict[str, Any]:
        """A typed name wins; without one, an account's player is entered under their
        display name (docs/accounts.md, "Display names")."""
        cleaned = super().clean() or {}
        name = (cleaned.get("name") or "").strip()
        account = cleaned.get("account")
        if not name and account is not None:
            name = public_name(account)
        if not name and "account" not in self.errors:
            self.add_error("name", _("This field is required."))
        cleaned["name"] = name
        return cleaned


class CsvImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), required=False)
    text = forms.CharField(
        label=_("…or paste the CSV"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("First line: name,rating,username (rating and username are optional)."),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if upload is not None:
            try:
                cleaned["csv"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        else:
            cleaned["csv"] = cleaned.get("text") or ""
        if not cleaned["csv"].strip():
            raise forms.ValidationError(_("Choose a file or paste the CSV."))
        return cleaned


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=500)


class RoleForm(forms.Form):
    member = forms.CharField(
        label=_("User name"), widget=forms.TextInput(attrs=ACCOUNT_WIDGET_ATTRS)
    )
    role = forms.ChoiceField(label=_("Role"), choices=EventRole.Role.choices)

    def clean_member(self) -> Any:
        user = get_user_model().objects.filter(username=self.cleaned_data["member"].strip()).first()
        if user is None:
            raise forms.ValidationError(_("No account with this user name."))
        return user


class StatusForm(forms.Form):
    """An event status change; finishing the event (its results become final) needs the
    ``confirm`` box, checked here on the server."""

    status = forms.ChoiceField(choices=Event.Status.choices)
    confirm = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("status") == Event.Status.FINISHED and not cleaned.get("confirm"):
            raise forms.ValidationError(
                _("Finishing the event makes its results final: tick the box to confirm.")
            )
        return cleaned


class SwapForm(forms.Form):
    """Swap two players of a draft round."""

    first = forms.ModelChoiceField(label=_("Player"), queryset=Entry.objects.none())
    second = forms.ModelChoiceField(label=_("swap with"), queryset=Entry.objects.none())
    allow_rematch = forms.BooleanField(label=_("Allow a rematch"), required=False)

    def __init__(self, *args: Any, entries: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        queryset = entries if entries is not None else Entry.objects.none()
        self.fields["first"].queryset = queryset  # type: ignore[attr-defined]
        self.fields["second"].queryset = queryset  # type: ignore[attr-defined]


class CheckInForm(forms.Form):
    """Check in several players at once: the ticked ones, or every one listed."""

    entries = forms.ModelMultipleChoiceField(
        label=_("Players"), queryset=Entry.objects.none(), required=False
    )
    everyone = forms.BooleanField(required=False)

    def __init__(self, *args: Any, entries: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        queryset = entries if entries is not None else Entry.objects.none()
        self.fields["entries"].queryset = queryset  # type: ignore[attr-defined]

    def chosen(self) -> list[Entry]:
        """The players to check in (all listed ones for "check in all present")."""
        if self.cleaned_data.get("everyone"):
            return list(self.fields["entries"].queryset)  # type: ignore[attr-defined]
        return list(self.cleaned_data.get("entries") or [])


class PairForm(forms.Form):
    """Pair the next round; leaving out players who did not check in must be confirmed."""

    leave_out_absent = forms.BooleanField(
        label=_("Pair without the players who have not checked in"), required=False
    )
