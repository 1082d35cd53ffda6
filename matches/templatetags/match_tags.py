"""Template filters of the match pages."""

from __future__ import annotations

from typing import Any

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


@register.inclusion_tag("matches/_claims.html")
def match_claims(match: Any) -> dict[str, Any]:
    """The claims of a disputed game (``matches.claims``) with the players' names; renders
    nothing for a game that is not disputed. Used by the arbiter console and the organiser's
    round page (and any page that lists a table's game)."""
    from matches.claims import match_claims as claims_of

    names = {"red": match.red_name, "blue": match.blue_name}
    return {
        "match": match,
        "claims": [{"claim": claim, "name": names[claim.seat]} for claim in claims_of(match)],
    }


@register.filter
def clock_ms(ms: Any) -> str:
    """Milliseconds of clock time as a clock shows them (``4:05``, ``0:09.3``)."""
    from matches.audit_sentences import clock_text

    return clock_text(ms) if isinstance(ms, int) else ""
