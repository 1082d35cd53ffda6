"""Result forms: an arbiter's entry of a table's result, and a player's own report."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games import GameDefinition
from tournaments.models import Pairing
from tournaments.validation import GUNSHI_KEY

RESULT_CHOICES = [
    (Pairing.Result.RED_WON, _("Red won")),
    (Pairing.Result.BLUE_WON, _("Blue won")),
    (Pairing.Result.RED_WON_BY_FORFEIT, _("Red won by forfeit (Blue absent)")),
    (Pairing.Result.BLUE_WON_BY_FORFEIT, _("Blue won by forfeit (Red absent)")),
    (Pairing.Result.DOUBLE_FORFEIT, _("Double forfeit (both absent)")),
]

#: Offered beside the other results only for a game with draws (``GameDefinition.draws``).
DRAW_CHOICE = (Pairing.Result.DRAW, _("Draw"))

METHOD_CHOICES = [
    ("", _("(not given)")),
    (Pairing.Method.GENERAL_CAPTURED, Pairing.Method.GENERAL_CAPTURED.label),
    (Pairing.Method.INTRUSION, Pairing.Method.INTRUSION.label),
    (Pairing.Method.RESIGNATION, Pairing.Method.RESIGNATION.label),
    (Pairing.Method.TIMEOUT, Pairing.Method.TIMEOUT.label),
    (Pairing.Method.NO_SHOW, Pairing.Method.NO_SHOW.label),
    (Pairing.Method.FORFEIT, Pairing.Method.FORFEIT.label),
]


class ScoreFields(forms.Form):
    """Red's and Blue's game score (``GameDefinition.score``: Strategem's final HP,
    盤上遊姫's battlefields won), present only when the event's game has one. The form checks
    the bounds; ``tournaments.scores`` checks them again with the result.

    The result choices get "draw" for a game with draws (``GameDefinition.draws``), unless the
    form is shown for an elimination round (``elimination=True``)."""

    red_score = forms.IntegerField(required=False, min_value=0)
    blue_score = forms.IntegerField(required=False, min_value=0)
    #: Arbiters of another game may record an adjudication (e.g. at the round timer), where
    #: the game's normal end condition need not hold (``tournaments.scores``).
    offers_adjudication = False

    def __init__(
        self,
        *args: Any,
        game: GameDefinition | None = None,
        elimination: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        score = game.score if game is not None else None
        self.score = score
        method = self.fields.get("method")
        if game is not None and game.key != GUNSHI_KEY and isinstance(method, forms.ChoiceField):
            # A general captured or an intrusion only ends a game of 軍師軍略.
            method.choices = [
                (value, label)
                for value, label in method.choices
                if value not in (Pairing.Method.GENERAL_CAPTURED, Pairing.Method.INTRUSION)
            ]
            if self.offers_adjudication:
                method.choices = [
                    *method.choices,
                    (Pairing.Method.ARBITER, _("Adjudicated at time by the arbiter")),
                ]
        result = self.fields.get("result")
        offers_draw = game is not None and game.draws and not elimination
        if offers_draw and isinstance(result, forms.ChoiceField):
            # After the wins and before the forfeits: a draw is a game played to its end. Not
            # on an elimination round's page (a bracket needs a winner; the service refuses).
            choices = list(result.choices)
            result.choices = [*choices[:3], DRAW_CHOICE, *choices[3:]]
        if score is None:
            del self.fields["red_score"], self.fields["blue_score"]
            return
        for name, side in (("red_score", _("Red")), ("blue_score", _("Blue"))):
            field = self.fields[name]
            field.label = format_lazy("{label} ({side})", label=score.label, side=side)
            field.min_value = score.minimum  # type: ignore[attr-defined]
            field.validators = [MinValueValidator(score.minimum)]
            field.widget.attrs.update({"min": score.minimum, "inputmode": "numeric"})
            if score.maximum is not None:
                field.max_value = score.maximum  # type: ignore[attr-defined]
                field.validators.append(MaxValueValidator(score.maximum))
                field.widget.attrs["max"] = score.maximum

    def scores(self) -> dict[str, int | None]:
        """The score keywords of the result services."""
        return {
            "red_score": self.cleaned_data.get("red_score"),
            "blue_score": self.cleaned_data.get("blue_score"),
        }


class ResultForm(ScoreFields):
    """An arbiter's or organiser's result for a table (entry, ruling or correction).

    The result starts empty: nothing is entered by pressing "save" on an untouched row. A
    correction of a confirmed result needs a reason and an explicit confirmation
    (``correcting=True``)."""

    field_order = ["result", "method", "red_score", "blue_score", "reason", "confirm_correction"]
    offers_adjudication = True

    result = forms.ChoiceField(
        label=_("Result"), choices=[("", _("— choose the result —")), *RESULT_CHOICES]
    )
    method = forms.ChoiceField(label=_("How"), choices=METHOD_CHOICES, required=False)
    reason = forms.CharField(
        label=_("Reason (required for a correction)"), required=False, max_length=500
    )
    confirm_correction = forms.BooleanField(
        label=_("Yes, correct the confirmed result"), required=False
    )

    def __init__(self, *args: Any, correcting: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.correcting = correcting

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.correcting:
            if not (cleaned.get("reason") or "").strip():
                self.add_error("reason", _("Give a reason (it is kept in the audit log)."))
            if not cleaned.get("confirm_correction"):
                self.add_error(
                    "confirm_correction",
                    _("This table already has a confirmed result: tick the box to correct it."),
                )
        return cleaned


class PlayerResultForm(ScoreFields):
    """A player's report of their own over-the-board game: did I win or lose? (And, for a
    game with a score, both players' scores.)"""

    field_order = ["result", "method", "red_score", "blue_score"]

    result = forms.ChoiceField(
        label=_("Result"), choices=[("", _("— choose the result —")), *RESULT_CHOICES[:2]]
    )
    method = forms.ChoiceField(label=_("How"), choices=METHOD_CHOICES[:5], required=False)
