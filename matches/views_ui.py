"""Pages for people: the game-record list and step-through viewer, the live board and the
over-the-board clock.

The pages are thin: each renders a template whose scripts (``static/js/``) draw the game from
JSON. Only two kinds of game data ever reach a page:

* per-seat views computed by the game's ``rules.view`` (軍師軍略: ``engine.observe``) — for
  the record viewer here
  (``record_viewer_payload``), for live play by ``matches.selectors.match_get_view`` over the
  WebSocket (docs/protocol.md);
* the complete game record, and only once the match is finished (``match_record``).

Every user-facing string the scripts show is translated in ``matches.ui_labels`` and handed to
the page as JSON (``ui_config``), so the scripts contain no text of their own.
"""

from __future__ import annotations

from typing import Any, Final

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from games import get_game
from games.base import GameRules
from games.gunshi_rules import RULES as GUNSHI_RULES
from matches.api import error_response
from matches.errors import MatchError
from matches.junqi_ui import BOARD_TEMPLATES, JUNQI_LABELS, RECORD_TEMPLATES
from matches.models import Match
from matches.positions import match_position_view
from matches.request_limits import RequestLimit
from matches.selectors import (
    match_record,
    match_record_text,
    match_record_visible,
    match_resolve_seat,
    match_rules,
    match_user_can_arbitrate,
)
from matches.services.otb import OTB_REPORT_METHODS
from matches.ui_labels import ui_config
from matches.views_start import start_panel

#: ``?as=`` values of the record viewer: whose eyes the game is seen through.
PERSPECTIVES: Final[dict[str, int | None]] = {"red": 0, "blue": 1, "all": None}
#: The seat labels by seat index (``matches.selectors.SEAT_LABELS``).
_SEATS: Final = ("red", "blue")

RECORDS_PER_PAGE: Final = 25

# ------------------------------------------------------------------------ record viewer


def record_viewer_payload(
    record: Any, viewer: int | None, rules: GameRules | None = None
) -> dict[str, Any]:
    """Every position of a finished game as ``viewer`` (a seat, ``None``: everything) saw it,
    with the decision list. ``rules`` are the record's game's (default: 軍師軍略's).

    ``views[i]`` is ``rules.view`` of the position after ``i`` decisions (``views[0]`` is
    the first position); ``moves[i]`` is decision ``i + 1`` as ``viewer`` may read it
    (``rules.history_text``: for 軍師軍略 the opponent's general, hand and face-down plays stay
    masked), with ``skipped``, the cards that decision's automatic steps could not execute, as
    ``views[i + 1]`` tells them to ``viewer`` (RULES.md §6.7; a face-down card stays masked).
    Legal-action lists are dropped: nobody acts in a record.
    """
    rules = rules or GUNSHI_RULES
    summary = rules.record_summary(record)
    states = rules.replay(record)
    views = []
    for state in states:
        view = rules.view(state, viewer)
        view["legal_actions"] = []
        views.append(view)
    moves = []
    for index, (before, text) in enumerate(zip(states, summary.actions, strict=False)):
        seat = rules.to_act(before)
        moves.append(
            {
                "ply": index + 1,
                "seat": _SEATS[seat] if seat is not None else None,
                "text": rules.history_text(before, rules.parse_action(text), viewer),
                "skipped": views[index + 1].get("skipped", []),
            }
        )
    return {
        "viewer": _SEATS[viewer] if viewer is not None else None,
        "players": summary.players,
        "result": summary.result,
        "moves": moves,
        "views": views,
    }


def _finished_match(match_id: int) -> Match:
    """A finished online match (records are published only at the end), else 404."""
    match = get_object_or_404(
        Match.objects.select_related("red_player", "blue_player"), pk=match_id
    )
    if not match_record_visible(match=match, user=None):
        raise Http404("no published record")
    return match


def _perspective(request: HttpRequest) -> str:
    value = request.GET.get("as", "all")
    if value not in PERSPECTIVES:
        raise Http404("unknown perspective")
    return value


@require_GET
def record_list(request: HttpRequest) -> HttpResponse:
    """Finished online games, newest first."""
    matches = (
        Match.objects.filter(status=Match.Status.FINISHED, kind=Match.Kind.ONLINE)
        .select_related("red_player", "blue_player")  # the players' profile links
        .order_by("-finished_at", "-id")
    )
    page = Paginator(matches, RECORDS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "matches/record_list.html", {"page": page, "matches": page.object_list})


@require_GET
def record_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    """The step-through viewer of one finished game (the positions come from ``record_views``)."""
    match = _finished_match(match_id)
    perspective = _perspective(request)
    config = ui_config(
        views_url=reverse("matches:record_views", args=[match.pk]),
        perspective=perspective,
        players={"red": match.red_name, "blue": match.blue_name},
        game=match.game,
    )
    if match.game == "junqi":
        config["labels"].update({key: str(value) for key, value in JUNQI_LABELS.items()})
    context = {"match": match, "ui": config, "perspective": perspective}
    template = RECORD_TEMPLATES.get(match.game, "matches/record_detail.html")
    return render(request, template, context)


@require_GET
def record_views(request: HttpRequest, match_id: int) -> JsonResponse:
    """The viewer's data: ``record_viewer_payload`` for ``?as=red|blue|all``."""
    match = _finished_match(match_id)
    viewer = PERSPECTIVES[_perspective(request)]
    payload = record_viewer_payload(match_record(match=match), viewer, match_rules(match))
    payload["method_label"] = str(Match.Method(match.method).label)
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})


