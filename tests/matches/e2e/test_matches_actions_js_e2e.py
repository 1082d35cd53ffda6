"""In a real browser: static/js/actions.js offers the expansion choices it is given, and no more.

The action builder is fed views of real engine positions (``engine.observe`` for the seat to
act) where the 軍師の閃き exchange is due and where a secret deck is chosen, and the test
clicks through the panel as a player would: every exchange and ``keep`` is one button, the
deck chooser only enables its confirm button for a deck the server listed, and a click submits
exactly the listed text.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import GameState, Side, legal_actions, observe
from engine.formats import DeckOption, GameFormat, Variant
from engine.playout import random_steps

pytestmark = pytest.mark.e2e

CHOOSER = "#builder-under-test .chooser"

MOUNT = """
async ([game]) => {
  const { ActionBuilder } = await import("/static/js/actions.js");
  window.submitted = [];
  const builder = new ActionBuilder({
    submit: (text) => { window.submitted.push(text); builder.unlock(); },
    onChange: () => builder.render(),
  });
  builder.setGame(game, { seat: game.to_act, bottom: "red", enabled: true });
  const holder = document.createElement("div");
  holder.id = "builder-under-test";
  holder.append(builder.render());
  document.body.prepend(holder);
  window.builder = builder;
}
"""


def exchange_position() -> GameState:
    """A position of an expansion game (option 2) where the exchange is offered."""
    game_format = GameFormat(variant=Variant.EXPANSION, expansion_option=2, promos=True)
    for seed in range(200):
        for step in random_steps(seed=seed, turn_limit=30, format=game_format):
            if step.before.exchange_pending:
                return step.before
    raise AssertionError("no exchange in 200 random games")  # pragma: no cover


def deck_position() -> GameState:
    game_format = GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.SECRET)
    step = next(iter(random_steps(seed=1, format=game_format)))
    return step.before


def open_labelled_page(match_server: Any, page: Any) -> None:
    """A live board page (spectator): it carries the translated labels the scripts use."""
    match = match_server.create_match(red_name="Aoi", blue_name="Ren")
    page.goto(f"{match_server.url}/matches/{match['id']}/")


def mount(page: Any, state: GameState) -> list[str]:
    side = state.to_act
    assert side is not None
    page.evaluate(MOUNT, [observe(state, side)])
    return [action.to_str() for action in legal_actions(state)]


def test_the_exchange_offers_each_listed_exchange_and_keep(
    match_server: Any, new_page: Any
) -> None:
    state = exchange_position()
    page = new_page()
    open_labelled_page(match_server, page)
    legal = mount(page, state)
    offered = page.locator("#builder-under-test .exchange [data-action]").evaluate_all(
        "(buttons) => buttons.map((b) => b.dataset.action)"
    )
    assert sorted(offered) == sorted(legal)
    assert "keep" in offered
    exchange = next(text for text in legal if text.startswith("exchange "))
    page.locator(f'#builder-under-test .exchange [data-action="{exchange}"]').click()
    assert page.evaluate("window.submitted") == [exchange]


def test_the_secret_deck_chooser_sends_only_a_listed_deck(match_server: Any, new_page: Any) -> None:
    state = deck_position()
    assert state.to_act is Side.RED
    page = new_page()
    open_labelled_page(match_server, page)
    legal = mount(page, state)
    target = random.Random(3).choice([text for text in legal if text.startswith("deck ")])
    confirm = page.locator("#builder-under-test .chooser__confirm")
    cards = target.split()[1].split(",")
    for count, card in enumerate(cards, start=1):
        assert confirm.is_disabled()
        page.locator(
            f'#builder-under-test .chooser [data-command="choose-add"][data-card="{card}"]'
        ).click()
        assert (
            page.locator("#builder-under-test .chooser__status")
            .inner_text()
            .startswith(f"{count} ")
        )
    assert confirm.get_attribute("data-action") == target
    confirm.click()
    assert page.evaluate("window.submitted") == [target]
    # Taking a card out again disables the confirm button.
    page.locator(
        f'#builder-under-test .chooser [data-command="choose-remove"][data-card="{cards[0]}"]'
    ).click()
    assert page.locator("#builder-under-test .chooser__confirm").is_disabled()
