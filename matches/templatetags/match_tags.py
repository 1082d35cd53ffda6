"""Template filters of the match pages."""

from __future__ import annotations

from django import template

from matches.models import MatchEvent

register = template.Library()


@register.filter
def event_kind(code: str) -> str:
    """A match audit-log kind (``"press"``) as words in the page's language ("Clock pressed");
    a kind this version does not know shows as its code."""
    try:
        return str(MatchEvent.Kind(code).label)
    except ValueError:
        return code
