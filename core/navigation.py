"""Site navigation that only ever links to pages that exist.

Each entry names a URL pattern. An entry whose pattern is not (yet) in the URL configuration is
left out, so the home page and the header never link to a 404: when an app adds a view under
one of these names, its link appears by itself.

Names expected from the apps:
- `tournaments:event_list`: the list of events (tournaments).
- `matches:record_list`: the list of game records.
- `play:home`: the Play page, games outside events (play).
- `ratings:index`: the site's rating lists (players).
- `players:search`: player search (each player's profile is linked from it).
"""

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


@dataclass(frozen=True, slots=True)
class NavItem:
    """A link shown in the header and on the home page."""

    label: str | Promise
    url_name: str
    description: str | Promise = ""


NAV_ITEMS: tuple[NavItem, ...] = (
    NavItem(
        label=pgettext_lazy("site section", "Play"),
        url_name="play:home",
        description=_(
            "A clocked game now: join the lobby, send a friend a challenge link or challenge a "
            "player."
        ),
    ),
    NavItem(
        label=_("Events"),
        url_name="tournaments:event_list",
        description=_("Tournaments: entries, pairings, standings and results."),
    ),
    NavItem(
        label=_("Game records"),
        url_name="matches:record_list",
        description=_("Replay finished games decision by decision."),
    ),
    NavItem(
        label=_("Ratings"),
        url_name="ratings:index",
        description=_("Site ratings of every game and format, from rated games."),
    ),
    NavItem(
        label=_("Players"),
        url_name="players:search",
        description=_("Find a player: their games, events, results and head-to-head."),
    ),
)


@dataclass(frozen=True, slots=True)
class NavLink:
    """A navigation entry whose URL resolved."""

    label: str | Promise
    url: str
    description: str | Promise


def available_links(items: tuple[NavItem, ...] = NAV_ITEMS) -> list[NavLink]:
    """Return the links of `items` whose URL names resolve, in order."""
    links = []
    for item in items:
        try:
            url = reverse(item.url_name)
        except NoReverseMatch:
            continue
        links.append(NavLink(label=item.label, url=url, description=item.description))
    return links
