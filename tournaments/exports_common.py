"""What every export shares: a CSV download and the file name it is saved under.

Both ``tournaments.exports`` (two-player events) and ``tournaments.exports_ranked`` (ranked-table
events) write their CSV files here, so that a cell a spreadsheet would run as a formula is
neutralised alike in each (``tournaments.names.csv_cell``).
"""

from __future__ import annotations

import csv
import io

from django.http import HttpResponse
from django.utils.text import slugify

from tournaments.models import Event
from tournaments.names import csv_cell


def csv_response(filename: str, header: list[str], rows: list[list[str]]) -> HttpResponse:
    """A CSV attachment named ``filename``, every cell neutralised for spreadsheets."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def export_filename(event: Event, suffix: str) -> str:
    """The name of an export of ``event``: its slug, then ``suffix`` (``standings.csv``…)."""
    return f"{slugify(event.slug) or 'event'}-{suffix}"
