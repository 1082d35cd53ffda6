"""An untimed search with a seed decides the same in every process.

Python salts the hash of a string per process (``PYTHONHASHSEED``), so iterating over a set of
strings (a 軍棋 piece's possible ranks, say) gives another order in another process. The search
must never let that order reach a decision: the analysis of a game (``timed=False``) is stored
and must be what any worker would compute, and a seeded test game must be the same game on
every run. The same short games are played in two processes with different salts and compared
decision by decision.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: A short game of each game, the search (seeded, untimed) against a seeded random player; prints
#: every decision taken.
GAMES = """
from opponent.arena import Referee, random_chooser
from opponent.levels import Level, SearchBudget
from opponent.player import SearchPlayer

LEVEL = Level("test", 10.0, SearchBudget(16, 12), SearchBudget(16, 12), worlds=3)
for game in ("gunshi", "junqi"):
    for seed in (7,):
        referee = Referee(game, {}, seed=seed)
        players = (SearchPlayer(LEVEL, seed=seed, timed=False), None)
        random_player = random_chooser(seed)
        for _ in range(60):
            seat = referee.to_act()
            if seat is None:
                break
            view = referee.view(seat)
            action = players[0].decide(view).action if seat == 0 else random_player(view, None)
            referee.apply(action)
            print(game, seed, seat, action)
"""


def start_with_hash_salt(salt: str) -> subprocess.Popen[str]:
    environment = {**os.environ, "PYTHONHASHSEED": salt}
    return subprocess.Popen(
        [sys.executable, "-c", GAMES],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        text=True,
    )


def decisions(process: subprocess.Popen[str]) -> list[str]:
    output, _ = process.communicate(timeout=300)
    assert process.returncode == 0
    return output.splitlines()


def test_the_same_seeded_games_in_processes_with_different_string_hashes() -> None:
    processes = [start_with_hash_salt("1"), start_with_hash_salt("2")]
    first, second = (decisions(process) for process in processes)
    assert len(first) > 60
    assert {line.split()[0] for line in first} == {"gunshi", "junqi"}
    assert first == second
