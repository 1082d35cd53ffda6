"""In a real browser: static/js/notation.js reads every decision form the engine writes.

The action builder offers a decision on the board only if it can take its text apart; a form
it cannot read would silently be missing from the board. This test feeds it every legal
decision of a few random games of every format family (basic, expansion rule 1 options 2 and
3, deck building base and secret, with the 三略 promos so that every expansion card occurs) and
rebuilds each text from the parts.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import legal_actions
from engine.formats import DeckOption, GameFormat, Variant
from engine.playout import random_steps

pytestmark = pytest.mark.e2e

REBUILD = """
(parts) => {
  const d = parts;
  switch (d.type) {
    case "deploy": return `deploy ${d.kind} ${d.to} ${d.direction}`;
    case "reinforce": return `reinforce ${d.kind} ${d.to} ${d.direction}`;
    case "deploy_fence": return `deploy fence ${d.edge}`;
    case "general": return `general ${d.to}`;
    case "cards": return `cards ${d.hand.join(",")} / ${d.deck.join(",")}`;
    case "play": return `play ${d.card}`;
    case "move": return `${d.from}-${d.to}${d.intrude ? "+" : ""}`;
    case "select": return `select ${d.from} ${d.direction}`;
    case "select_shooter": return `select ${d.from} x`;
    case "rotate": return `${d.from}>${d.direction}`;
    case "shoot": return `${d.from}x${d.to}`;
    case "fence": return `${d.from}#${d.edge}`;
    case "pick": return `pick ${d.card}`;
    case "deck": return `deck ${d.cards.join(",")}`;
    case "prepare": return `prepare ${d.cards.join(",")}`;
    case "exchange": return `exchange ${d.take} ${d.give}`;
    case "route": return `route ${d.kind} ${d.to} ${d.direction}`;
    case "scout_card": return `scout card ${d.slot}`;
    case "scout_general": return `scout general ${d.to}`;
    case "swap": return `swap ${d.from} ${d.to}`;
    default: return d.type;
  }
}
"""


FORMATS = (
    GameFormat.basic(),
    GameFormat(variant=Variant.EXPANSION, expansion_option=2, promos=True),
    GameFormat(variant=Variant.EXPANSION, expansion_option=3, promos=True),
    GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.BASE, promos=True),
    GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.SECRET, promos=True),
)


def all_decision_texts(seeds: range, turn_limit: int) -> set[str]:
    texts: set[str] = set()
    for game_format in FORMATS:
        for seed in seeds:
            steps = random_steps(seed=seed, turn_limit=turn_limit, format=game_format)
            for step in steps:
                texts.update(action.to_str() for action in legal_actions(step.before))
    return texts


def test_notation_js_reads_every_decision_the_engine_offers(
    match_server: Any, new_page: Any
) -> None:
    texts = sorted(all_decision_texts(range(8), turn_limit=20))
    page = new_page()
    page.goto(match_server.url + "/matches/records/")
    # The rebuild function is part of the evaluated source, not eval()'d in the page: the
    # site's Content-Security-Policy forbids evaluating strings.
    results = page.evaluate(
        """async (texts) => {
          const { parseDecision } = await import("/static/js/notation.js");
          const rebuildFn = REBUILD_SOURCE;
          return texts.map((text) => {
            const parts = parseDecision(text);
            return [text, parts.type, rebuildFn(parts)];
          });
        }""".replace("REBUILD_SOURCE", REBUILD.strip()),
        texts,
    )
    kinds = {kind for _text, kind, _rebuilt in results}
    assert "other" not in kinds
    assert kinds == {
        "deploy",
        "deploy_fence",
        "general",
        "cards",
        "play",
        "end",
        "dispatch",
        "done",
        "move",
        "select",
        "select_shooter",
        "rotate",
        "shoot",
        "fence",
        "reinforce",
        "pick",
        "deck",
        "prepare",
        "exchange",
        "keep",
        "route",
        "scout_card",
        "scout_general",
        "swap",
    }
    for text, _kind, rebuilt in results:
        assert rebuilt == text
    assert (
        page.evaluate(
            """async () => {
          const { parseDecision } = await import("/static/js/notation.js");
          return ["play ?", "general ?", "cards ?", "exchange ?", "deck ?", "prepare ?"].map(
            (t) => parseDecision(t).type,
          );
        }"""
        )
        == ["other"] * 6
    )