@require_GET
def record_download(request: HttpRequest, match_id: int) -> HttpResponse:
    """The complete game record (docs/records.md) as a file (JSON for 軍師軍略)."""
    match = _finished_match(match_id)
    text = match_record_text(match=match)
    # 軍師軍略's records are JSON; 軍棋's are the tagged text of its RULES.md §10.6.
    kind, ext = (
        ("application/json", "json") if text.lstrip().startswith("{") else ("text/plain", "txt")
    )
    response = HttpResponse(text, content_type=f"{kind}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{match.game}-match-{match.pk}.{ext}"'
    return response


# --------------------------------------------------------------------------- live play

#: The match WebSocket route (``matches/routing.py``, docs/protocol.md §3).
WS_PATH: Final = "/ws/matches/{match_id}/"


def _live_config(request: HttpRequest, match: Match) -> dict[str, Any]:
    """What the live pages' scripts need: where the socket is and the seat token, if any.

    The page itself holds no game data: the seat and its view come over the socket, which
    resolves the seat from the session or the token (docs/protocol.md §1).
    """
    return ui_config(
        match_id=match.pk,
        ws_path=WS_PATH.format(match_id=match.pk),
        token=request.GET.get("token", ""),
        record_url=reverse("matches:record_detail", args=[match.pk]),
        download_url=reverse("matches:record_download", args=[match.pk]),
        # The move list's past positions: ``{ply}`` is filled in by the script.
        position_url=reverse("matches:match_position", args=[match.pk, 0]).replace(
            "/0.json", "/{ply}.json"
        ),
        favicon_turn_url=static("img/favicon-turn.svg"),
        # Arbiters get the pause/resume controls; the server checks again on every request.
        arbiter=match_user_can_arbitrate(match=match, user=request.user),
    )


@require_GET
def match_board(request: HttpRequest, match_id: int) -> HttpResponse:
    """The live board of an online match (players and spectators)."""
    match = get_object_or_404(Match, pk=match_id)
    if match.kind == Match.Kind.OTB:
        query = f"?{request.GET.urlencode()}" if request.GET else ""
        return redirect(reverse("matches:match_clock", args=[match.pk]) + query)
    config = _live_config(request, match)
    template = BOARD_TEMPLATES.get(match.game, "matches/match_board.html")
    if match.game == "junqi":
        config["labels"].update({key: str(value) for key, value in JUNQI_LABELS.items()})
    context: dict[str, Any] = {"match": match, "ui": config}
    if match.status == Match.Status.PENDING:
        try:
            seat = match_resolve_seat(
                match=match, user=request.user, token=request.GET.get("token")
            )
        except MatchError:
            seat = None  # the socket refuses the bad link and the page says so
        context["start"] = start_panel(request, match, seat)
    return render(request, template, context)


def _position_limit() -> RequestLimit:
    """The past positions' limit per client address, from the settings."""
    return RequestLimit(
        name="position",
        limit=settings.MATCH_POSITION_REQUESTS_PER_WINDOW,
        window_seconds=settings.MATCH_POSITION_WINDOW_SECONDS,
    )


@require_GET
def match_position(request: HttpRequest, match_id: int, ply: int) -> JsonResponse:
    """One past position of a live online match, as the caller's seat saw it (JSON).

    The seat is resolved as on the WebSocket: the ``?token=`` seat link, else the session,
    else a spectator (docs/protocol.md §1); ``match_position_view`` does the masking and the
    caching. Each client address may ask a limited number of times per window
    (``matches.request_limits``): beyond it, HTTP 429 with ``Retry-After``.
    """
    retry_after = _position_limit().allow(request)
    if retry_after is not None:
        response = error_response(MatchError("rate_limited"))  # no match read: ply unknown
        response["Retry-After"] = str(retry_after)
        return response
    match = get_object_or_404(Match, pk=match_id)
    try:
        seat = match_resolve_seat(match=match, user=request.user, token=request.GET.get("token"))
        view = match_position_view(match=match, viewer_seat=seat, ply=ply)
    except MatchError as error:
        return error_response(error)
    return JsonResponse({"ply": ply, "view": view}, json_dumps_params={"ensure_ascii": False})


@require_GET
def match_clock(request: HttpRequest, match_id: int) -> HttpResponse:
    """The over-the-board clock of one pairing: presses, pause, flag fall, result reporting."""
    match = get_object_or_404(Match, pk=match_id, kind=Match.Kind.OTB)
    config = _live_config(request, match)
    # The table's device may hold both seat links, so each player reports from their own half.
    config["tokens"] = {seat: request.GET.get(seat, "") for seat in ("red", "blue")}
    # Another game than 軍師軍略 (a clock-only match): no general or intrusion to report, and
    # Red's first press ends Red's first turn rather than a placement.
    engine_game = match.game == "gunshi"
    methods = OTB_REPORT_METHODS if engine_game else OTB_REPORT_METHODS - _ENGINE_METHODS
    config["report_methods"] = [
        {"value": method.value, "label": str(method.label)}
        for method in Match.Method
        if method in methods
    ]
    if not engine_game:
        config["labels"]["otb_waiting"] = str(_OTB_WAITING_OTHER_GAME)
    game = get_game(match.game)
    # A game with draws (Strategem, 盤上遊姫) may also be reported drawn (never 軍師軍略).
    config["report_draw"] = game.draws
    config["labels"].update({key: str(label) for key, label in _OTB_DRAW_LABELS.items()})
    context = {"match": match, "ui": config, "game": game}
    return render(request, "matches/match_clock.html", context)


_ENGINE_METHODS: Final = frozenset({Match.Method.GENERAL_CAPTURED, Match.Method.INTRUSION})
_OTB_DRAW_LABELS: Final = {
    "report_draw_option": _("Draw (no winner)"),
    "draw_result": _("The game is drawn."),
    "reported_draw_by": _("{side} reported: a draw."),
}
_OTB_WAITING_OTHER_GAME: Final = _(
    "Red presses at the end of Red's first turn to start Blue's clock."
)
