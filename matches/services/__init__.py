"""Services: every change to a match goes through one of the functions of this package.

The package map (import from the module that names what you touch):

* ``lifecycle``: create, start, join and abort a match; its status (``match_set_status``) and
  how a result is recorded and announced;
* ``decisions``: a player's own acts online: a decision, a resignation, a flag claim;
* ``timeouts``: the deadlines that decide a game: flag falls, no-shows, set-up countdowns (the
  scheduled check and the sweep call ``match_adjudicate_timeout``/``match_adjudicate_overdue``);
* ``arbiter``: pause, resume, time adjustments, results set or corrected, no-shows applied and
  absent seats forfeited, and the event-wide acts (start, pause, resume every match);
* ``otb``: the over-the-board clock: presses, the result reported and confirmed;
* ``_common``: what they share (the transaction, requirement checks, the audit, clock-log and
  move rows, ``_after_change``); internal to the package.

Each public service is keyword-only and follows one shape (docs/matches.md, "Services"):

1. ``transaction.atomic`` and the row lock (``matches.rows.lock_match``, ``SELECT … FOR
   UPDATE``): changes to one match are serialised across threads and processes;
2. status checks, then **the flag first**: if the running seat's time is up at ``now``, the
   flag fall is adjudicated (a loss on time) and committed, and the request is refused with
   ``flag_fallen`` — a late decision never rescues a fallen flag;
3. the client's expected ply (``stale_ply`` for an old or duplicated request: nothing is ever
   applied twice), the seat, then the engine (``invalid_action``/``illegal_action``: nothing
   saved);
4. the clock (``clock.clock_after_decision`` driven by the game's ``rules.clock_side``), the
   decision's move row (``MatchMove``: its text, masked text, audit facts and clock-log entry,
   appended once), the cached state, the result when the engine reports an outcome;
5. after commit only: the broadcast to each seat (``matches.broadcast``), the timeout check at
   the new flag deadline (``matches.timeouts``) and ``matches.signals.match_finished``.

Errors are ``MatchError`` with a stable code (``matches.errors``). ``now`` is injectable
everywhere (an aware datetime; default ``timezone.now()``); the clock works in integer epoch
milliseconds. ``actor`` is the user acting, or ``None`` for trusted server code (the tournaments
layer, tasks); arbiter operations check ``matches.permissions.user_can_arbitrate`` only when an
actor is given.
"""
