"""Every field of the event form is shown in exactly one fieldset (a field left out of the
groups would never reach the page, and the form would refuse every save for want of it)."""

from __future__ import annotations

from collections import Counter

from tournaments.forms import EVENT_FIELDSETS, FIELD_ONLY_FOR, EventForm


def test_every_event_field_is_in_exactly_one_fieldset() -> None:
    shown = Counter(name for fieldset in EVENT_FIELDSETS for name in fieldset.fields)
    assert set(shown) == set(EventForm.base_fields)
    assert [name for name, times in shown.items() if times > 1] == []


def test_system_specific_fields_are_fields_of_the_form() -> None:
    assert set(FIELD_ONLY_FOR) <= set(EventForm.base_fields)
