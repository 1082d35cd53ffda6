"""The Play page's form: it checks the shape of what the page sends; ``play.services``
decides what is allowed (known game and format, time-control limits, the account's limits)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from play.choices import (
    GUNSHI_FORMATS,
    TIME_CONTROL_PRESETS,
    playable_games,
    recommended_time_control,
)
from play.errors import PlayError
from play.models import Seek
from tournaments.models import JUNQI_VARIANT_CHOICES

CUSTOM = "custom"

#: Form field of each service keyword a refusal may name.
SERVICE_TO_FORM_FIELD = {"time_control": "time_control_custom"}


class SeekForm(forms.Form):
    """Create a game: game and format, time control, rated or casual, colour, where it goes."""

    game = forms.ChoiceField(label=_("Game"), choices=playable_games, initial="gunshi")
    variant = forms.ChoiceField(
        label=_("Format (軍師軍略)"), choices=GUNSHI_FORMATS, initial="basic", required=False
    )
    junqi_variants = forms.MultipleChoiceField(
        label=_("軍棋 variants"),
        choices=JUNQI_VARIANT_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("None ticked: the standard game."),
    )
    time_preset = forms.ChoiceField(
        label=_("Time control"),
        choices=[*TIME_CONTROL_PRESETS, (CUSTOM, _("Custom"))],
        initial="20+0",
        widget=forms.RadioSelect,
    )
    time_control_custom = forms.CharField(
        label=_("Custom time control"),
        max_length=40,
        required=False,
        help_text=_(
            "Minutes each + seconds added per decision: 10+5; 90s+0 for seconds. "
            "From 5 seconds to 180 minutes each."
        ),
        widget=forms.TextInput(attrs={"spellcheck": "false", "autocomplete": "off"}),
    )
    rated = forms.TypedChoiceField(
        label=_("Mode"),
        choices=[("0", _("Casual")), ("1", _("Rated"))],
        coerce=lambda value: value == "1",
        initial="0",
        widget=forms.RadioSelect,
    )
    colour = forms.ChoiceField(
        label=_("Your colour"),
        choices=[
            (Seek.Colour.RANDOM, _("Random")),
            (Seek.Colour.RED, _("Red (moves first)")),
            (Seek.Colour.BLUE, _("Blue")),
        ],
        initial=Seek.Colour.RANDOM,
        widget=forms.RadioSelect,
    )
    kind = forms.ChoiceField(
        label=_("Opponent"),
        choices=[
            (Seek.Kind.LOBBY, _("Anyone: put it in the lobby")),
            (Seek.Kind.LINK, _("A friend: make a challenge link")),
            (Seek.Kind.DIRECT, _("A player by user name")),
        ],
        initial=Seek.Kind.LOBBY,
        widget=forms.RadioSelect,
    )
    opponent = forms.CharField(
        label=_("User name of the player"),
        max_length=150,
        required=False,
        widget=forms.TextInput(
            attrs={"spellcheck": "false", "autocomplete": "off", "autocapitalize": "none"}
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The page's script moves the time control to a newly chosen game's recommended one
        # (軍棋: 10+5) while the player has not picked another.
        recommended = {key: recommended_time_control(key) for key, _name in playable_games()}
        self.fields["game"].widget.attrs["data-recommended"] = json.dumps(recommended)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        preset = cleaned.get("time_preset")
        custom = (cleaned.get("time_control_custom") or "").strip()
        if preset == CUSTOM and not custom:
            self.add_error("time_control_custom", _("Write a time control, e.g. 10+5."))
        cleaned["time_control"] = custom if preset == CUSTOM else preset
        return cleaned

    def service_fields(self) -> dict[str, Any]:
        """The cleaned values as keyword arguments of ``seek_create``."""
        data = self.cleaned_data
        return {
            "kind": data["kind"],
            "game": data["game"],
            "variant": data.get("variant") or "basic",
            "junqi_variants": list(data.get("junqi_variants") or []),
            "time_control": data["time_control"],
            "rated": data["rated"],
            "colour": data["colour"],
            "opponent": data.get("opponent", ""),
        }

    def add_service_error(self, error: PlayError) -> None:
        """Show a service's refusal beside the field it names (else above the form)."""
        name = SERVICE_TO_FORM_FIELD.get(error.field or "", error.field)
        self.add_error(name if name in self.fields else None, error.message())


class ComputerGameForm(SeekForm):
    """Play the computer: game and format, time control, level and colour (no mode: such a
    game is never rated; no opponent: the computer is)."""

    rated = None
    kind = None
    opponent = None
    level = forms.TypedChoiceField(
        label=_("Level"),
        choices=[
            ("1", _("1 · beginner")),
            ("2", _("2 · casual")),
            ("3", _("3 · club (default)")),
            ("4", _("4 · strongest")),
        ],
        coerce=int,
        initial="3",
        widget=forms.RadioSelect,
    )

    field_order = [
        "game",
        "variant",
        "junqi_variants",
        "time_preset",
        "time_control_custom",
        "level",
        "colour",
    ]

    def service_fields(self) -> dict[str, Any]:
        """The cleaned values as keyword arguments of ``computer_game_create``."""
        data = self.cleaned_data
        return {
            "game": data["game"],
            "variant": data.get("variant") or "basic",
            "junqi_variants": list(data.get("junqi_variants") or []),
            "time_control": data["time_control"],
            "level": data["level"],
            "colour": data["colour"],
        }
