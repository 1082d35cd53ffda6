"""Notifications inside the site: the bell of every signed-in page (docs/notifications.md).

A notification tells one account that something happened for them — a challenge, a game that
started, a published round, a result confirmed, disputed or corrected — and links to the page
that shows it. The one entry point for the rest of the project is
:func:`notifications.services.notify`; this package imports neither ``tournaments`` nor
``matches`` (nor ``play``): they call it (``pyproject.toml``'s import contracts).
"""
