"""The move-table migration (0009–0010) keeps every existing game exactly as it was.

Games are written on the old schema (the JSON action log on the match row, one audit row and
one clock-log entry per decision, as the old services wrote them) through the migration
executor, the schema is migrated forward, and the record download, the live views' history,
the past positions, the clock log and the audit history are compared with what the old rows
gave: byte for byte for the record download.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from clock import TimeControl, clock_new
from engine import (
    GameRecord,
    Rulings,
    Side,
    apply_action,
    history_text,
    legal_actions,
    new_game,
    observe,
    replay,
)
from engine.formats import BASIC_FORMAT, GameFormat
from engine.notation import state_to_dict
from engine.observation import is_secret
from matches import demo
from matches.models import Match
from matches.positions import match_position_view
from matches.selectors import (
    SEAT_LABELS,
    match_audit_log,
    match_clock_log,
    match_get_view,
)

pytestmark = pytest.mark.django_db(transaction=True)

OLD = [("matches", "0008_matchevent_kinds_joined_and_no_show")]
#: Forward to the newest migrations of every app, as a deployment would.
NEW = "latest"
T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
OFFICIAL_CLOCK = clock_new(TimeControl.official()).to_dict()


def _migrate(targets: list[tuple[str, str]] | str) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    if targets == "latest":
        targets = executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_apps() -> Any:
    apps = _migrate(OLD)
    yield apps
    _migrate(NEW)


def _action_log(states: list[Any], actions: list[str]) -> list[list[Any]]:
    """The old ``Match.history``: ``[seat, masked]`` per decision."""
    history = []
    for before, text in zip(states, actions, strict=False):
        action = next(a for a in legal_actions(before) if a.to_str() == text)
        masked = history_text(before, action, None) if is_secret(before, action) else None
        history.append([int(before.to_act), masked])
    return history


def _store_demo_games(apps: Any) -> list[int]:
    """The demo games (``load_demo``) the way the old demo loader stored them."""
    old_match_model = apps.get_model("matches", "Match")
    ids = []
    for offset, game in enumerate(demo.DEMO_GAMES):
        record = demo.demo_record(game)
        states = replay(record)
        final = states[-1]
        winner = final.outcome.winner
        match = old_match_model.objects.create(
            kind="online",
            status="finished",
            red_name=game.red,
            blue_name=game.blue,
            variant=record.variant.value,
            rulings=record.rulings.to_dict(),
            actions=list(record.actions),
            history=_action_log(states, list(record.actions)),
            state=state_to_dict(final),
            ply=final.ply,
            clock=OFFICIAL_CLOCK,
            winner="none" if winner is None else winner.label,
            method=final.outcome.termination.value,
            started_at=T0 + timedelta(days=offset),
            finished_at=T0 + timedelta(days=offset, hours=1),
            meta={"demo": game.key, "seed": game.seed},
        )
        ids.append(match.pk)
    return ids


def _store_played_game(apps: Any, seed: int, plies: int) -> int:
    """A game played to ``plies`` decisions (or its end) with the old per-decision rows: the
    action log arrays, an ``action`` audit row and a clock-log entry for each decision, and a
    pause and a resume in between."""
    old_match_model = apps.get_model("matches", "Match")
    event_model = apps.get_model("matches", "MatchEvent")
    clock_log_model = apps.get_model("matches", "ClockLogEntry")
    rng = random.Random(seed)
    state = new_game()
    states, actions = [state], []
    while len(actions) < plies and state.to_act is not None:
        action = rng.choice(legal_actions(state))
        actions.append(action.to_str())
        state = apply_action(state, action)
        states.append(state)
    over = state.outcome is not None
    match = old_match_model.objects.create(
        kind="online",
        status="finished" if over else "running",
        red_name="Aoi",
        blue_name="Ren",
        actions=actions,
        history=_action_log(states, actions),
        state=state_to_dict(state),
        ply=state.ply,
        clock=OFFICIAL_CLOCK,
        winner=(state.outcome.winner.label if state.outcome.winner else "none") if over else "",
        method=state.outcome.termination.value if over else "",
        started_at=T0,
        finished_at=T0 + timedelta(hours=1) if over else None,
        clock_seq=len(actions) + 2,
    )
    seq, at = 0, 1_900_000_000_000
    remaining = [1_200_000, 1_200_000]
    for ply, text in enumerate(actions, 1):
        seat = int(states[ply - 1].to_act)
        at += 1_000 + ply
        remaining[seat] -= 900
        if ply == 3:  # the arbiter pauses and resumes the clock
            for kind in ("pause", "resume"):
                event_model.objects.create(
                    match=match, kind=kind, ply=ply - 1, detail={"note": kind}
                )
                clock_log_model.objects.create(
                    match=match, seq=seq, ply=ply - 1, kind=kind, at=at,
                    remaining_red_ms=remaining[0], remaining_blue_ms=remaining[1], note=kind,
                )  # fmt: skip
                seq += 1
        event_model.objects.create(
            match=match,
            kind="action",
            seat=SEAT_LABELS[seat],
            ply=ply,
            detail={"action": text, "lag_ms": ply % 7},
        )
        clock_log_model.objects.create(
            match=match, seq=seq, ply=ply, kind="press", at=at, seat=seat, running=1 - seat,
            elapsed_ms=1_000, lag_ms=ply % 7, credit_ms=ply % 7, charged_ms=900,
            remaining_red_ms=remaining[0], remaining_blue_ms=remaining[1],
        )  # fmt: skip
        seq += 1
    return match.pk


def _old_outputs(apps: Any, match_id: int) -> dict[str, Any]:
    """What the old code showed of a match: computed from its old rows, the way it did."""
    match = apps.get_model("matches", "Match").objects.get(pk=match_id)
    actions = list(match.actions)
    outputs: dict[str, Any] = {"actions": actions}
    if match.status == "finished":
        meta: dict[str, Any] = {
            "match_id": match.pk,
            "time_control": match.time_control,
            "started_at": match.started_at.isoformat() if match.started_at else None,
            "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        }
        outputs["record"] = GameRecord(
            actions=tuple(actions),
            format=GameFormat.from_dict(match.game_format) if match.game_format else BASIC_FORMAT,
            rulings=Rulings.from_dict(match.rulings or {}),
            players={"red": match.red_name, "blue": match.blue_name},
            result={
                "winner": None if match.winner == "none" else match.winner,
                "method": match.method,
            },
            meta=meta,
        ).to_json()
    histories = {}
    for viewer in (None, 0, 1):
        entries = []
        for index, text in enumerate(actions):
            seat, masked = match.history[index]
            if masked is not None and match.status != "finished" and seat != viewer:
                text = masked
            entries.append({"ply": index + 1, "seat": SEAT_LABELS[seat], "text": text})
        histories[viewer] = entries
    outputs["history"] = histories
    return outputs


def test_existing_games_are_unchanged_by_the_move_table(old_apps: Any, client: Client) -> None:
    ids = _store_demo_games(old_apps)
    ids += [_store_played_game(old_apps, seed, plies) for seed, plies in ((1, 40), (2, 900))]
    before = {match_id: _old_outputs(old_apps, match_id) for match_id in ids}
    audit_before = {
        match_id: list(
            old_apps.get_model("matches", "MatchEvent")
            .objects.filter(match_id=match_id)
            .order_by("id")
            .values_list("kind", "seat", "ply", "detail")
        )
        for match_id in ids
    }
    clock_before = {
        match_id: list(
            old_apps.get_model("matches", "ClockLogEntry")
            .objects.filter(match_id=match_id)
            .order_by("seq")
            .values_list("seq", "ply", "kind", "at", "charged_ms", "remaining_red_ms", "note")
        )
        for match_id in ids
    }
    _migrate(NEW)

    for match_id in ids:
        match = Match.objects.get(pk=match_id)
        expected = before[match_id]
        if "record" in expected:
            response = client.get(reverse("matches:record_download", args=[match_id]))
            assert response.status_code == 200
            assert response.content.decode() == expected["record"]
        for viewer in (None, 0, 1):
            seat = None if viewer is None else SEAT_LABELS[viewer]
            view = match_get_view(match=match, viewer_seat=seat, with_presence=False)
            assert view["history"] == expected["history"][viewer]
        # A past position replays the same decisions.
        ply = match.ply // 2
        state = new_game()
        for text in expected["actions"][:ply]:
            state = apply_action(state, next(a for a in legal_actions(state) if a.to_str() == text))
        assert match_position_view(match=match, viewer_seat="red", ply=ply) == {
            **observe(state, Side.RED),
            "legal_actions": [],
        }
        # The arbiter's clock log and audit history are the old rows, nothing more or less.
        assert [
            (
                e["seq"],
                e["ply"],
                e["kind"],
                e["at"],
                e["charged_ms"],
                e["remaining_ms"]["red"],
                e["note"],
            )
            for e in match_clock_log(match=match)
        ] == clock_before[match_id]
        secret = {} if match.status == "finished" else {"action"}
        assert [
            (e["kind"], e["seat"] or "", e["ply"], e["detail"])
            for e in match_audit_log(match=match)
        ] == [
            (
                kind,
                seat,
                ply,
                {k: v for k, v in detail.items() if k not in secret or kind != "action"},
            )
            for kind, seat, ply, detail in audit_before[match_id]
        ]
