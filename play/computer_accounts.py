"""The computer's accounts: one per level, made on first use (docs/opponent.md, "On the site").

A game against the computer is a match like any other, with an account in each seat; the
computer's seat belongs to the account of the chosen level (``computer-1`` … ``computer-4``).
These accounts cannot log in: no usable password and ``is_active=False`` (Django and allauth
refuse an inactive account, and a password reset is never sent to one). Which accounts are the
computer is recorded by ``ComputerAccount`` rows, never guessed from a user name; if a person
already holds the name ``computer-N``, the computer's account takes ``computer-N-<random>``.
"""

from __future__ import annotations

import secrets
from typing import Any, Final

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from play.models import ComputerAccount

#: The levels offered on the site (``opponent.levels``: 1 weakest, 4 strongest).
COMPUTER_LEVELS: Final = (1, 2, 3, 4)
DEFAULT_COMPUTER_LEVEL: Final = 3

#: Where a match records that a seat is the computer: ``match.meta[COMPUTER_META]`` is
#: ``{"level": N, "seat": "red" | "blue"}``; ``meta["computer_level"]`` repeats the level for
#: the board and records (``templates/matches/_rated_mark.html``).
COMPUTER_META: Final = "computer"
COMPUTER_LEVEL_META: Final = "computer_level"


def computer_name(level: int) -> str:
    """The computer's name at ``level`` in the active language ("Computer level 3")."""
    return str(_("Computer level %(level)s") % {"level": level})


def is_computer(user: Any) -> bool:
    """Whether ``user`` is one of the computer's accounts."""
    if user is None or getattr(user, "pk", None) is None:
        return False
    return ComputerAccount.objects.filter(user_id=user.pk).exists()


def computer_account(level: int) -> Any:
    """The account of ``level``, created the first time it is asked for (safe when two
    requests create it at once: the unique level decides, the loser reads the winner's)."""
    if level not in COMPUTER_LEVELS:
        raise ValueError(f"no computer level {level!r}")
    row = ComputerAccount.objects.select_related("user").filter(level=level).first()
    if row is not None:
        return row.user
    users = get_user_model().objects
    username = f"computer-{level}"
    if users.filter(username__iexact=username).exists():
        username = f"{username}-{secrets.token_hex(3)}"
    try:
        with transaction.atomic():
            user = users.create_user(username=username, password=None, is_active=False)
            ComputerAccount.objects.create(level=level, user=user)
    except IntegrityError:
        return ComputerAccount.objects.select_related("user").get(level=level).user
    return user
