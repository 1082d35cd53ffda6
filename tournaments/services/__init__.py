"""Every write to tournament data (being split into one module per entity)."""

# Until every caller imports from the module that owns what it calls, the package speaks
# for its one module.
from tournaments.services.rounds import *  # noqa: F403
from tournaments.services.rounds import (  # noqa: F401
    _audit,
    _changed,
    _give_start_numbers,
    _latest_round,
    _lock_event,
    _lock_pairing,
    _require_arbiter,
    _require_manager,
)
