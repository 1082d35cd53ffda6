"""A draft paired before a correction is flagged stale, and the round page offers a re-pair.

Also the services' own checks of forfeited pairs in the pairing editor: FIDE pairs two players
again when their game was forfeited, and a forfeit win counts as a bye already had.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import finish_round
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import Event, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair, round_repair, round_swap

pytestmark = pytest.mark.django_db

STALE_NOTICE = "A result of an earlier round was corrected after this draft was paired"


def _publish_next(event: Event) -> Round:
    round_ = round_pair(actor=event.organiser, event=event)
    return round_publish(actor=event.organiser, round=round_)


def _draft_after_round_1(event: Event, add_players: Any) -> tuple[Pairing, Round]:
    """Four players: round 1 played (higher rating wins), round 2 drafted. Returns round 1's
    first table and the draft."""
    add_players(event, 4)
    r1 = _publish_next(event)
    finish_round(r1)
    draft = round_pair(actor=event.organiser, event=event)
    assert not draft.stale
    table = Pairing.objects.filter(round=r1).order_by("table").first()
    assert table is not None
    return table, draft


def _correct(table: Pairing, result: str, draft: Round) -> Round:
    result_set(
        actor=table.round.event.organiser,
        pairing=table,
        result=result,
        method="arbiter",
        reason="slip misread",
    )
    draft.refresh_from_db()
    return draft


def test_a_correction_flags_the_next_draft_and_the_page_offers_a_re_pair(
    client: Client, event: Event, add_players: Any
) -> None:
    table, draft = _draft_after_round_1(event, add_players)
    flipped = "blue_won" if table.result == "red_won" else "red_won"
    assert _correct(table, flipped, draft).stale
    client.force_login(event.organiser)
    url = reverse("tournaments:manage_round", args=[event.slug, draft.number])
    html = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert 'id="stale-draft"' in html
    assert STALE_NOTICE in html
    assert "Re-pair from the corrected results" in html
    client.post(reverse("tournaments:round_action", args=[event.slug, draft.number, "repair"]))
    fresh = Round.objects.get(event=event, number=draft.number)
    assert not fresh.stale
    html = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert STALE_NOTICE not in html


def test_a_correction_setting_the_same_result_flags_nothing(event: Event, add_players: Any) -> None:
    table, draft = _draft_after_round_1(event, add_players)
    assert not _correct(table, table.result, draft).stale


def test_a_round_robin_draft_does_not_depend_on_results(make_event: Any, add_players: Any) -> None:
    event = make_event(pairing_system="round_robin")
    event_set_status(actor=event.organiser, event=event, status="registration")
    table, draft = _draft_after_round_1(event, add_players)
    flipped = "blue_won" if table.result == "red_won" else "red_won"
    assert not _correct(table, flipped, draft).stale


def _forfeited_round(
    make_event: Any, add_players: Any, players: int, **fields: Any
) -> tuple[Event, list[Pairing], Round]:
    """Round 1 with every game won by forfeit (by Red), and round 2 drafted."""
    event = make_event(rounds=3, **fields)
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, players)
    r1 = _publish_next(event)
    games = list(Pairing.objects.filter(round=r1, blue__isnull=False).order_by("table"))
    for game in games:
        result_set(actor=event.organiser, pairing=game, result="red_won_by_forfeit")
    return event, games, round_pair(actor=event.organiser, event=event)


def _swap_into_round_1_couples(event: Event, games: list[Pairing], draft: Round) -> None:
    """Swap players in the 4-player round 2 draft so that both round 1 couples meet again."""
    a, b = games[0].red, games[0].blue
    assert b is not None
    partner = {}
    for p in Pairing.objects.filter(round=draft):
        partner[p.red_id], partner[p.blue_id] = p.blue, p.red
    if partner[a.pk] != b:  # a-x, b-y: swapping b and x gives a-b and x-y (round 1's c-d)
        round_swap(actor=event.organiser, round=draft, first=b, second=partner[a.pk])


def test_the_editor_may_pair_again_players_whose_game_was_forfeited(
    make_event: Any, add_players: Any
) -> None:
    event, games, draft = _forfeited_round(make_event, add_players, 4)
    _swap_into_round_1_couples(event, games, draft)
    couples = {frozenset((p.red_id, p.blue_id)) for p in Pairing.objects.filter(round=draft)}
    assert couples == {frozenset((g.red_id, g.blue_id)) for g in games}


def test_under_the_stricter_rule_the_editor_refuses_that_rematch(
    make_event: Any, add_players: Any
) -> None:
    event, games, draft = _forfeited_round(make_event, add_players, 4, forfeit_counts_as_game=True)
    with pytest.raises(TournamentError) as raised:
        _swap_into_round_1_couples(event, games, draft)
    assert raised.value.code == "rematch"


def test_the_editor_refuses_the_bye_to_a_forfeit_winner(make_event: Any, add_players: Any) -> None:
    event, games, draft = _forfeited_round(make_event, add_players, 3)
    winner = games[0].red
    bye = Pairing.objects.get(round=draft, blue__isnull=True)
    assert bye.red_id == games[0].blue_id  # the forfeit loser: the others had their free point
    with pytest.raises(TournamentError) as raised:
        round_swap(actor=event.organiser, round=draft, first=winner, second=bye.red)
    assert raised.value.code == "already_had_bye"


def test_a_swiss_correction_flags_a_drafted_top_cut(make_event: Any, add_players: Any) -> None:
    event = make_event(rounds=1, pairing_system="swiss_top_cut", top_cut_size=4)
    event_set_status(actor=event.organiser, event=event, status="registration")
    table, draft = _draft_after_round_1(event, add_players)
    assert draft.stage == Round.Stage.ELIMINATION
    flipped = "blue_won" if table.result == "red_won" else "red_won"
    assert _correct(table, flipped, draft).stale
    # Pairing again draws the bracket from the corrected standings: 1 v 4, 2 v 3.
    round_repair(actor=event.organiser, round=draft)
    order = [line.entry.pk for line in selectors.event_standings(event=event).lines]
    fresh = Pairing.objects.filter(round__event=event, round__number=2)
    assert {frozenset((p.red_id, p.blue_id)) for p in fresh} == {
        frozenset((order[0], order[3])),
        frozenset((order[1], order[2])),
    }
