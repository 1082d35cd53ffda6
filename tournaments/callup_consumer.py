"""``ws/play/<token>/``: the calls of an entry's private link (a player without an account).

The token is the entry's private link (``Entry.token``), the same secret the player's page
address carries; an unknown token is refused (4404) before the socket is accepted. The socket
joins that entry's group only (``matches.callup.entry_group``), so it hears nothing of other
entries. A withdrawn or disqualified entry still hears its calls: its page says what it can do.
"""

from __future__ import annotations

from channels.db import database_sync_to_async

from matches.callup import entry_group
from matches.callup_consumer import CLOSE_UNKNOWN_LINK, CallConsumer
from tournaments.selectors import entry_id_for_token


class EntryCallConsumer(CallConsumer):
    """Joins the group of the entry whose private link the address carries."""

    refusal_code = CLOSE_UNKNOWN_LINK

    async def recipient_group(self) -> str | None:
        token = str(self.scope["url_route"]["kwargs"]["token"])
        entry_id = await database_sync_to_async(entry_id_for_token)(token=token)
        return None if entry_id is None else entry_group(entry_id)
