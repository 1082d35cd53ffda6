"""Template filters of the tournament pages."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django import template

from games import GameDefinition, get_game
from tournaments.audit import audit_sentence as sentence_of
from tournaments.models import AuditLog
from tournaments.selectors import display_points

register = template.Library()


@register.filter
def game_definition(key: str) -> GameDefinition:
    """The registry's definition of a game key (``event.game|game_definition``)."""
    return get_game(key)


@register.filter
def points(value: Decimal | Fraction | int | None) -> str:
    """A points value as people write it: ``1``, ``0.5``, ``2.5`` (never ``1.00`` or ``5/2``)."""
    if value is None:
        return ""
    return display_points(Fraction(value))


@register.filter
def audit_sentence(item: AuditLog) -> str:
    """An audit-log row as a sentence in the page's language (``tournaments.audit``)."""
    return sentence_of(item)
