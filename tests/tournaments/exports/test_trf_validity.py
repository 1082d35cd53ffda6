"""Exported TRF files pass a checker written from the FIDE TRF-2016 specification.

Events with forfeits, a double forfeit, byes, late entries (``Z``, ``H`` and ``F`` rounds) and a
withdrawal are exported after every round, and each file is read by ``trf_checker`` (which
shares no code with the exporter): scores recomputed from the round codes and the declared
``BBx`` points, ranks, colours and opponents. Start numbers never change from one file to the
next, and a round robin's free round scores what the event says (nothing by default).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.tournaments.conftest import finish_round
from tests.tournaments.exports.trf_checker import check, parse
from tournaments import selectors
from tournaments.exports import trf_text
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.services.entries import entry_add, entry_withdraw
from tournaments.services.events import event_set_status, event_update
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _numbers(text: str) -> dict[str, int]:
    return {p.name: p.number for p in parse(text).players.values()}


def _play(round_: Round, results: list[str]) -> None:
    """Enter ``results`` at the first tables of ``round_`` (in table order), and let the
    higher-rated player win the rest."""
    host = round_.event.organiser
    tables = list(Pairing.objects.filter(round=round_, blue__isnull=False).order_by("table"))
    for pairing, result in zip(tables, results, strict=False):
        result_set(actor=host, pairing=pairing, result=result)
    finish_round(round_)


def _pair_and_publish(event: Event) -> Round:
    round_ = round_pair(actor=event.organiser, event=event)
    return round_publish(actor=event.organiser, round=round_)


def test_a_swiss_with_forfeits_byes_late_entries_and_a_withdrawal_exports_valid_trf(
    event: Event, add_players: Any
) -> None:
    host = event.organiser
    event_update(actor=host, event=event, rounds=4)
    add_players(event, 7)
    exports = []
    r1 = _pair_and_publish(event)
    exports.append(trf_text(event))  # a round without results yet
    _play(r1, ["red_won_by_forfeit", "double_forfeit"])
    exports.append(trf_text(event))
    # A strong late entrant (seed order would put them first), granted nothing for round 1.
    entry_add(actor=host, event=event, name="Late Z", rating=9000)
    r2 = _pair_and_publish(event)
    _play(r2, ["blue_won_by_forfeit"])
    exports.append(trf_text(event))
    entry_add(actor=host, event=event, name="Late H", rating=50, missed_round_points=Decimal("0.5"))
    entry_add(actor=host, event=event, name="Late F", rating=8000, missed_round_points=Decimal("1"))
    entry_withdraw(actor=host, entry=Entry.objects.get(event=event, name="P7"))
    r3 = _pair_and_publish(event)
    _play(r3, ["red_won_by_forfeit"])
    exports.append(trf_text(event))

    for text in exports:
        assert check(text) == [], text
    final = parse(exports[-1])
    codes = {p.name: "".join(e.code for e in p.rounds) for p in final.players.values()}
    assert codes["Late Z"][0] == "Z"
    assert codes["Late H"][:2] == "HH"
    assert codes["Late F"][:2] == "FF"
    assert codes["P7"][2] == "Z"  # withdrawn before round 3
    assert "U" in "".join(codes.values())  # the pairing bye
    assert sum(c.count("+") for c in codes.values()) == 3
    assert sum(c.count("-") for c in codes.values()) == 5  # three forfeit losses, one double
    assert final.tags["BBF"] == "0.0"  # a forfeit loss scores nothing (not the forfeit win)

    # Start numbers, once given, stay: late entrants get the next numbers.
    first = _numbers(exports[0])
    assert first == {f"P{i}": i for i in range(1, 8)}
    for text in exports[1:]:
        assert {name: n for name, n in _numbers(text).items() if name in first} == first
    assert _numbers(exports[-1])["Late Z"] == 8
    assert {_numbers(exports[-1])[n] for n in ("Late H", "Late F")} == {9, 10}


def test_forfeit_points_other_than_the_defaults_are_declared(
    make_event: Any, add_players: Any
) -> None:
    event = make_event(
        rounds=2,
        points_win=Decimal(3),
        points_forfeit_win=Decimal(3),
        points_forfeit_loss=Decimal(1),
        points_bye=Decimal(2),
    )
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 5)
    r1 = _pair_and_publish(event)
    _play(r1, ["blue_won_by_forfeit", "double_forfeit"])
    text = trf_text(event)
    assert check(text) == [], text
    tags = parse(text).tags
    assert (tags["BBW"], tags["BBF"], tags["BBU"]) == ("3.0", "1.0", "2.0")


@pytest.mark.parametrize(("free", "code_points"), [(None, "0.0"), (Decimal(1), "1.0")])
def test_a_round_robin_free_round_scores_the_events_setting(
    make_event: Any, add_players: Any, free: Decimal | None, code_points: str
) -> None:
    fields: dict[str, Any] = {"pairing_system": "round_robin"}
    if free is not None:
        fields["points_round_robin_free"] = free
    event = make_event(**fields)
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 5)
    for _ in range(5):
        _play(_pair_and_publish(event), [])
    text = trf_text(event)
    assert check(text) == [], text
    trf = parse(text)
    assert trf.tags["BBU"] == code_points
    assert trf.tags["XXR"] == "5"
    for player in trf.players.values():
        assert [e.code for e in player.rounds].count("U") == 1  # each is free once
    table = selectors.event_standings(event=event)
    # Ten games worth a point each, and five free rounds worth the setting.
    assert sum(line.row.points for line in table.lines) == 10 + 5 * (free or 0)


def test_start_numbers_do_not_move_when_a_strong_player_enters_late(
    event: Event, add_players: Any
) -> None:
    add_players(event, 4)
    finish_round(_pair_and_publish(event))
    before = _numbers(trf_text(event))
    late = entry_add(actor=event.organiser, event=event, name="Champion", rating=9999)
    after = _numbers(trf_text(event))
    assert late.start_number == 5
    assert after == before | {"Champion": 5}
    finish_round(_pair_and_publish(event))
    assert _numbers(trf_text(event)) == after


def test_a_round_robin_free_round_scores_nothing_by_default(
    make_event: Any, add_players: Any
) -> None:
    event = make_event(pairing_system="round_robin")
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 3)
    round_ = _pair_and_publish(event)
    free = Pairing.objects.get(round=round_, blue__isnull=True).red
    finish_round(round_)
    line = next(x for x in selectors.event_standings(event=event).lines if x.entry == free)
    assert line.row.points == 0
    assert line.row.byes == 1
