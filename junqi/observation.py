"""The one chokepoint for hidden information (RULES.md §8): what a player, a spectator or an
arbiter may see of a state.

``observe(state, viewer, arbiter=...)`` is the only function that turns a ``GameState`` into
something a client receives (a JSON-ready dict). The server is the referee (§8.1); a client
never receives a rank it may not see:

* **a player** (§8.2, J16) sees its own pieces with ranks; every enemy piece's station as an
  unknown piece (``"?"``); every move, with the combat's outcome class only (``> < = #``);
  revealed flags (§6.5, J11); its own removed pieces with ranks and, for the enemy, only how
  many were removed. During set-up it sees its own submitted set-up and whether the opponent has
  submitted, nothing more (§3.6);
* **a spectator** (``viewer=None``, §8.4, J17) sees the public view: stations without ranks,
  moves, outcome classes, revealed flags; no delayed omniscient feed;
* **an arbiter** (``arbiter=True``) sees everything;
* **after the game** (§8.5) everybody sees everything, and under 明棋 (§9.5, J25) every rank is
  public once both set-ups are in.

What a player can deduce (J19: a turning railway move, an HQ occupied without a win) is not
blurred. ``history_text`` writes one past action as a viewer may see it.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Move, SubmitSetup
from .rules import acting_sides, apply_action, legal_actions
from .state import GameState, Phase
from .types import FLAG, UNKNOWN, Side, station_name

VIEW_VERSION = 1


def _full_view(state: GameState, viewer: Side | None, arbiter: bool) -> bool:
    """Whether ``viewer`` may see every rank now (arbiter, game over, 明棋 in play)."""
    return (
        arbiter
        or state.phase is Phase.OVER
        or (state.options.open_pieces and state.phase is Phase.PLAY)
    )


def observe(state: GameState, viewer: Side | None, *, arbiter: bool = False) -> dict[str, Any]:
    """What ``viewer`` (``None``: a spectator) may know of ``state``, as a JSON-ready dict."""
    full = _full_view(state, viewer, arbiter)
    pieces = []
    for s, p in enumerate(state.board):
        if p is None:
            continue
        visible = full or p.owner is viewer or (p.code == FLAG and state.flag_revealed[p.owner])
        pieces.append(
            {
                "station": station_name(s),
                "owner": p.owner.label,
                "piece": p.code if visible else UNKNOWN,
                "carrying": p.carrying,
            }
        )
    sides: dict[str, Any] = {}
    for side in Side:
        own = full or side is viewer
        setup = state.setups[side]
        revealed_flag = None
        if state.flag_revealed[side] and not state.flag_carried[side]:
            home = state.flag_home[side]
            revealed_flag = station_name(home) if home is not None else None
        sides[side.label] = {
            "setup_submitted": setup is not None,
            "setup": setup.text if own and setup is not None else None,
            "removed_count": len(state.removed[side]),
            "removed": list(state.removed[side]) if own else None,
            "flag_revealed": state.flag_revealed[side],
            "flag_station": revealed_flag,
            "flag_carried": state.flag_carried[side],
        }
    acting = viewer is not None and viewer in acting_sides(state)
    actions = legal_actions(state, viewer) if viewer is not None else ()
    result = state.outcome
    return {
        "v": VIEW_VERSION,
        "game": "junqi",
        "viewer": viewer.label if viewer is not None else None,
        "arbiter": arbiter,
        "phase": state.phase.value,
        "options": state.options.to_dict(),
        "variants": list(state.options.variants),
        "to_move": state.to_move.label if state.phase is Phase.PLAY else None,
        "to_act": acting,
        "setup_required": acting and state.phase is Phase.SETUP,
        "ply": state.ply,
        "quiet_plies": state.quiet,
        "draw_offer": state.draw_offer.label if state.draw_offer is not None else None,
        "pieces": pieces,
        "sides": sides,
        "moves": [ply.text(ranks=full) for ply in state.log],
        "legal_actions": [a.text for a in actions],
        "outcome": None
        if result is None
        else {
            "winner": result.winner.label if result.winner is not None else None,
            "termination": result.termination.value,
            "result": result.result,
        },
    }


def history_text(
    before: GameState,
    action: Action,
    viewer: Side | None,
    *,
    arbiter: bool = False,
    game_over: bool = False,
) -> str:
    """The text of ``action`` taken in ``before`` as ``viewer`` may see it.

    A move reads as its §10.4 public text with events (``a6xa8= F@b1``); the §10.5 full text
    with ranks (``a6xa8=[7:B] F@b1``) only for an arbiter, once the game is over
    (``game_over``), or under 明棋. Another side's set-up reads ``setup red ?``.
    """
    full = arbiter or game_over or before.phase is Phase.OVER
    if isinstance(action, SubmitSetup):
        if full or action.side is viewer:
            return action.text
        return f"setup {action.side.label} ?"
    if isinstance(action, Move):
        after = apply_action(before, action)
        return after.log[-1].text(ranks=full or _full_view(after, viewer, arbiter))
    return action.text
