"""Every write to tournament data, one module per entity or workflow.

Conventions (HackSoft services, Zulip actions):

* keyword-only, typed, named ``<entity>_<action>``;
* ``@transaction.atomic``: the event row is locked first (``select_for_update``), so two
  organisers pressing "pair" at once cannot pair a round twice;
* a refused action raises :class:`~tournaments.errors.TournamentError` with a stable code and
  saves nothing;
* every act of an organiser, arbiter or player writes an :class:`~tournaments.models.AuditLog`
  row, and every change the public can see bumps ``Event.version`` and, after commit, tells
  the live pages (``tournaments.broadcast``).

Who may act is checked here, not only in views: ``actor`` is the user acting for the event
(organiser, co-organiser or arbiter, see ``selectors.event_role_of``); player acts take the
player's ``entry`` (resolved by the view from the account or the private link).

Callers import from the module that owns what they call; this package re-exports nothing.
Names with a leading underscore are shared between the package's modules only.

The modules, each using only those listed above it:

* ``_common``: row locks, permission checks, the audit log and announcing a change;
* ``field``: who plays a round, how many Swiss rounds a field allows, start numbers, the draw;
* ``events``: create, update, status, co-organiser and arbiter roles;
* ``brackets``: elimination brackets: draw, seats, playable matches, results carried through;
* ``results``: a player's report and confirmation, an arbiter's entry, ruling or correction,
  stale drafts, and a result given to the table's clocked match;
* ``match_results``: results and disputes that arrive from a table's clocked match;
* ``entries``: register, waitlist, add and late entries, check-in, withdraw, reinstate,
  disqualify;
* ``entry_import``: players imported from CSV, all or nothing;
* ``publication``: publish a round (its tables' matches are created), start it, unpublish it;
* ``rounds``: pair the next round (Swiss, round robin, elimination), swap, delete a draft,
  re-pair;
* ``ranked_tables``: ranked-table events (三国盛衰記): settings, table assignment, the session;
* ``ranked_results``: a ranked table's reports, confirmations and the arbiter's entries.

Capacity and the waitlist's queue (``tournaments.waitlist``) and who a change calls
(``tournaments.callup``) are helpers these services use under their locks, not entry points.
"""
