"""What a player is called to now: the content of the call banner (``components/callup.html``).

Every page of a signed-in player, and the page of an entry's private link, shows the player's
calls at its top and refetches them whenever the player's socket is nudged
(``matches.callup``). A call is one thing that needs the player:

* their **game** (``game``): the newest pending or running clocked game, linked to their board
  (or their table's clock); its key changes when it is published, when the opponent joins and
  when it starts, and the page alerts the player for every new key;
* a **result to confirm** (``confirm``): the opponent reported their table's result;
* a **ranked table** (``table_ready`` when the round is published, ``table_running`` while its
  session clock runs, ``table_confirm`` when another player reported the table's result).

Only the player's own entries (in events in progress) and games are read, so a call never
names anything the player's own pages would not show them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone

from matches.context_processors import LIVE_GAME_FIELDS, live_game_dict, live_game_of
from matches.models import Match
from tournaments import ranked_selectors, selectors
from tournaments.models import Entry, Event, GameTable, Pairing, Round

RUNNING_ROUNDS = (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS)


@dataclass(frozen=True)
class Call:
    """One call of the banner: ``kind`` (see the module docstring), the ``key`` that names its
    state, the page that answers it, and what the banner says about it."""

    kind: str
    key: str
    url: str
    event: str
    round_number: int
    table: int | None = None


def _entry_url(entry: Entry, token: str | None) -> str:
    if token is not None:
        return reverse("tournaments:player_token", kwargs={"token": token})
    return reverse("tournaments:player_home", kwargs={"slug": entry.event.slug})


def _pairing_call(entry: Entry, token: str | None) -> Call | None:
    pairing = selectors.entry_current_pairing(entry=entry)
    if (
        pairing is None
        or pairing.confirmation != Pairing.Confirmation.AWAITING
        or pairing.disputed
        or pairing.reported_by_id == entry.pk
    ):
        return None
    return Call(
        kind="confirm",
        key=f"confirm:{pairing.pk}",
        url=_entry_url(entry, token),
        event=entry.event.name,
        round_number=pairing.round.number,
    )


def _table_call(entry: Entry, token: str | None) -> Call | None:
    table = ranked_selectors.entry_current_table(entry=entry)
    if table is None or table.round.status not in RUNNING_ROUNDS or table.is_final:
        return None
    if table.confirmation == GameTable.Confirmation.AWAITING:
        if table.disputed or table.reported_by_id == entry.pk:
            return None
        kind = "table_confirm"
    elif table.started_at is None:
        kind = "table_ready"
    elif table.ends_at is not None and table.ends_at > timezone.now():
        kind = "table_running"
    else:
        return None
    return Call(
        kind=kind,
        key=f"{kind}:{table.pk}",
        url=_entry_url(entry, token),
        event=entry.event.name,
        round_number=table.round.number,
        table=table.number,
    )


def entry_calls(entry: Entry, token: str | None = None) -> list[Call]:
    """The calls of one entry's tables (its game is the game call, not one of these)."""
    calls = [_pairing_call(entry, token), _table_call(entry, token)]
    return [call for call in calls if call is not None]


def _entry_game(entry: Entry, token: str) -> dict[str, Any] | None:
    """The pending or running game of the entry's current table, seen through its link."""
    pairing = selectors.entry_current_pairing(entry=entry)
    if pairing is None or pairing.match_id is None:
        return None
    game = (
        Match.objects.filter(
            pk=pairing.match_id, status__in=[Match.Status.PENDING, Match.Status.RUNNING]
        )
        .values(*LIVE_GAME_FIELDS, "red_token", "blue_token")
        .first()
    )
    if game is None:
        return None
    seat = "red" if pairing.red_id == entry.pk else "blue"
    return live_game_dict(game, seat=seat, seat_token=game[f"{seat}_token"])


def callup_for_user(user: Any) -> dict[str, Any]:
    """The call banner of a signed-in user: their game and the calls of their entries in
    events in progress."""
    entries = (
        Entry.objects.filter(
            user_id=user.pk, status=Entry.Status.ACTIVE, event__status=Event.Status.RUNNING
        )
        .select_related("event")
        .order_by("pk")
    )
    calls = [call for entry in entries for call in entry_calls(entry)]
    return {
        "socket": "/ws/me/",
        "fragment": reverse("callup_user"),
        "game": live_game_of(user.pk),
        "calls": calls,
    }


def callup_for_entry(entry: Entry, token: str) -> dict[str, Any]:
    """The call banner of an entry's private link."""
    return {
        "socket": f"/ws/play/{token}/",
        "fragment": reverse("tournaments:callup_entry", kwargs={"token": token}),
        "game": _entry_game(entry, token),
        "calls": entry_calls(entry, token),
    }
