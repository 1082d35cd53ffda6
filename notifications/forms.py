"""The account settings' section "Notifications by e-mail": a checkbox per kind."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from notifications.kinds import Kind


class EmailKindsForm(forms.Form):
    kinds = forms.MultipleChoiceField(
        label=_("Also send these notifications by e-mail"),
        choices=Kind.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    @classmethod
    def for_kinds(cls, kinds: frozenset[str], data: Any = None) -> EmailKindsForm:
        return cls(data, initial={"kinds": sorted(kinds)})
