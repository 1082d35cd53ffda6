"""The event form: the rules an organiser announces, in fieldsets shown per game."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games import GameDefinition, TableKind, TimingKind, get_game, registered_games
from games.gunshi_rules import StartPositionError, start_position_from_text
from tournaments import validation
from tournaments.errors import TournamentError, message_for
from tournaments.models import JUNQI_VARIANT_CHOICES, Event
from tournaments.pairing.errors import PairingError
from tournaments.selectors import DEFAULT_TIEBREAKS, TIEBREAK_LABELS
from tournaments.validation import GUNSHI_KEY

EVENT_FORM_FIELDS = [
    "name",
    "starts_on",
    "ends_on",
    "venue",
    "online",
    "rated",
    "game",
    "game_format",
    "junqi_variants",
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
    "points_round_robin_free",
    "forfeit_counts_as_game",
    "visibility",
    "registration_cap",
    "no_show_minutes",
]


# Time controls an organiser picks most often, the official one first (RULES.md §15.1).
TIME_CONTROL_PRESETS = [
    ("20+0", _("20 minutes each, sudden death (official)")),
    ("15+0", _("15 minutes each, sudden death")),
    ("10+5", _("10 minutes each + 5 seconds per turn")),
    ("5+3", _("5 minutes each + 3 seconds per turn")),
]

ELIMINATION_SYSTEMS = (
    Event.PairingSystem.SINGLE_ELIMINATION,
    Event.PairingSystem.DOUBLE_ELIMINATION,
    Event.PairingSystem.SWISS_TOP_CUT,
)
SWISS_SYSTEMS = (Event.PairingSystem.SWISS, Event.PairingSystem.SWISS_TOP_CUT)


def head_to_head(game: GameDefinition) -> bool:
    """Two players with colours: the pairing systems, points, tie-breaks and player clocks
    apply. A ranked-table game (三国盛衰記) is assigned to tables, scored by rank points and
    timed by a session limit instead (docs/tournaments.md, "Ranked tables")."""
    return game.table == TableKind.HEAD_TO_HEAD


def games_where(applies: Callable[[GameDefinition], bool]) -> tuple[str, ...]:
    """The keys of the registered games for which ``applies`` holds."""
    return tuple(game.key for game in registered_games() if applies(game))


@dataclass(frozen=True)
class Fieldset:
    """A group of the event form's fields, shown only for the pairing systems in ``only_for``
    (every system when empty) and for the games ``only_for_game`` names, or those for which
    ``games`` holds (every game when both are empty). The server validates every field whatever
    is shown."""

    key: str
    legend: Any
    fields: tuple[str, ...]
    only_for: tuple[str, ...] = ()
    only_for_game: tuple[str, ...] = ()  # game keys (every game when empty)
    games: Callable[[GameDefinition], bool] | None = None

    def game_keys(self) -> tuple[str, ...]:
        """The games this group is shown for (empty: every game)."""
        return self.only_for_game or (games_where(self.games) if self.games else ())


EVENT_FIELDSETS = (
    Fieldset(
        "event",
        _("Event"),
        (
            "name",
            "starts_on",
            "ends_on",
            "venue",
            "game",
            "online",
            "rated",
            "visibility",
            "registration_cap",
        ),
    ),
    Fieldset(
        "format",
        _("Format"),
        ("game_format", "start_position_text"),
        only_for_game=(GUNSHI_KEY,),
    ),
    Fieldset(
        "junqi",
        _("軍棋 variants"),
        ("junqi_variants",),
        only_for_game=(validation.JUNQI_KEY,),
    ),
    Fieldset(
        "time-control",
        _("Time control"),
        ("time_control", "start_window_minutes", "no_show_minutes"),
        games=head_to_head,
    ),
    Fieldset(
        "pairing",
        _("Rounds and pairing"),
        ("pairing_system", "rounds", "forfeit_counts_as_game"),
    ),
    Fieldset(
        "elimination",
        _("Elimination"),
        ("top_cut_size", "third_place_match", "grand_final_reset"),
        only_for=tuple(ELIMINATION_SYSTEMS),
        games=head_to_head,
    ),
    Fieldset("points", _("Points"), validation.POINT_FIELDS, games=head_to_head),
    Fieldset("tiebreaks", _("Tie-breaks"), ("tiebreak_codes",), games=head_to_head),
)

# Fields inside a shown fieldset that apply to some games only: the join window and the
# no-show limit are settings of online games (games with a rules engine).
FIELD_GAMES: dict[str, Callable[[GameDefinition], bool]] = {
    "start_window_minutes": validation.plays_online,
    "no_show_minutes": validation.plays_online,
    # A ranked-table event plays its number of rounds of table assignments, unpaired.
    "pairing_system": head_to_head,
    "forfeit_counts_as_game": head_to_head,
}

# Fields inside a shown fieldset that apply to some pairing systems only.
FIELD_ONLY_FOR: dict[str, tuple[str, ...]] = {
    "rounds": tuple(SWISS_SYSTEMS),
    "forfeit_counts_as_game": tuple(SWISS_SYSTEMS),
    "points_round_robin_free": (
        Event.PairingSystem.ROUND_ROBIN,
        Event.PairingSystem.DOUBLE_ROUND_ROBIN,
    ),
    "top_cut_size": (Event.PairingSystem.SWISS_TOP_CUT,),
    "third_place_match": (
        Event.PairingSystem.SINGLE_ELIMINATION,
        Event.PairingSystem.SWISS_TOP_CUT,
    ),
    "grand_final_reset": (Event.PairingSystem.DOUBLE_ELIMINATION,),
}

# Service keywords whose form field has another name.
SERVICE_TO_FORM_FIELD = {"tiebreaks": "tiebreak_codes", "start_position": "start_position_text"}


class EventForm(forms.ModelForm):  # type: ignore[type-arg]
    """An event's settings, grouped by what they apply to (``EVENT_FIELDSETS``).

    The form checks the shape and range of each value; ``tournaments.validation`` checks them
    again in the service, and a refusal there is shown beside its field (``add_service_error``).
    """

    time_control = forms.CharField(
        label=_("Time control"),
        max_length=40,
        initial="20+0",
        help_text=_(
            "Minutes each + seconds added per turn: 10+5 is 10 minutes each and 5 seconds added "
            "per turn; 90s+0 is 90 seconds each, sudden death."
        ),
        widget=forms.TextInput(
            attrs={"spellcheck": "false", "autocomplete": "off", "inputmode": "text"}
        ),
    )

    junqi_variants = forms.MultipleChoiceField(
        label=_("Variants every game of the event plays with"),
        required=False,
        choices=JUNQI_VARIANT_CHOICES,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("None ticked: the standard game."),
    )

    tiebreak_codes = forms.CharField(
        label=_("Tie-breaks in order"),
        required=False,
        help_text=_(
            "Codes separated by commas, most important first, e.g. BH-C1, BH, SB, DE, RND."
        ),
    )

    start_position_text = forms.CharField(
        label=_("Start position (optional)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 80, "spellcheck": "false"}),
        help_text=_(
            "A fixed opening for every game (any format), one line per side, e.g. "
            "“red: lp 0; pieces Ib2N Ac1N; fences b2N; cards MV,RS,FN / MV,RS,MV,RF”. "
            "Leave empty for the normal deployment."
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
        bounds = {
            "rounds": (1, validation.MAX_ROUNDS),
            "registration_cap": (2, validation.MAX_REGISTRATION_CAP),
        }
        for name, (low, high) in bounds.items():
            field = self.fields[name]
            field.min_value, field.max_value = low, high  # type: ignore[attr-defined]
            field.validators = [MinValueValidator(low), MaxValueValidator(high)]
            field.widget.attrs.update({"min": low, "max": high})
        for name in validation.POINT_FIELDS:
            field = self.fields[name]
            field.validators.append(MinValueValidator(0))
            field.widget.attrs["min"] = 0
        self.fields["rounds"].label = _("Number of rounds")
        self.fields["rounds"].help_text = _(
            "Swiss: the rounds before any top cut. Ranked tables: the rounds of table assignments."
        )
        # Said for every game (the model's text names 軍師軍略's untimed parts).
        self.fields["no_show_minutes"].help_text = _(
            "Optional, not in the game's rules: a player who does not act within this many "
            "minutes while no clock runs (an untimed part of the game) loses by no-show. Leave "
            "empty for no limit."
        )
        self.fields["tiebreak_codes"].initial = ", ".join(DEFAULT_TIEBREAKS)
        self.fields["start_window_minutes"].required = False  # empty: the default
        game = self.fields["game"]
        game.required = False  # not sent: 軍師軍略 (or the event's game when editing)
        game.help_text = _(
            "Games without a rules engine on this site are played over the board only. The "
            "time control follows the game's recommendation unless you change it."
        )
        game.widget.attrs["data-time-controls"] = json.dumps(
            {g.key: g.timing.time_control for g in registered_games()}
        )
        start = self.fields["start_position_text"]
        start.help_text = format_html(
            '{} <a href="{}">{}</a>',
            start.help_text,
            reverse("core:help_start_positions"),
            _("How to write a start position"),
        )
        if self.instance.pk:
            self.fields["tiebreak_codes"].initial = ", ".join(self.instance.tiebreaks)
            self.fields["start_position_text"].initial = self.instance.start_position_text

    def clean_time_control(self) -> str:
        """The canonical text of the time control; the message shows the syntax."""
        try:
            return validation.check_time_control(self.cleaned_data["time_control"].strip())
        except TournamentError as error:
            raise forms.ValidationError(message_for(error)) from None

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
            return start_position_from_text(text)
        except StartPositionError as exc:
            raise forms.ValidationError(
                _("Not a valid start position (%(code)s): %(detail)s"),
                params={"code": exc.code, "detail": exc.detail},
            ) from None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self._clean_game(cleaned)
        starts_on, ends_on = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts_on and ends_on and ends_on < starts_on:
            self.add_error("ends_on", _("The last day cannot be before the first day."))
        win, loss = cleaned.get("points_win"), cleaned.get("points_loss")
        if win is not None and loss is not None and win <= loss:
            self.add_error("points_win", _("A win must score more points than a loss."))
        system = cleaned.get("pairing_system")
        if system == Event.PairingSystem.SWISS_TOP_CUT and cleaned.get("top_cut_size") not in (
            4,
            8,
            16,
        ):
            self.add_error("top_cut_size", _("The top cut must be 4, 8 or 16 players."))
        return cleaned

    def _clean_game(self, cleaned: dict[str, Any]) -> None:
        """Over-the-board-only games cannot be online events; a new event whose time control
        was left at the initial value takes the chosen game's recommended one; 軍師軍略's format
        and start position are dropped for another game, 軍棋's variants for any other."""
        key = cleaned.get("game") or (self.instance.game if self.instance.pk else GUNSHI_KEY)
        cleaned["game"] = key
        game = get_game(key)
        if cleaned.get("online") and not validation.plays_online(game):
            self.add_error(
                "game",
                # The box's own label, so the message names exactly what the page shows.
                _("%(game)s is played over the board only: untick “%(box)s”.")
                % {"game": game.name, "box": self.fields["online"].label},
            )
        if (
            not self.instance.pk
            and key != GUNSHI_KEY
            and cleaned.get("time_control") == self.fields["time_control"].initial
            and game.timing.time_control
        ):
            cleaned["time_control"] = game.timing.time_control
        if key != GUNSHI_KEY:
            cleaned["game_format"] = Event.Format.BASIC
            cleaned["start_position_text"] = None
            for name in ("game_format", "start_position_text"):
                self.errors.pop(name, None)
        if key != validation.JUNQI_KEY:
            cleaned["junqi_variants"] = []
            self.errors.pop("junqi_variants", None)

    def service_fields(self) -> dict[str, Any]:
        """The cleaned values as keyword arguments of ``event_create``/``event_update``."""
        data = {name: self.cleaned_data[name] for name in EVENT_FORM_FIELDS}
        codes = self.cleaned_data.get("tiebreak_codes") or ""
        data["tiebreaks"] = [c.strip() for c in codes.split(",") if c.strip()]
        data["start_position"] = self.cleaned_data.get("start_position_text")
        return data

    def add_service_error(self, error: TournamentError | PairingError) -> None:
        """Show a service's refusal beside the field it names (else above the form)."""
        name = getattr(error, "field", None)
        name = SERVICE_TO_FORM_FIELD.get(name, name) if name else None
        self.add_error(name if name in self.fields else None, message_for(error))

    def fieldsets(self) -> list[dict[str, Any]]:
        """The fieldsets with their bound fields, for the template: each field with the
        pairing systems and the games it applies to (space-separated; empty: all)."""
        return [
            {
                "key": fieldset.key,
                "legend": fieldset.legend,
                "only_for": " ".join(fieldset.only_for),
                "only_for_game": " ".join(fieldset.game_keys()),
                "fields": [
                    (
                        self[name],
                        " ".join(FIELD_ONLY_FOR.get(name, ())),
                        " ".join(games_where(FIELD_GAMES[name])) if name in FIELD_GAMES else "",
                    )
                    for name in fieldset.fields
                ],
            }
            for fieldset in EVENT_FIELDSETS
        ]

    def time_control_hints(self) -> list[dict[str, Any]]:
        """Each game's own advice beside the time control (shown for that game only): its
        recommended control as a button, and what the control means for it. 軍師軍略 has the
        preset buttons of ``TIME_CONTROL_PRESETS`` instead (its official control first)."""
        return [
            {"game": game.key, "control": game.timing.time_control, "text": _timing_text(game)}
            for game in registered_games()
            if game.key != GUNSHI_KEY and game.timing.kind == TimingKind.CHESS_CLOCK
        ]

    def session_games(self) -> str:
        """The games timed by a session limit (ranked tables), space-separated."""
        return " ".join(games_where(lambda game: game.timing.kind == TimingKind.SESSION))

    def tiebreak_choices(self) -> list[tuple[str, Any]]:
        """Every known tie-break code with its name (in the page's language)."""
        return list(TIEBREAK_LABELS.items())

    def _post_clean(self) -> None:
        # Skip ModelForm's instance validation: the service owns the rules (and raises with a
        # code), and the database constraints back it.
        pass


def _timing_text(game: GameDefinition) -> Any:
    """A sentence on ``game``'s recommended chess-clock control, in the page's language."""
    timing = game.timing
    values = {
        "game": game.name,
        "control": timing.time_control,
        "minutes": timing.minutes,
        "seconds": timing.increment_seconds,
        "setup": timing.setup_minutes,
    }
    if timing.setup_minutes and timing.increment_seconds:
        text = _(
            "Recommended for %(game)s: %(control)s, %(minutes)s minutes each + %(seconds)s "
            "seconds per move, after a shared %(setup)s-minute set-up."
        )
    elif timing.increment_seconds:
        text = _(
            "Recommended for %(game)s: %(control)s, %(minutes)s minutes each + %(seconds)s "
            "seconds per move."
        )
    else:
        text = _("Recommended for %(game)s: %(control)s, %(minutes)s minutes each, sudden death.")
    return text % values
