"""The leak checker of the hidden-information sweep: does a body reveal what its reader may not see?

A *timeline* is a game as the server knows it: ``states[p]`` is the full ("god") engine state
after ``p`` decisions, ``actions[p]`` the decision taken in ``states[p]``. A *reader* is the
engine side whose eyes the body reached (``None``: anyone who is not a seat — spectators,
organisers, arbiters, strangers, anonymous visitors).

``check_body(body, reader, timeline, ply)`` fails when a body fetched at ``ply`` of a running
game reveals anything ``engine.observe`` and ``engine.history_text`` keep from ``reader``:

1. **embedded views**: every dict in a JSON body (or in the JSON blocks of an HTML page) that is
   a game view must equal ``observe(states[its ply], reader)`` — so no general, hand, deck,
   face-down or scouted card, prepared, removed or secret-deck card can be added to it;
2. **move lists**: every history entry (``{"ply", "seat", "text"}``) must read exactly what
   ``history_text`` lets the reader read;
3. **secret decisions as text**: the full text of every secret decision the reader may not read
   (``general c2``, ``cards …``, ``prepare …``, ``deck …``, ``exchange …``) must not occur in the
   raw body as a whole text — this catches logs, admin pages and templates that print the
   action log;
4. **secret card sets as lists**: no list of card codes anywhere in a JSON body may be one of
   the opponent's secret sets (prepared, removed, secret deck, hand, deck) unless the reader's
   own view holds the same list.

Once a match is finished its record is public, so nothing is checked for finished games.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine import GameState, Side, history_text, observe, parse_action
from engine.observation import is_secret

#: The JSON blocks of a page (``json_script``) and its inline configuration.
_JSON_SCRIPT = re.compile(r"<script[^>]*type=\"application/json\"[^>]*>(.*?)</script>", re.S)


class LeakError(AssertionError):
    """A body revealed something to a reader not entitled to it."""


@dataclass(frozen=True)
class Timeline:
    states: list[GameState]
    actions: list[str]
    _memo: dict[tuple[str, int, Side | None], Any] = field(default_factory=dict, repr=False)

    def observe(self, ply: int, reader: Side | None) -> dict[str, Any]:
        """``engine.observe`` of the state at ``ply`` (kept: many bodies ask for the same)."""
        key = ("view", ply, reader)
        if key not in self._memo:
            self._memo[key] = observe(self.states[ply], reader)
        return dict(self._memo[key])

    def secret_texts(self, ply: int, reader: Side | None) -> set[str]:
        """The texts of the secret decisions up to ``ply`` that ``reader`` may not read.

        A text that the reader's own view holds anyway (an arrangement of the same cards among
        its own legal decisions, say) says nothing and is left out.
        """
        key = ("texts", ply, reader)
        if key in self._memo:
            return set(self._memo[key])
        own = json.dumps(self.observe(ply, reader))
        hidden, readable = set(), set()
        for index in range(ply):
            before = self.states[index]
            action = parse_action(self.actions[index])
            shown = history_text(before, action, reader)
            readable.add(shown)
            if shown != action.to_str() and is_secret(before, action):
                hidden.add(action.to_str())
        self._memo[key] = {text for text in hidden - readable if text not in own}
        return set(self._memo[key])

    def secret_card_sets(self, ply: int, reader: Side | None) -> list[Counter[str]]:
        """The card sets of the other side(s) that ``observe`` keeps from ``reader``."""
        key = ("sets", ply, reader)
        if key in self._memo:
            return list(self._memo[key])
        state = self.states[ply]
        view = self.observe(ply, reader)
        sets = []
        for side in Side:
            if side is reader:
                continue
            own = state.sides[side]
            shown = view["sides"][side.label]
            candidates = [("hand", own.hand), ("deck", own.deck)]
            expansion = shown.get("expansion")
            if expansion is not None:
                candidates += [
                    ("prepared", own.prepared),
                    ("removed", own.removed),
                    ("cards", own.cards),
                ]
            for key, cards in candidates:
                hidden = (expansion if key in ("prepared", "removed", "cards") else shown)[key]
                if hidden is None and len(cards) >= 2:
                    sets.append(Counter(c.value for c in cards))
        self._memo[key] = sets
        return list(sets)


def dicts_in(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from dicts_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from dicts_in(item)


def card_lists_in(value: Any) -> Iterator[list[str]]:
    if isinstance(value, list):
        if value and all(isinstance(item, str) and len(item) == 2 for item in value):
            yield value
        for item in value:
            yield from card_lists_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from card_lists_in(item)


def is_game_view(value: dict[str, Any]) -> bool:
    return {"v", "viewer", "sides", "board", "ply"} <= value.keys()


def is_history_entry(value: dict[str, Any]) -> bool:
    return set(value) == {"ply", "seat", "text"}


def json_parts(body: str) -> list[Any]:
    """The JSON values in ``body``: the whole body if it is JSON, else its JSON scripts."""
    try:
        return [json.loads(body)]
    except ValueError:
        pass
    parts = []
    for block in _JSON_SCRIPT.findall(body):
        try:
            parts.append(json.loads(block))
        except ValueError:
            continue
    return parts


def check_json(value: Any, reader: Side | None, timeline: Timeline, ply: int) -> None:
    """Rules 1, 2 and 4 of the module docstring for one JSON value."""
    for found in dicts_in(value):
        if is_game_view(found):
            expected = timeline.observe(found["ply"], reader)
            if found != expected:
                raise LeakError(f"a view at ply {found['ply']} is not what {reader} may see")
        elif is_history_entry(found) and isinstance(found["ply"], int):
            index = found["ply"] - 1
            before = timeline.states[index]
            expected_text = history_text(before, parse_action(timeline.actions[index]), reader)
            if found["text"] != expected_text:
                raise LeakError(f"move {found['ply']} reads {found['text']!r} for {reader}")
    secrets = timeline.secret_card_sets(ply, reader)
    if not secrets:
        return
    allowed = [Counter(cards) for cards in card_lists_in(timeline.observe(ply, reader))]
    found_sets = [Counter(cards) for cards in card_lists_in(value)]
    for secret in secrets:
        if secret not in allowed and secret in found_sets:
            raise LeakError(f"the opponent's secret cards {sorted(secret)} reached {reader}")


def check_body(body: str | bytes, reader: Side | None, timeline: Timeline, ply: int) -> None:
    """Fail (``LeakError``) if ``body``, fetched at ``ply`` of a running game, reveals a secret."""
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    for secret in timeline.secret_texts(ply, reader):
        # A whole text, not part of a longer one (``general a6`` inside ``scout general a6``).
        if re.search(rf"(?<![\w ]){re.escape(secret)}(?![\w ])", text):
            raise LeakError(f"the secret decision {secret!r} reached {reader}")
    for value in json_parts(text):
        check_json(value, reader, timeline, ply)
