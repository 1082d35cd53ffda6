"""Demo data of the `matches` app: three finished games to open in the record viewer.

Each game is a random legal game of the engine (``engine.playout.random_playout``) from a fixed
seed. With the engine as it stands the three seeds give a general captured by Red, one captured
by Blue and a win by intrusion; should a rules change alter the random games, they are still
complete legal games, stored with whatever result the engine gives them.

The games are stored the way a finished game played elsewhere would be imported: one finished
``Match`` row with its action log, the masked history (``engine.observation.history_text``),
the cached final state and the result. Playing every decision through
``services.match_submit_action`` would add nothing a viewer can see (the clock of a demo game
never ran) and would make every ``load_demo`` — and every test that loads the demo — pay for
hundreds of locked, logged decisions.

Loading is idempotent: a game whose demo key is already in the database is left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Final

from django.urls import reverse
from django.utils import timezone

from clock import TimeControl, clock_new
from engine import RECOMMENDED, GameRecord, Termination, parse_action, replay
from engine.notation import state_to_dict
from engine.observation import history_text, is_secret
from engine.playout import random_playout
from matches.models import Match, MatchMove


@dataclass(frozen=True, slots=True)
class DemoGame:
    key: str
    seed: int
    red: str
    blue: str


DEMO_GAMES: Final = (
    DemoGame(key="demo-seed-300", seed=300, red="Aoi Tanaka", blue="Ren Suzuki"),
    DemoGame(key="demo-seed-379", seed=379, red="Mei Kobayashi", blue="Haruto Sato"),
    DemoGame(key="demo-seed-827", seed=827, red="Yui Nakamura", blue="Sota Ito"),
)

#: Time between two demo decisions (for the start and end times shown with the record).
SECONDS_PER_DECISION: Final = 4


def demo_record(game: DemoGame) -> GameRecord:
    """The demo game's record: the random game of its seed, with the demo players' names.

    A random playout is capped by a non-official turn limit; a game that ended by the rules
    before the cap replays identically without it, so it is stored under the recommended
    (official) rulings.
    """
    record, final = random_playout(seed=game.seed)
    rulings = record.rulings
    if final.outcome is not None and final.outcome.termination is not Termination.TURN_LIMIT:
        rulings = RECOMMENDED
    return replace(
        record,
        rulings=rulings,
        players={"red": game.red, "blue": game.blue},
        meta={"source": "random playout", "seed": game.seed},
    )


def store_finished_game(game: DemoGame, record: GameRecord, *, finished_at: datetime) -> Match:
    """Store ``record`` (a game the engine finished) as a finished online match."""
    states = replay(record)
    final = states[-1]
    if final.outcome is None:
        raise ValueError(f"demo game {game.key} did not finish")
    history = []
    for before, text in zip(states, record.actions, strict=False):
        action = parse_action(text)
        side = before.to_act
        if side is None:  # pragma: no cover - replay() accepted the action
            raise ValueError(f"demo game {game.key}: nobody to act before {text!r}")
        masked = history_text(before, action, None) if is_secret(before, action) else None
        history.append([int(side), masked])
    winner = final.outcome.winner
    control = TimeControl.official()
    match = Match.objects.create(
        kind=Match.Kind.ONLINE,
        status=Match.Status.FINISHED,
        red_name=game.red,
        blue_name=game.blue,
        variant=record.variant.value,
        time_control=control.to_str(),
        rulings=record.rulings.to_dict(),
        state=state_to_dict(final),
        ply=final.ply,
        clock=clock_new(control).to_dict(),
        winner=Match.Winner.NONE if winner is None else winner.label,
        method=final.outcome.termination.value,
        started_at=finished_at - timedelta(seconds=SECONDS_PER_DECISION * len(record.actions)),
        finished_at=finished_at,
        meta={"demo": game.key, "seed": game.seed},
    )
    MatchMove.objects.bulk_create(
        MatchMove(match=match, ply=ply, seat=seat, action=text, masked=masked)
        for ply, (text, (seat, masked)) in enumerate(zip(record.actions, history, strict=True), 1)
    )
    return match


def load(*, log: Callable[[str], None]) -> None:
    """Create the demo games that are missing (idempotent) and log where to see them."""
    now = timezone.now().replace(microsecond=0)
    for offset, game in enumerate(DEMO_GAMES):
        match = Match.objects.filter(meta__demo=game.key).first()
        if match is None:
            finished_at = now - timedelta(days=len(DEMO_GAMES) - offset)
            match = store_finished_game(game, demo_record(game), finished_at=finished_at)
            state = "created"
        else:
            state = "ready"
        log(
            f"Demo game {state}: {match.red_name} vs {match.blue_name}, "
            f"{match.method} after {match.ply} decisions: "
            f"{reverse('matches:record_detail', args=[match.pk])}"
        )
    log(f"Game records: {reverse('matches:record_list')}")
