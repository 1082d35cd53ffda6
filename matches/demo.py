"""Demo data of the `matches` app: three finished games to open in the record viewer.

Each game is a random legal game of the engine (``games.gunshi_rules.demo_record``) from a fixed
seed. With the engine as it stands the three seeds give a general captured by Red, one captured
by Blue and a win by intrusion; should a rules change alter the random games, they are still
complete legal games, stored with whatever result the engine gives them.

The games are stored the way a finished game played elsewhere would be imported: one finished
``Match`` row with its action log, the masked history (the game's ``rules.history_text``),
the cached final state and the result. Playing every decision through
``services.decisions.match_submit_action`` would add nothing a viewer can see (the clock of a
demo game never ran) and would make every ``load_demo`` — and every test that loads the demo —
pay for hundreds of locked, logged decisions.

Loading is idempotent: a game whose demo key is already in the database is left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from django.urls import reverse
from django.utils import timezone

from clock import TimeControl, clock_new
from games import get_game, gunshi_rules
from matches.models import Match, MatchMove
from matches.selectors import SEAT_LABELS


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


def demo_record(game: DemoGame) -> Any:
    """The demo game's record: the random 軍師軍略 game of its seed, with the demo players'
    names (stored under the official rulings when it ended by the rules)."""
    return gunshi_rules.demo_record(
        seed=game.seed,
        players={"red": game.red, "blue": game.blue},
        meta={"source": "random playout", "seed": game.seed},
    )


def store_finished_game(
    game: DemoGame, record: Any, *, finished_at: datetime, game_key: str = "gunshi"
) -> Match:
    """Store ``record`` (a game its rules finished) as a finished online match of the game
    ``game_key``."""
    rules = get_game(game_key).rules
    if rules is None:
        raise ValueError(f"game {game_key!r} has no rules to replay a record with")
    summary = rules.record_summary(record)
    states = rules.replay(record)
    final = states[-1]
    outcome = rules.outcome(final)
    if outcome is None:
        raise ValueError(f"demo game {game.key} did not finish")
    history = []
    for before, text in zip(states, summary.actions, strict=False):
        action = rules.parse_action(text)
        seat = rules.to_act(before)
        if seat is None:  # pragma: no cover - replay() accepted the action
            raise ValueError(f"demo game {game.key}: nobody to act before {text!r}")
        secret = rules.is_secret(before, action)
        history.append([seat, rules.history_text(before, action, None) if secret else None])
    control = TimeControl.official()
    match = Match.objects.create(
        kind=Match.Kind.ONLINE,
        status=Match.Status.FINISHED,
        game=game_key,
        red_name=game.red,
        blue_name=game.blue,
        variant=summary.setup["variant"],
        time_control=control.to_str(),
        rulings=summary.setup["rulings"],
        state=rules.state_to_dict(final),
        ply=rules.ply(final),
        clock=clock_new(control).to_dict(),
        winner=Match.Winner.NONE if outcome.winner is None else SEAT_LABELS[outcome.winner],
        method=outcome.termination,
        started_at=finished_at - timedelta(seconds=SECONDS_PER_DECISION * len(summary.actions)),
        finished_at=finished_at,
        meta={"demo": game.key, "seed": game.seed},
    )
    MatchMove.objects.bulk_create(
        MatchMove(match=match, ply=ply, seat=seat, action=text, masked=masked)
        for ply, (text, (seat, masked)) in enumerate(zip(summary.actions, history, strict=True), 1)
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
