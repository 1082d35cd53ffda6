"""Template filters of the tournament pages."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django import template

from tournaments.selectors import display_points

register = template.Library()


@register.filter
def points(value: Decimal | Fraction | int | None) -> str:
    """A points value as people write it: ``1``, ``0.5``, ``2.5`` (never ``1.00`` or ``5/2``)."""
    if value is None:
        return ""
    return display_points(Fraction(value))
