"""Signals the matches app sends to the rest of the project.

``match_finished`` is how results leave the matches app (the tournaments layer connects to it;
the matches app never imports tournaments). It is sent by ``matches.services`` **after the
transaction that set the result has committed**, once per result: when a match finishes, and
again when an arbiter corrects the result of a finished match (``corrected=True``).

Receivers get keyword arguments::

    sender      the Match class
    match_id    int
    event_id    int | None    the generic reference given to ``match_create``
    pairing_id  int | None
    winner      "red" | "blue" | "none"
    method      one of Match.Method's values
    corrected   bool          True when an arbiter changed an earlier result

A receiver that needs the row loads it by ``match_id``. Receivers run in the process that
committed the result (a web worker, the Celery worker or the in-process timeout scheduler).

``match_result_recorded`` is the one signal sent **inside** the transaction that sets a result,
before it commits, so that what must change with the result changes in the same transaction or
not at all: the site ratings (``players``, docs/ratings.md "On the site") connect to it. It is
sent by ``matches.services.lifecycle._finish`` when a match finishes and by
``match_set_result`` when an arbiter changes the result of a finished match. A receiver that
raises rolls the result back with it, so receivers must only write rows that belong to the
result. Receivers get::

    sender      the Match class
    match       the locked Match row, result set (saved by the service after the signal)
    previous    None for a first result; for a correction ``{"winner": …, "method": …}``

``match_disputed`` is sent the same way (after commit) when a match becomes disputed: the two
players reported different results over the board, or a flag fell against a pending report
(``matches.otb_rulings``). The match has no result yet; the arbiter decides, and the decision
arrives as ``match_finished``. Receivers get ``sender``, ``match_id``, ``event_id`` and
``pairing_id``.

``match_changed`` is sent after commit by every change that broadcasts the match's views (a
decision, a resignation, a flag, an arbiter's act, a start): whoever plays a seat from outside
a socket (the computer opponent, ``play.receivers``) learns there that it may be asked to act.
Receivers get ``sender``, ``match_id``, ``ply``, ``status`` and ``meta`` (the match's ``meta``
dict, so a receiver can ignore the matches it does not play without a query). They must be
cheap: they run in the process that committed (often a web process) and may only queue work.
"""

from django.dispatch import Signal

match_finished = Signal()
match_disputed = Signal()
match_result_recorded = Signal()
match_changed = Signal()
