"""How the site names an account's player in public: pairings, standings, boards and records.

The player chooses a display name (``PlayerProfile.display_name``, any script); an account
without a profile row (made before profiles, or by a script that skipped the signal) falls back
to its full name, then its user name. Every place that copies a player's name from an account
(an entry, a match seat) takes it from :func:`public_name`.
"""

from __future__ import annotations

from typing import Any

from core.models import PlayerProfile


def public_name(user: Any) -> str:
    """The display name of ``user``'s profile, else its full name, else its user name.

    The profile is read from the database, not from ``user.profile``: an account object loaded
    before the player renamed themself must not hand out the old name.
    """
    if user is None or user.pk is None:
        return ""
    display = (
        PlayerProfile.objects.filter(user_id=user.pk).values_list("display_name", flat=True).first()
    )
    if display:
        return str(display)
    full = user.get_full_name() if hasattr(user, "get_full_name") else ""
    return str(full or user.get_username())
