"""The Celery worker's consumer, made to survive the loss of its Redis broker.

On a lost broker connection Celery (5.7) first *collects* the connection — which detaches the
kombu transport from it — and then closes it. With Redis as broker the channel's close reads
the reply of the ``BRPOP`` in flight, which fails on the dead socket, so the first pass leaves
the channel open; the second pass then tries to put the worker's unacknowledged messages back
on the queue through a transport that no longer knows its host, and raises ``AttributeError``.
That is not a connection error, so it escapes Celery's reconnect loop: the worker logs
"Unrecoverable error" and exits. It happens on every broker restart while the worker holds an
unacknowledged message — always, during a tournament: each running clock has a timeout task
reserved with its ``eta`` (``matches.timeouts``).

``BrokerLossConsumer`` closes the broker channel itself *before* Celery collects the
connection, while the transport still knows its host: the messages go back to the queue when
Redis is already up again, or stay in Redis's unacknowledged set (redelivered after the
visibility timeout) or are lost with a Redis that kept nothing — the worker's own clock sweep
covers that case (docs/production.md). Either way the close completes, and Celery goes on to
reconnect with its ordinary retry settings (``CELERY_BROKER_CONNECTION_*``).
"""

from __future__ import annotations

import logging
from typing import Any

from celery.worker.consumer import Consumer

logger = logging.getLogger(__name__)


class BrokerLossConsumer(Consumer):  # type: ignore[misc]
    """Celery's consumer, closing the broker channel first when the connection is lost."""

    def on_connection_error_after_connected(self, exc: Exception) -> None:
        self._close_broker_channel()
        super().on_connection_error_after_connected(exc)

    def _close_broker_channel(self) -> None:
        channel: Any = getattr(self.connection, "_default_channel", None)
        if channel is None:
            return
        # The first attempt may stop at the dead socket's pending read (and clears it); the
        # second then closes the channel. Errors are the broker's absence: nothing to do.
        for _attempt in range(2):
            if getattr(channel, "closed", True):
                return
            try:
                channel.close()
            except Exception as error:
                logger.debug("closing the broker channel after a connection loss: %r", error)
