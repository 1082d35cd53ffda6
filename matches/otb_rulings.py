"""Over the board: how a pending result report and the clock meet (docs/matches.md,
"Over-the-board flow").

Vocabulary
----------
* **Report**: one seat's claim of the result (``{"winner", "method", "at"}``, ``at`` the
  server's receive time in epoch ms), kept in ``Match.otb_reports`` until the match finishes.
* **Pending**: a report the other seat has not confirmed yet.
* **Flag claim**: the clock's own account of the result — the seat whose time ran out loses.
  The server records it the moment it notices the fall (a scheduled check, a press, a claim).
* **Held**: a running over-the-board match whose clock has stopped on a flag that disagreed
  with a pending report. It waits for the arbiter: no press, no pause, no further flag; its
  table's result stays open in the tournament.

Rulings (named, so that code, tests and docs speak of the same thing)
--------------------------------------------------------------------
* ``REPORT_KEEPS_CLOCK``: a report stops neither clock. A false report therefore cannot
  freeze the reporter's own running time (Blue, 1.8 s left, claiming a win) nor the
  opponent's: the clock goes on producing evidence until the other seat confirms or the
  arbiter rules.
* ``FLAG_AGREES_SETTLES``: a flag that falls while exactly one claimed result is pending and
  names the same winner settles the game with that reported result — the report came first,
  and the clock confirms who won.
* ``FLAG_DISAGREES_DISPUTES``: a flag that names another winner than a pending report (or
  falls over two reports that differ) never decides the game. The clock stops at the fall,
  the match is held as disputed with every claim and its server time, and the arbiter
  decides. The winner who made the decisive move and forgot to press is not beaten by the
  clock; a loser who makes a false report is not saved by it either, since the arbiter sees
  the report and the fall side by side.
* ``AGREEMENT_AFTER_FLAG``: while held, the other seat may still confirm the pending report;
  both players then agree and that result stands (the confirming player gives up what the
  flag would have given them, or the reporter conceded a flag they would have won by).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

REPORT_KEEPS_CLOCK: Final = "REPORT_KEEPS_CLOCK"
FLAG_AGREES_SETTLES: Final = "FLAG_AGREES_SETTLES"
FLAG_DISAGREES_DISPUTES: Final = "FLAG_DISAGREES_DISPUTES"
AGREEMENT_AFTER_FLAG: Final = "AGREEMENT_AFTER_FLAG"


def claimed_result(report: Mapping[str, Any]) -> tuple[str, str]:
    """The result a report claims, without its time: ``(winner, method)``."""
    return str(report.get("winner", "")), str(report.get("method", ""))


def reports_agree(first: Mapping[str, Any], second: Mapping[str, Any]) -> bool:
    """Two reports claim the same result (their times may differ)."""
    return claimed_result(first) == claimed_result(second)


def report_settled_by_flag(
    reports: Mapping[str, Mapping[str, Any]], flag_winner: str
) -> Mapping[str, Any] | None:
    """The pending report a flag fall settles (``FLAG_AGREES_SETTLES``), or ``None`` when the
    flag disputes the reports (``FLAG_DISAGREES_DISPUTES``).

    >>> report_settled_by_flag({"red": {"winner": "red", "method": "intrusion"}}, "red")
    {'winner': 'red', 'method': 'intrusion'}
    >>> report_settled_by_flag({"red": {"winner": "red", "method": "intrusion"}}, "blue") is None
    True
    """
    claims = {claimed_result(report) for report in reports.values()}
    if len(claims) != 1:
        return None
    report = next(iter(reports.values()))
    return report if claimed_result(report)[0] == flag_winner else None
