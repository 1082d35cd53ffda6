"""Exports of an event: standings and pairings (CSV, JSON), FIDE TRF, game records, slips.

Everything exported is public data (published rounds only), so the export views need no
permission beyond seeing the event. Names are typed by people: CSV cells a spreadsheet would
run as a formula are neutralised, and TRF lines never carry a line break or a control or bidi
character (``tournaments.names``).

TRF (FIDE Tournament Report File, the TRF16 layout that Swiss-Manager, JaVaFo and bbpPairings
read) maps this game onto chess notions as follows (also in ``docs/tournaments.md``):

* starting rank = the entry's start number: given in seed order (manual seed, then rating,
  then entry order) when round 1 is paired, the next free number to a late entrant, and never
  changed, so files exported after different rounds number players alike;
* Red (moves first) is ``w``, Blue is ``b``; a win ``1``, a loss ``0``, a draw ``=`` (only
  in a game with draws: never in 軍師軍略);
* a forfeit win ``+`` and forfeit loss ``-`` (with the scheduled opponent and colour); a double
  forfeit is ``-`` for both;
* the pairing bye (a round robin's free round) is ``0000 - U``; a round missed before a late
  entry is ``F`` when granted a win's points, ``Z`` when granted nothing, ``H`` otherwise; a
  round missed while withdrawn is ``0000 - Z``;
* a game still without a result is written with its opponent and colour and a blank result;
* tag lines: 012 name, 022 venue, 042/052 dates, 062 players, 072 rated players, 092 type,
  102 organiser, 122 time control, and the bbpPairings/JaVaFo extensions ``XXR`` (rounds) and
  the points of each code: ``BBW`` (win ``1``, forfeit win ``+``, full-point bye ``F``),
  ``BBD`` (``H``: half-way between a win and a loss), ``BBL`` (loss ``0``), ``BBZ`` (``Z``),
  ``BBF`` (forfeit loss ``-``) and ``BBU`` (``U``: the bye, or a round robin's free round).

The codes price a forfeit win as a win and ``H`` as ``BBD``; an event whose forfeit win is
worth other than a win, or whose late entrant was granted another value, has scores the codes
cannot express (the score column still holds the true score).
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse

from games import get_game
from tournaments import exports_ranked, selectors, waitlist
from tournaments.exports_common import csv_response, export_filename
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.names import fit, single_line
from tournaments.selectors import PairingRow
from tournaments.services.ranked_tables import is_ranked
from tournaments.standings import PointsScheme
from tournaments.views_common import visible_event

# ------------------------------------------------------------------------------- standings


def _num(value: Fraction | Any) -> str:
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
    return "" if value is None else str(value)


def standings_rows(event: Event) -> tuple[list[str], list[list[str]]]:
    table = selectors.event_standings(event=event)
    header = ["rank", "name", "points", *[code for code, _s, _l in table.columns]]
    # A game with draws adds a "draws" column (軍師軍略's layout is unchanged).
    draws = table.draws
    header += ["played", "wins", "losses", *(["draws"] if draws else [])]
    header += ["forfeit_wins", "forfeit_losses", "byes", "status"]
    rows = []
    for line in table.lines:
        row = line.row
        rows.append(
            [
                str(row.rank),
                line.entry.name,
                _num(row.points),
                *[_num(v) for v in row.tiebreaks],
                str(row.played),
                str(row.wins),
                str(row.losses),
                *([str(row.draws)] if draws else []),
                str(row.forfeit_wins),
                str(row.forfeit_losses),
                str(row.byes),
                line.entry.status,
            ]
        )
    return header, rows


def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    if is_ranked(event):
        return exports_ranked.standings_csv(event)
    header, rows = standings_rows(event)
    return csv_response(export_filename(event, "standings.csv"), header, rows)


def standings_json(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    if is_ranked(event):
        return exports_ranked.standings_json(event)
    table = selectors.event_standings(event=event)
    data = {
        "event": event.slug,
        "name": event.name,
        "after_round": table.after_round,
        "tiebreaks": [code for code, _s, _l in table.columns],
        "standings": [
            {
                "rank": line.row.rank,
                "entry_id": line.entry.pk,
                "name": line.entry.name,
                "points": _num(line.row.points),
                "tiebreaks": {
                    code: _num(v)
                    for (code, _s, _l), v in zip(table.columns, line.row.tiebreaks, strict=True)
                },
                "played": line.row.played,
                "wins": line.row.wins,
                "losses": line.row.losses,
                **({"draws": line.row.draws} if table.draws else {}),
                "byes": line.row.byes,
                "status": line.entry.status,
            }
            for line in table.lines
        ],
        "waitlist": waitlist_rows(event),
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def waitlist_rows(event: Event) -> list[dict[str, Any]]:
    """The waitlist in queue order, marked apart from the standings (they hold no place)."""
    return [
        {"position": i, "entry_id": e.pk, "name": e.name, "status": e.status}
        for i, e in enumerate(waitlist.queue(event), start=1)
    ]


# -------------------------------------------------------------------------------- pairings


def _public_round(event: Event, number: int) -> Round:
    round_ = get_object_or_404(Round, event=event, number=number)
    if not round_.is_public:
        raise Http404
    return round_


def pairing_dict(p: Pairing, *, scored: bool = False) -> dict[str, Any]:
    """One table for the JSON export; ``scored``: the event's game reports a score with each
    result (both players' values are added, null when there is none)."""
    data = {
        "table": p.table,
        "red": p.red.name,
        "red_id": p.red_id,
        "blue": p.blue.name if p.blue else None,
        "blue_id": p.blue_id,
        "result": p.result,
        "method": p.method,
        "confirmed": p.confirmation == Pairing.Confirmation.CONFIRMED,
        "disputed": p.disputed,
        "match_id": p.match_id,
    }
    if scored:
        data |= {"red_score": p.red_score, "blue_score": p.blue_score}
    return data


def pairings_csv(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = visible_event(request, slug)
    round_ = _public_round(event, number)
    if is_ranked(event):
        return exports_ranked.tables_csv(event, round_)
    header = ["table", "red", "blue", "result", "method"]
    rows = [
        [str(p.table), p.red.name, p.blue.name if p.blue else "", p.result, p.method]
        for p in selectors.round_pairings(round=round_)
    ]
    if get_game(event.game).score is not None:  # the game's score of each side
        header += ["red_score", "blue_score"]
        for row, p in zip(rows, selectors.round_pairings(round=round_), strict=True):
            row += ["" if v is None else str(v) for v in (p.red_score, p.blue_score)]
    return csv_response(export_filename(event, f"round-{number}.csv"), header, rows)


def pairings_json(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = visible_event(request, slug)
    round_ = _public_round(event, number)
    if is_ranked(event):
        return exports_ranked.tables_json(event, round_)
    data = {
        "event": event.slug,
        "round": round_.number,
        "status": round_.status,
        "pairings": [
            pairing_dict(p, scored=get_game(event.game).score is not None)
            for p in selectors.round_pairings(round=round_)
        ],
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


# ------------------------------------------------------------------------------------- TRF

NAME_WIDTH = 33  # columns 15-47


def _points(value: Fraction) -> str:
    return f"{float(value):4.1f}"


def _put(line: list[str], start: int, text: str) -> None:
    """Write ``text`` at 1-based column ``start`` of ``line`` (a list of characters)."""
    for i, ch in enumerate(text):
        line[start - 1 + i] = ch


def start_numbers(entries: Iterable[Entry]) -> dict[int, int]:
    """Each entry's start number (TRF starting rank): the stored one, given when round 1 was
    paired or at a late entry and never changed; entries without one (an event not started)
    are numbered after the rest in seed order."""
    entries = list(entries)
    numbers = {e.pk: e.start_number for e in entries if e.start_number is not None}
    following = max(numbers.values(), default=0)
    for entry in selectors.seed_order(e for e in entries if e.start_number is None):
        following += 1
        numbers[entry.pk] = following
    return numbers


def _planned_rounds(event: Event, played: int) -> int:
    """The ``XXR`` value: the rounds the event plans (never fewer than it has played)."""
    system = event.pairing_system
    if system in (Event.PairingSystem.ROUND_ROBIN, Event.PairingSystem.DOUBLE_ROUND_ROBIN):
        size = len(event.draw_order)
        cycle = size - 1 + size % 2
        planned = cycle * (2 if system == Event.PairingSystem.DOUBLE_ROUND_ROBIN else 1)
    elif system in (Event.PairingSystem.SWISS, Event.PairingSystem.SWISS_TOP_CUT):
        planned = event.rounds
    else:
        planned = played
    return max(planned, played, 1)


def _header_lines(event: Event, entries: list[Entry], played: int) -> list[str]:
    scheme = selectors.points_scheme(event)
    round_robin = event.pairing_system in (
        Event.PairingSystem.ROUND_ROBIN,
        Event.PairingSystem.DOUBLE_ROUND_ROBIN,
    )
    unpaired = event.points_round_robin_free if round_robin else event.points_bye
    header = [
        f"012 {single_line(event.name)}",
        f"022 {single_line(event.venue or ('Online' if event.online else ''))}",
        f"042 {event.starts_on:%Y/%m/%d}",
        f"052 {(event.ends_on or event.starts_on):%Y/%m/%d}",
        f"062 {len(entries)}",
        f"072 {sum(1 for e in entries if e.rating)}",
        f"092 {Event.PairingSystem(event.pairing_system).label}",
        f"102 {single_line(event.organiser.get_username())}",
        f"122 {single_line(event.time_control)}",
        f"XXR {_planned_rounds(event, played)}",
        f"BBW {_points(scheme.win)}",
        f"BBD {_points(scheme.draw_equivalent)}",
        f"BBL {_points(scheme.loss)}",
        f"BBZ {_points(Fraction(0))}",
        f"BBF {_points(scheme.forfeit_loss)}",
        f"BBU {_points(Fraction(unpaired))}",
    ]
    return [h.rstrip() for h in header]


def trf_text(event: Event) -> str:
    """The event as a TRF16 file (see the module docstring for the mapping)."""
    data = selectors.event_history(event=event)
    table = selectors.event_standings(event=event)
    rounds = data.last_round
    number_of = start_numbers(data.entries.values())
    ordered = sorted(data.entries.values(), key=lambda e: number_of[e.pk])
    by_round: dict[tuple[int, int], tuple[PairingRow, int]] = {}
    numbers = {r.pk: r.number for r in data.rounds}
    for p in data.pairings:
        n = numbers[p.round_id]
        by_round[(p.red_id, n)] = (p, 0)
        if p.blue_id is not None:
            by_round[(p.blue_id, n)] = (p, 1)
    rows = {line.entry.pk: line.row for line in table.lines}
    scheme = selectors.points_scheme(event)
    lines = _header_lines(event, ordered, rounds)
    for entry in ordered:
        row = rows[entry.pk]
        line = [" "] * (89 + 10 * rounds)
        _put(line, 1, "001")
        _put(line, 5, f"{number_of[entry.pk]:4d}")
        _put(line, 15, fit(entry.name, NAME_WIDTH))
        if entry.rating:
            _put(line, 49, f"{max(0, min(entry.rating, 9999)):4d}")
        _put(line, 81, _points(row.points))
        _put(line, 86, f"{row.rank:4d}")
        for n in range(1, rounds + 1):
            _put(line, 92 + 10 * (n - 1), _trf_round(entry, n, by_round, number_of, scheme))
        lines.append("".join(line).rstrip())
    return "\n".join(lines) + "\n"


def _trf_round(
    entry: Entry,
    number: int,
    by_round: dict[tuple[int, int], tuple[PairingRow, int]],
    start_rank: dict[int, int],
    scheme: PointsScheme,
) -> str:
    found = by_round.get((entry.pk, number))
    if found is None:
        if number < entry.first_round:
            points = Fraction(entry.missed_round_points)
            if points >= scheme.win:
                code = "F"
            elif points == 0:
                code = "Z"
            else:
                code = "H"
        else:
            code = "Z"
        return f"0000 - {code}"
    p, seat = found
    if p.blue_id is None:
        return "0000 - U"
    opponent = p.blue_id if seat == 0 else p.red_id
    colour = "w" if seat == 0 else "b"
    res = Pairing.Result
    red_code: dict[str, str] = {
        res.RED_WON: "1",
        res.BLUE_WON: "0",
        res.RED_WON_BY_FORFEIT: "+",
        res.BLUE_WON_BY_FORFEIT: "-",
        res.DOUBLE_FORFEIT: "-",
        res.DRAW: "=",
        res.PENDING: " ",
    }
    blue_code: dict[str, str] = {
        res.RED_WON: "0",
        res.BLUE_WON: "1",
        res.RED_WON_BY_FORFEIT: "-",
        res.BLUE_WON_BY_FORFEIT: "+",
        res.DOUBLE_FORFEIT: "-",
        res.DRAW: "=",
        res.PENDING: " ",
    }
    code = (red_code if seat == 0 else blue_code)[p.result]
    assert opponent is not None  # noqa: S101 - a played table has two seats
    return f"{start_rank[opponent]:4d} {colour} {code}"


def event_trf(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    if is_ranked(event):
        raise Http404  # TRF holds two-player pairings; ranked tables export as CSV/JSON
    response = HttpResponse(trf_text(event), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export_filename(event, "trf.txt")}"'
    return response


# ------------------------------------------------------------------------------ game records


def _match_record_file(match_id: int) -> tuple[str, str] | None:
    """The finished online match's game record file: its text and extension.

    The record is the game's own download form (``matches.selectors.match_record_text``): JSON
    for 軍師軍略, the tagged text of RULES.md §10.6 for 軍棋. Over-the-board matches have a
    result but no record; unfinished ones are not published.
    """
    try:
        from matches.models import Match
        from matches.selectors import match_record_text
    except ImportError:
        return None
    match = Match.objects.filter(
        pk=match_id, status=Match.Status.FINISHED, kind=Match.Kind.ONLINE
    ).first()
    if match is None:
        return None
    text = match_record_text(match=match)
    return text, "json" if text.lstrip().startswith("{") else "txt"


def games_zip_bytes(event: Event) -> bytes:
    """A zip of every published table: one JSON summary per table, plus its game record when
    the table was played as a finished clocked match."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        index = []
        for round_ in selectors.event_rounds(event=event, public=True):
            for p in selectors.round_pairings(round=round_):
                base = f"round-{round_.number:02d}/table-{p.table:03d}"
                summary = pairing_dict(p) | {"round": round_.number}
                archive.writestr(f"{base}.json", json.dumps(summary, ensure_ascii=False, indent=2))
                record = _match_record_file(p.match_id) if p.match_id else None
                if record is not None:
                    text, ext = record
                    archive.writestr(f"{base}-record.{ext}", text)
                    summary["record"] = f"{base}-record.{ext}"
                index.append(summary)
        archive.writestr(
            "index.json",
            json.dumps({"event": event.slug, "tables": index}, ensure_ascii=False, indent=2),
        )
    return buffer.getvalue()


def games_zip(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    response = HttpResponse(games_zip_bytes(event), content_type="application/zip")
    filename = export_filename(event, "games.zip")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# ---------------------------------------------------------------------------- result slips


@dataclass(frozen=True)
class Slip:
    pairing: Pairing
    url: str
    qr_svg: str


def table_url(request: HttpRequest, pairing: Pairing) -> str:
    """Where the table's QR code leads: the match's clock page when the table has a clocked
    match (and the matches app names such a page), else the round's public page."""
    if pairing.match_id is not None:
        name = "matches:match_board" if pairing.round.event.online else "matches:match_clock"
        try:
            return request.build_absolute_uri(reverse(name, args=[pairing.match_id]))
        except NoReverseMatch:  # the matches pages are not installed
            pass
    path = reverse(
        "tournaments:round_detail",
        kwargs={"slug": pairing.round.event.slug, "number": pairing.round.number},
    )
    return request.build_absolute_uri(f"{path}#table-{pairing.table}")


def qr_svg(data: str) -> str:
    """An inline SVG QR code for ``data``."""
    import qrcode
    from qrcode.image.svg import SvgPathImage

    image = qrcode.make(data, image_factory=SvgPathImage, box_size=8, border=2)
    text: str = image.to_string(encoding="unicode")
    return text


def result_slips(request: HttpRequest, round_: Round) -> list[Slip]:
    slips = []
    for p in selectors.round_pairings(round=round_):
        if p.blue_id is None:
            continue
        url = table_url(request, p)
        slips.append(Slip(pairing=p, url=url, qr_svg=qr_svg(url)))
    return slips
