"""Importing players from CSV (columns ``name``, optional ``rating`` and ``username``).

All or nothing: every line is checked first (``_parse_csv``), and one problem on any line
refuses the whole file with each line's problems, translated, for the organiser's form.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from tournaments import names
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, Round
from tournaments.services._common import _audit, _changed, _lock_event, _require_manager
from tournaments.services.entries import _check_capacity, _late_entry_round
from tournaments.services.field import _give_start_numbers
from tournaments.signals import default_ratings
from tournaments.validation import check_rating


@dataclass(frozen=True)
class CsvRow:
    line: int
    name: str
    rating: int | None
    user: Any


def _parse_csv(event: Event, text: str) -> tuple[list[CsvRow], dict[int, list[str]]]:
    """Rows to import and the problems of each line (1-based, the header is line 1)."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    headers = [h.strip().lower() for h in (reader.fieldnames or [])]
    if "name" not in headers:
        return [], {1: [gettext("The first line must name the columns, including “name”.")]}
    reader.fieldnames = headers
    existing_names = set(Entry.objects.filter(event=event).values_list("name", flat=True))
    existing_users = set(
        Entry.objects.filter(event=event, user__isnull=False).values_list("user_id", flat=True)
    )
    user_model = get_user_model()
    rows: list[CsvRow] = []
    errors: dict[int, list[str]] = {}
    seen_names: dict[str, int] = {}
    seen_users: dict[int, int] = {}
    for record in reader:
        line = reader.line_num
        problems: list[str] = []
        if None in record:
            problems.append(gettext("This line has more fields than the header."))
        name = (record.get("name") or "").strip()
        if not name:
            problems.append(gettext("The name is missing."))
        elif len(name) > 100:
            problems.append(gettext("The name is longer than 100 characters."))
        elif names.unsafe_characters(name):
            problems.append(
                gettext("The name contains control or text-direction characters (%(chars)s).")
                % {"chars": names.describe(names.unsafe_characters(name))}
            )
        elif name in existing_names:
            problems.append(gettext("“%(name)s” is already entered.") % {"name": name})
        elif name in seen_names:
            problems.append(
                gettext("“%(name)s” is also on line %(line)s.")
                % {"name": name, "line": seen_names[name]}
            )
        rating: int | None = None
        raw_rating = (record.get("rating") or "").strip()
        if raw_rating:
            try:
                rating = check_rating(int(raw_rating))
            except (ValueError, TournamentError):
                problems.append(
                    gettext("The rating “%(value)s” is not a whole number from 0 to 9999.")
                    % {"value": raw_rating[:20]}
                )
        user = None
        username = (record.get("username") or "").strip()
        if username:
            user = user_model.objects.filter(username=username).first()
            if user is None:
                problems.append(gettext("No account “%(user)s”.") % {"user": username})
            elif user.pk in existing_users:
                problems.append(gettext("“%(user)s” is already entered.") % {"user": username})
            elif user.pk in seen_users:
                problems.append(
                    gettext("“%(user)s” is also on line %(line)s.")
                    % {"user": username, "line": seen_users[user.pk]}
                )
            else:
                seen_users[user.pk] = line
        if name:
            seen_names.setdefault(name, line)
        if problems:
            errors[line] = problems
        else:
            rows.append(CsvRow(line, name, rating, user))
    return rows, errors


@transaction.atomic
def entry_import_csv(*, actor: User, event: Event, text: str) -> list[Entry]:
    """Import players from CSV (columns ``name``, optional ``rating`` and ``username``).

    All or nothing: if any line has a problem, :class:`TournamentError` ``csv_invalid`` carries
    every line's problems in ``rows`` and no entry is created.
    """
    event = _lock_event(event)
    _require_manager(actor, event)
    rows, errors = _parse_csv(event, text)
    if errors:
        raise TournamentError("csv_invalid", rows=errors)
    if not rows:
        raise TournamentError("csv_empty")
    _check_capacity(event, adding=len(rows))
    first_round = _late_entry_round(event)
    seeded = default_ratings(event=event, users=[row.user for row in rows if row.rating is None])
    entries = [
        Entry(
            event=event,
            name=row.name,
            rating=row.rating
            if row.rating is not None or row.user is None
            else seeded.get(row.user.pk),
            user=row.user,
            first_round=first_round,
            checked_in=first_round > 1,
        )
        for row in rows
    ]
    try:
        created = Entry.objects.bulk_create(entries)
    except IntegrityError:  # a concurrent registration took a name in the meantime
        raise TournamentError("csv_invalid", rows={0: [gettext("Please try again.")]}) from None
    if Round.objects.filter(event=event).exists():
        _give_start_numbers(event)
    _audit(event, "entry_import", actor=actor, count=len(created))
    _changed(event, "entries", "standings")
    return created
