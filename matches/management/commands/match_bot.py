"""``manage.py match_bot``: play one seat of a match with random legal actions.

Example (two terminals, one per seat; the tokens are the seats' private links)::

    python manage.py match_bot --url http://127.0.0.1:8000 --match 17 --seat-token <red token>
    python manage.py match_bot --url http://127.0.0.1:8000 --match 17 --seat-token <blue token>

The bot talks to the server only through the public WebSocket protocol (docs/protocol.md), so
it works against any running server, local or remote.
"""

from __future__ import annotations

import asyncio
import statistics
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from matches.bot import play_bot


class Command(BaseCommand):
    help = "Play one seat of a match with random legal actions over the WebSocket protocol."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--url", required=True, help="server base URL, e.g. http://127.0.0.1:8000"
        )
        parser.add_argument("--match", type=int, required=True, help="match id")
        parser.add_argument("--seat-token", required=True, help="the seat's private token")
        parser.add_argument("--seed", type=int, default=0, help="seed of the random choices")
        parser.add_argument("--think-ms", type=int, default=0, help="pause before each decision")
        parser.add_argument("--max-decisions", type=int, default=None)
        parser.add_argument(
            "--resign-after", type=int, default=None, help="resign after this many decisions"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        result = asyncio.run(
            play_bot(
                base_url=options["url"],
                match_id=options["match"],
                seat_token=options["seat_token"],
                seed=options["seed"],
                think_seconds=options["think_ms"] / 1000,
                max_decisions=options["max_decisions"],
                resign_after=options["resign_after"],
            )
        )
        trips = sorted(result.round_trips)
        median = f"{statistics.median(trips) * 1000:.1f} ms" if trips else "-"
        outcome = result.result or {}
        self.stdout.write(
            f"seat {result.seat}: {result.decisions} decisions, ply {result.ply}, "
            f"status {result.status}, result {outcome.get('winner', '-')} "
            f"by {outcome.get('method', '-')}, median round trip {median}, "
            f"{len(result.errors)} errors"
        )
