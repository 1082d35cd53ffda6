"""Forms: they validate the shape of what a page sends; services decide what is allowed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from engine.start import StartPosition, StartPositionError
from tournaments.models import Entry, Event, EventRole, Pairing
from tournaments.selectors import TIEBREAK_LABELS

EVENT_FORM_FIELDS = [
    "name",
    "starts_on",
    "ends_on",
    "venue",
    "online",
    "game_format",
    "time_control",
    "start_window_minutes",
    "pairing_system",
    "rounds",
    "top_cut_size",
    "third_place_match",
    "grand_final_reset",
    "points_win",
    "points_loss",
    "points_bye",
    "points_forfeit_win",
    "points_forfeit_loss",
    "visibility",
    "registration_cap",
]


class EventForm(forms.ModelForm):  # type: ignore[type-arg]
    """An event's settings. Tie-breaks are typed as codes, most important first."""

    tiebreak_codes = forms.CharField(
        label=_("Tie-breaks in order"),
        required=False,
        help_text=_("Codes separated by commas, e.g. BH-C1, BH, SB, DE, RND. Known codes: %s")
        % ", ".join(TIEBREAK_LABELS),
    )

    start_position_text = forms.CharField(
        label=_("Start position (optional)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 80, "spellcheck": "false"}),
        help_text=_(
            "A fixed opening for every game (Rule 1 only), one line per side, e.g. "
            "“red: lp 0; pieces Ib2N Ac1N; fences b2N; cards MV,RS,FN / MV,RS,MV,RF”. "
            "Leave empty for the normal deployment. See docs/start-positions.md."
        ),
    )

    class Meta:
        model = Event
        fields = EVENT_FORM_FIELDS
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["start_window_minutes"].required = False  # empty: the default
        if self.instance.pk:
            self.fields["tiebreak_codes"].initial = ", ".join(self.instance.tiebreaks)
            self.fields["start_position_text"].initial = self.instance.start_position_text

    def clean_start_window_minutes(self) -> int:
        value = self.cleaned_data.get("start_window_minutes")
        if value is None:
            return int(Event._meta.get_field("start_window_minutes").get_default())
        return int(value)

    def clean_start_position_text(self) -> dict[str, Any] | None:
        """The dict form of the typed position (``None`` when empty); errors name the problem."""
        text = self.cleaned_data.get("start_position_text") or ""
        if not text.strip():
            return None
        try:
            return StartPosition.from_text(text).to_dict()
        except StartPositionError as exc:
            raise forms.ValidationError(
                _("Not a valid start position (%(code)s): %(detail)s"),
                params={"code": exc.code, "detail": exc.detail},
            ) from None

    def service_fields(self) -> dict[str, Any]:
        """The cleaned values as keyword arguments of ``event_create``/``event_update``."""
        data = {name: self.cleaned_data[name] for name in EVENT_FORM_FIELDS}
        codes = self.cleaned_data.get("tiebreak_codes") or ""
        data["tiebreaks"] = [c.strip() for c in codes.split(",") if c.strip()]
        data["start_position"] = self.cleaned_data.get("start_position_text")
        return data

    def _post_clean(self) -> None:
        # Skip ModelForm's instance validation: the service owns the rules (and raises with a
        # code), and the database constraints back it.
        pass


class EntryAddForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    username = forms.CharField(
        label=_("Account (optional)"),
        required=False,
        help_text=_("Link the entry to a registered account by its user name."),
    )
    rating = forms.IntegerField(label=_("Rating"), required=False)
    missed_round_points = forms.DecimalField(
        label=_("Points for each missed round (late entry)"),
        required=False,
        min_value=0,
        max_digits=5,
        decimal_places=2,
    )

    def clean_username(self) -> Any:
        username = self.cleaned_data["username"].strip()
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(_("No account with this user name."))
        return user


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
    username = forms.CharField(label=_("User name"))
    role = forms.ChoiceField(label=_("Role"), choices=EventRole.Role.choices)

    def clean_username(self) -> Any:
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError(_("No account with this user name."))
        return user


class StatusForm(forms.Form):
    status = forms.ChoiceField(choices=Event.Status.choices)


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


RESULT_CHOICES = [
    (Pairing.Result.RED_WON, _("Red won")),
    (Pairing.Result.BLUE_WON, _("Blue won")),
    (Pairing.Result.RED_WON_BY_FORFEIT, _("Red won by forfeit (Blue absent)")),
    (Pairing.Result.BLUE_WON_BY_FORFEIT, _("Blue won by forfeit (Red absent)")),
    (Pairing.Result.DOUBLE_FORFEIT, _("Double forfeit (both absent)")),
]

METHOD_CHOICES = [
    ("", _("(not given)")),
    (Pairing.Method.GENERAL_CAPTURED, Pairing.Method.GENERAL_CAPTURED.label),
    (Pairing.Method.INTRUSION, Pairing.Method.INTRUSION.label),
    (Pairing.Method.RESIGNATION, Pairing.Method.RESIGNATION.label),
    (Pairing.Method.TIMEOUT, Pairing.Method.TIMEOUT.label),
    (Pairing.Method.NO_SHOW, Pairing.Method.NO_SHOW.label),
    (Pairing.Method.FORFEIT, Pairing.Method.FORFEIT.label),
]


class ResultForm(forms.Form):
    """An arbiter's or organiser's result for a table (entry, ruling or correction)."""

    result = forms.ChoiceField(label=_("Result"), choices=RESULT_CHOICES)
    method = forms.ChoiceField(label=_("How"), choices=METHOD_CHOICES, required=False)
    reason = forms.CharField(label=_("Reason (required for a correction)"), required=False)


class PlayerResultForm(forms.Form):
    """A player's report of their own over-the-board game: did I win or lose?"""

    result = forms.ChoiceField(label=_("Result"), choices=RESULT_CHOICES[:2])
    method = forms.ChoiceField(label=_("How"), choices=METHOD_CHOICES[:5], required=False)
