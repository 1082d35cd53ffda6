"""In a real browser: expansion-format games played through the board.

A deck-build game (official tournament Rule 3):
Two players, each in their own browser context, draft the shared deck through the draft screen
(the pool with counts, the picks so far, whose pick; both clocks shown stopped and not running:
the draft is an untimed segment, docs/expansion.md), then deploy, set up and play war turns
with expansion cards (高速移動: a move and then its turn; 兵站強化; 軽装歩兵) through the
controls the page offers for each legal decision. Blue then resigns through the page.

A deck-build game with the 三略 promo cards reaches every choice of 援軍経路 (`route …`),
伝令偵察 and 将軍偵察 (`scout card …`, `scout general …`), 位置入替 (`swap a b`) and a 連環の計
waiting beside the board, each made through its control. A Rule 2 game prepares the expansion
cards through the card chooser, with both clocks stopped.

The test keeps its own engine state in step with the server's: every decision is taken from
``legal_actions`` of that state, and the page must offer it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import GameState, apply_action, legal_actions, new_game, parse_action
from engine.formats import DeckOption, GameFormat, Variant
from engine.state import Phase
from engine.types import Side
from tests.matches.e2e.test_matches_live_play_e2e import (
    click_decision,
    click_square,
    decide,
    open_seats,
    wait_live,
)
from tests.screenshots import shoot

pytestmark = pytest.mark.e2e

#: Draft picks, Red first, alternately (the base procedure: everybody's free Move, then six).
PICKS = ("RM", "LI", "SB", "RC", "RS", "FN")
#: The expansion cards each side puts into its starting hand and plays as soon as it can.
WANTED = {Side.RED: ("RM", "SB"), Side.BLUE: ("LI", "RC")}


def decide_any(page: Any, state: GameState, text: str) -> None:
    """Make decision ``text`` through the page, expansion forms included."""
    words = text.split()
    if words[0] == "pick" or text.startswith("scout card"):
        click_decision(page, ".choice__buttons--quick", text)
    elif words[0] in ("prepare", "deck"):
        for card in words[1].split(","):
            page.locator(f'.chooser [data-command="choose-add"][data-card="{card}"]').click()
        page.locator(f'.chooser__confirm[data-action="{text}"]').click()
    elif words[0] in ("exchange", "keep"):
        click_decision(page, ".exchange", text)
    elif words[0] == "route":
        click_square(page, words[2])
        click_decision(page, ".facing-grid", text)
    elif text.startswith("scout general"):
        click_square(page, words[2])
        click_decision(page, ".choice--intrude", text)
    elif words[0] == "swap":
        click_square(page, words[1])
        click_square(page, words[2])
    else:
        decide(page, state, text)


def shot(page: Any, name: str) -> None:
    shoot(page, f"deck-build-{name}", full_page=True)


def expected_pool(state: GameState) -> dict[str, int]:
    """The engine's pool left: one colour's set less the free Move and the picks so far."""
    pool = Counter(card.value for card in state.format.pool)
    pool["MV"] -= 1
    pool.subtract(card.value for card in state.draft)
    return dict(pool)


def pool_counts(page: Any) -> dict[str, int]:
    items = page.locator(".draft-pool__item")
    return {
        items.nth(i).get_attribute("data-card"): int(items.nth(i).get_attribute("data-count"))
        for i in range(items.count())
    }


def choose(state: GameState, rng: random.Random, played: set[str]) -> str:
    """The decision the test takes: expansion cards first, then plain legal choices."""
    side = state.to_act
    assert side is not None
    texts = [action.to_str() for action in legal_actions(state)]
    if state.phase is Phase.SETUP:
        cards = [text for text in texts if text.startswith("cards ")]
        if cards:
            hand_wanted = [c for c in cards if all(w in c.split(" / ")[0] for w in WANTED[side])]
            return hand_wanted[0]
        return rng.choice(texts)
    if state.phase is not Phase.WAR:
        return rng.choice(texts)
    for card in WANTED[side]:
        if f"play {card}" in texts and card not in played:
            played.add(card)
            return f"play {card}"
    if "end" in texts:
        return "end"
    execution = state.execution
    moves = [text for text in texts if "-" in text and not text.endswith("+")]
    if execution is not None and execution.card.value == "RM" and moves:
        return moves[0]  # 高速移動: move first, then the same piece must turn
    if execution is not None and execution.card.value == "LI":
        two = [m for m in moves if abs(int(m[1]) - int(m.split("-")[1][1])) == 2]
        if two:
            return two[0]  # 軽装歩兵's two-square move
    plain = [text for text in texts if text != "done"]
    return rng.choice(plain or texts)


def test_a_deck_build_game_through_the_board(match_server: Any, new_page: Any) -> None:
    rule_3 = GameFormat.tournament_rule_3()
    match = match_server.create_match(red_name="Aoi", blue_name="Ren", game_format=rule_3.to_dict())
    pages = open_seats(match_server, new_page, match)
    state = new_game(format=rule_3)
    assert state.phase is Phase.DRAFT

    # ---------------------------------------------------------------- the draft (untimed)
    for index, card in enumerate(PICKS):
        seat = state.to_act.label  # type: ignore[union-attr]
        page = pages[seat]
        wait_live(page, f"d.ply === '{index}' && d.toAct === '{seat}'")
        for each in pages.values():
            # Both clocks are shown stopped, with the full time, and neither runs.
            assert each.locator("#live").get_attribute("data-untimed") == "true"
            assert each.locator(".game-status__untimed").is_visible()
            assert each.locator(".setup-segment__clocks").is_visible()
            for clock_seat in ("red", "blue"):
                clock = each.locator(f"[data-clock={clock_seat}]")
                classes = clock.get_attribute("class") or ""
                assert "is-untimed" in classes
                assert "is-running" not in classes
                assert clock.inner_text().startswith("20:00")
            # The picks so far (and the free Move) and whose pick it is, on both screens.
            assert each.locator(".draft-picks__item").count() == index
            assert each.locator(".draft-picks__free").count() == 1
            assert each.locator(f".setup-segment__turn--{seat}").is_visible()
            assert pool_counts(each) == expected_pool(state)
        other = pages["blue" if seat == "red" else "red"]
        assert other.locator(".action-panel").is_hidden()
        if index == 0:
            # Two Moves left in the pool (the free Move is taken), card names in English.
            assert (
                page.locator('.draft-pool__item[data-card="MV"]').get_attribute("data-count") == "2"
            )
            assert page.locator(".draft-pool").inner_text().count("Rapid move") == 1
            shot(page, "draft")
        page.locator(f'.choice__buttons--quick [data-action="pick {card}"]').click()
        state = apply_action(state, parse_action(f"pick {card}"))
        for each in pages.values():
            wait_live(each, f"Number(d.ply) === {index + 1}")
            if state.phase is Phase.DRAFT:
                assert pool_counts(each) == expected_pool(state)
    assert state.phase is Phase.DEPLOYMENT
    for each in pages.values():
        wait_live(each, "d.phase === 'deployment' && d.untimed === 'false'")
        assert each.locator(".setup-segment").count() == 0
        assert "is-running" not in (each.locator("[data-clock=blue]").get_attribute("class") or "")

    # ------------------------------------------ deployment, set-up, war with expansion cards
    rng = random.Random(11)
    played: dict[Side, set[str]] = {Side.RED: set(), Side.BLUE: set()}
    executed: set[str] = set()
    shots_taken: set[str] = set()
    while state.phase is not Phase.OVER and state.ply < 400:
        if {"RM", "LI"} <= executed and state.execution is None and "SB" in played[Side.RED]:
            break
        side = state.to_act
        assert side is not None
        seat = side.label
        page = pages[seat]
        ply = state.ply
        wait_live(page, f"d.ply === '{ply}' && d.toAct === '{seat}'")
        text = choose(state, rng, played[side])
        if state.execution is not None:
            card = state.execution.card.value
            executed.add(card)
            status = page.locator(".game-status__execution").inner_text()
            name = {"RM": "Rapid move", "LI": "Light infantry", "RC": "Rotate/Crossbow"}
            if card in name:
                assert name[card] in status
            if card == "RM" and "rapid-move" not in shots_taken:
                assert "Rapid move:" in page.locator(".action-panel__help").inner_text()
                shots_taken.add("rapid-move")
                # The piece's choices name the order of 高速移動's two steps.
                click_square(page, text.split("-")[0])
                choice = page.locator(".action-panel .choice").inner_text()
                assert "first, then turn" in choice
                assert "first, then move" in choice
                shot(page, "rapid-move")
                page.locator('.action-panel [data-command="cancel"]').click()
        decide(page, state, text)
        state = apply_action(state, parse_action(text))
        for each in pages.values():
            wait_live(each, f"Number(d.ply) === {state.ply}")
        if ply == 0:
            # Red's first placement starts Blue's clock: timed play from here on.
            pages["red"].wait_for_function(
                "() => document.querySelector('[data-clock=blue]').classList.contains('is-running')"
            )
    assert {"RM", "LI"} <= executed or state.phase is Phase.OVER
    assert "SB" in played[Side.RED]  # 兵站強化 has no decision: it executes on its own

    # The expansion cards' names appear on the hand, in the queue and in the move list.
    red = pages["red"]
    assert "Play Rapid move" in (red.locator("#move-list").text_content() or "")
    shot(red, "war-red")
    shot(pages["blue"], "war-blue")

    # ---------------------------------------------------------------- resignation
    if state.phase is not Phase.OVER:
        blue = pages["blue"]
        blue.get_by_role("button", name="Resign").click()
        blue.locator("#resign-dialog").get_by_role("button", name="Resign").click()
        for page in pages.values():
            wait_live(page, "d.status === 'finished'")
            assert page.locator("#game-over").get_attribute("data-winner") == "red"
        assert match_server.match_result(match["id"])["method"] == "resignation"


PROMO_DECK_BUILD = GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.BASE, promos=True)
PROMO_PICKS = ("RR", "SW", "SC", "LS", "RP", "RC")
PROMO_HANDS = {Side.RED: ("RR", "SC", "SW"), Side.BLUE: ("SW", "LS", "RP")}
PROMO_FORMS = ("route ", "scout card", "scout general", "swap ")


def choose_promo(state: GameState, rng: random.Random, seen: set[str]) -> str:
    """Every expansion choice once as soon as it is offered, else plain legal choices."""
    texts = [action.to_str() for action in legal_actions(state)]
    side = state.to_act
    assert side is not None
    if state.phase is Phase.DRAFT:
        return f"pick {PROMO_PICKS[len(state.draft)]}"
    if state.phase is Phase.SETUP:
        cards = [t for t in texts if t.startswith("cards ")]
        if cards:
            hand = PROMO_HANDS[side]
            return next(c for c in cards if all(w in c.split(" / ")[0] for w in hand))
        return rng.choice(texts)
    if state.phase is not Phase.WAR:
        return rng.choice(texts)
    for form in PROMO_FORMS:
        hits = [t for t in texts if t.startswith(form)]
        if hits and form not in seen:
            return rng.choice(hits)
    plays = [t for t in texts if t.startswith("play ") and t[5:] in ("RR", "SC", "SW", "LS")]
    if plays:
        return rng.choice(plays)
    if "end" in texts:
        return "end"
    plain = [t for t in texts if t != "done" and not t.startswith("scout general")]
    return rng.choice(plain or texts)


def test_every_expansion_choice_through_the_board(match_server: Any, new_page: Any) -> None:
    match = match_server.create_match(
        red_name="Aoi", blue_name="Ren", game_format=PROMO_DECK_BUILD.to_dict()
    )
    pages = open_seats(match_server, new_page, match)
    state = new_game(format=PROMO_DECK_BUILD)
    rng = random.Random(11)
    seen: set[str] = set()
    beside_seen = False
    while state.phase is not Phase.OVER and state.ply < 120:
        if seen == set(PROMO_FORMS) and beside_seen:
            break
        seat = state.to_act.label  # type: ignore[union-attr]
        page = pages[seat]
        wait_live(page, f"d.ply === '{state.ply}' && d.toAct === '{seat}'")
        text = choose_promo(state, rng, seen)
        form = next((f for f in PROMO_FORMS if text.startswith(f)), None)
        if form and form not in seen:
            seen.add(form)
            shot(page, form.strip().replace(" ", "-"))
        decide_any(page, state, text)
        state = apply_action(state, parse_action(text))
        for each in pages.values():
            wait_live(each, f"Number(d.ply) === {state.ply}")
        for side in Side:
            if state.sides[side].beside and not beside_seen:
                # 連環の計 waits beside the board, face up, on both screens.
                beside_seen = True
                for each in pages.values():
                    row = each.locator(f'[data-side="{side.label}"] .panel-row--beside')
                    assert row.get_attribute("data-beside") == "LS"
                    assert "Linked stratagem" in row.inner_text()
                shot(pages["red"], "beside")
    assert seen == set(PROMO_FORMS)
    assert beside_seen
    pages["red"].get_by_role("button", name="Resign").click()
    pages["red"].locator("#resign-dialog").get_by_role("button", name="Resign").click()
    for page in pages.values():
        wait_live(page, "d.status === 'finished'")


def test_expansion_cards_are_prepared_through_the_chooser(match_server: Any, new_page: Any) -> None:
    rule_2 = GameFormat.tournament_rule_2()
    match = match_server.create_match(red_name="Aoi", blue_name="Ren", game_format=rule_2.to_dict())
    pages = open_seats(match_server, new_page, match)
    state = new_game(format=rule_2)
    choices = {"red": "prepare RM,SB,RC", "blue": "prepare RR,LI,SC"}
    for index, seat in enumerate(("red", "blue")):
        page = pages[seat]
        wait_live(page, f"d.ply === '{index}' && d.toAct === '{seat}'")
        for each in pages.values():
            assert each.locator("#live").get_attribute("data-untimed") == "true"
            assert each.locator(".setup-segment__clocks").is_visible()
            assert "is-untimed" in (each.locator("[data-clock=red]").get_attribute("class") or "")
        confirm = page.locator(".chooser__confirm")
        cards = choices[seat].split()[1].split(",")
        for card in cards[:2]:
            page.locator(f'.chooser [data-command="choose-add"][data-card="{card}"]').click()
        assert confirm.is_disabled()  # two of three chosen: nothing legal to send yet
        assert page.locator(".chooser__status").inner_text() == "2 of 3 chosen"
        if seat == "red":
            shot(page, "prepare")
        page.locator(f'.chooser [data-command="choose-add"][data-card="{cards[2]}"]').click()
        confirm.click()
        state = apply_action(state, parse_action(choices[seat]))
        for each in pages.values():
            wait_live(each, f"Number(d.ply) === {index + 1}")
    assert state.phase is Phase.DEPLOYMENT
    for seat, page in pages.items():
        wait_live(page, "d.untimed === 'false'")
        other = "blue" if seat == "red" else "red"
        # Own prepared cards by name; the opponent's as three backs.
        mine = page.locator(f'[data-side="{seat}"] .prepared')
        assert mine.locator(".card-chip--back").count() == 0
        assert mine.locator(".card-chip").count() == 3
        theirs = page.locator(f'[data-side="{other}"] .prepared')
        assert theirs.locator(".card-chip--back").count() == 3
    shot(pages["blue"], "prepared")
