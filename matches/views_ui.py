"""Pages for people: the game-record list and step-through viewer, the live board and the
over-the-board clock.

The pages are thin: each renders a template whose scripts (``static/js/``) draw the game from
JSON. Only two kinds of game data ever reach a page:

* per-seat views computed by the game's ``rules.view`` (軍師軍略: ``engine.observe``) — for
  the record viewer here
  (``record_viewer_payload``), for live play by ``matches.selectors.match_get_view`` over the
  WebSocket (docs/protocol.md);
* the complete game record, and only once the match is finished (``match_record``).

Every user-facing string the scripts show is translated here (``UI_LABELS``) and handed to the
page as JSON (``ui_config``), so the scripts contain no text of their own.
"""

from __future__ import annotations

from typing import Any, Final

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_GET

from games import get_game
from games.base import GameRules
from games.gunshi_rules import RULES as GUNSHI_RULES
from games.gunshi_rules import board_geometry
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
from matches.views_start import start_panel

#: ``?as=`` values of the record viewer: whose eyes the game is seen through.
PERSPECTIVES: Final[dict[str, int | None]] = {"red": 0, "blue": 1, "all": None}
#: The seat labels by seat index (``matches.selectors.SEAT_LABELS``).
_SEATS: Final = ("red", "blue")

RECORDS_PER_PAGE: Final = 25

#: Every string the scripts show. Keys are the scripts' names; ``{name}`` marks a placeholder
#: that the script fills in (static/js/i18n.js ``t``).
UI_LABELS: Final[dict[str, Promise]] = {
    # Sides, pieces, directions, cards.
    "side_red": _("Red"),
    "side_blue": _("Blue"),
    "piece_infantry": _("Infantry"),
    "piece_archer": _("Archer"),
    "piece_cavalry": _("Cavalry"),
    # The marks drawn on pieces: the physical pieces' kanji in Japanese, short words in English.
    "glyph_I": pgettext_lazy("piece mark: infantry", "Inf"),
    "glyph_A": pgettext_lazy("piece mark: archer", "Arc"),
    "glyph_C": pgettext_lazy("piece mark: cavalry", "Cav"),
    "glyph_G": pgettext_lazy("piece mark: general", "G"),
    "dir_N": _("north"),
    "dir_E": _("east"),
    "dir_S": _("south"),
    "dir_W": _("west"),
    "facing": _("facing {direction}"),
    "with_shield": _("with shield"),
    "card_MV": pgettext_lazy("card", "Move"),
    "card_RS": pgettext_lazy("card", "Rotate/Shoot"),
    "card_FN": pgettext_lazy("card", "Fence"),
    "card_RF": pgettext_lazy("card", "Reinforce"),
    "card_RM": pgettext_lazy("card", "Rapid move"),
    "card_SB": pgettext_lazy("card", "Supply boost"),
    "card_RC": pgettext_lazy("card", "Rotate/Crossbow"),
    "card_RR": pgettext_lazy("card", "Reinforcement route"),
    "card_LI": pgettext_lazy("card", "Light infantry"),
    "card_SC": pgettext_lazy("card", "Scouting"),
    "card_RP": pgettext_lazy("card", "Rapid fire"),
    "card_SW": pgettext_lazy("card", "Swap"),
    "card_LS": pgettext_lazy("card", "Linked stratagem"),
    "card_back": _("A card you cannot see"),
    "face_down": _("face down"),
    # Board.
    "board_label": _("Game board"),
    "intrusion_square": _("{square}: intrusion square of {side}"),
    "fence_of": _("Fence of {side} on {edge}"),
    "place_fence_on": _("Place a fence on {edge}"),
    "legend": _("Legend"),
    "legend_shield": _("Ring: the infantry still has its shield"),
    "legend_facing": _("Notch: the way the piece faces"),
    "legend_general": _("General (only your own, until the game is over)"),
    "legend_fence": _("Thick line on an edge: a fence, in its owner's colour"),
    "legend_intrusion": _("Cross: an intrusion square"),
    # Panels.
    "panel_of": _("{side}'s side"),
    "you": _("You"),
    "to_act": _("To act"),
    "lp_track": _("Logistics points track, 0 to 18"),
    "lp_long": _("Logistics points"),
    "lp_value": _("LP {lp}"),
    "hand": _("Hand"),
    "deck": _("Deck"),
    "deck_top_first": _("Deck, top card first"),
    "top_first": _("top first"),
    "cards_count": _("{n} cards"),
    "card_count_one": _("1 card"),
    "none": _("none"),
    "queue": _("Queue"),
    "swift": _("Swift"),
    "swift_long": _("疾風伝令 (Swift Dispatch) slot"),
    "slot_1": pgettext_lazy("card queue slot", "1st"),
    # Cards that could not be executed (static/js/skipped.js, ruling P11).
    "skipped_card": _("Skipped: {side}'s {card} ({slot}) could not be executed"),
    "skipped_face_down": _("face-down card"),
    "slot_2": pgettext_lazy("card queue slot", "2nd"),
    "slot_3": pgettext_lazy("card queue slot", "3rd"),
    "slot_4": pgettext_lazy("card queue slot", "4th"),
    "next_face_up": _("next card face up"),
    "next_face_down": _("next card face down"),
    "fences": _("Fences"),
    "fences_in_hand": _("{n} in hand"),
    "intrusion": _("Intrusion"),
    "intrusion_points": _("{n} / 3 points"),
    "intrusion_points_long": _("Three points win; a shielded infantry counts two"),
    "general": _("General"),
    "general_at": _("{letter} on {square}"),
    "general_captured_letter": _("{letter}, captured"),
    "general_hidden": _("hidden"),
    "general_not_chosen": _("not chosen yet"),
    # Status line.
    "status": _("Game status"),
    "phase_draft": _("Deck-building draft"),
    "phase_prepare": _("Expansion cards"),
    "phase_deployment": _("Deployment"),
    "phase_setup": _("Set-up"),
    "phase_war": _("War"),
    "phase_over": _("Game over"),
    "turn_n": _("turn {n}"),
    "ply_n": _("decision {n}"),
    "side_to_act": _("{side} to act"),
    "executing": _("Executing {card} from the {slot} slot"),
    "leader_at": _("leader on {square}"),
    "partners_at": _("partners on {squares}"),
    "stock": _("Stock"),
    "shields": _("shields"),
    "no_winner": _("No winner"),
    "outcome_line": _("Winner: {winner} ({method})"),
    "termination_general_captured": _("General captured"),
    "termination_intrusion": _("Intrusion"),
    "termination_turn_limit": _("Turn limit (non-official)"),
    # Expansion formats (docs/expansion.md).
    "clocks_stopped": _("Both clocks are stopped: choosing cards is not timed."),
    "expansion": _("Expansion"),
    "prepared_cards": _("Prepared"),
    "removed_cards": _("Removed"),
    "beside_board": _("Beside the board"),
    "beside_waiting": _("{card} waits beside the board"),
    "exchange_done": _("exchanged"),
    "general_revealed": _("The general was revealed by scouting"),
    "not_general": _("Not the general: {letters}"),
    "own_cards": _("Own deck"),
    "draft_title": _("Deck-building draft"),
    "draft_help": _(
        "Players pick alternately from the pool until the shared deck is complete; every pick "
        "is public. Both players play the same deck."
    ),
    "draft_pool": _("Pool"),
    "draft_picks": _("Picked so far"),
    "draft_free_move": _("Each player's free Move"),
    "draft_to_pick": _("{side} picks"),
    "draft_left": _("{n} left"),
    "pick_card": _("Pick {card}"),
    "pick": _("Pick"),
    "deck_title": _("Your secret deck"),
    "deck_help": _("Choose the seven cards of your own deck; the opponent does not see them."),
    "confirm_deck": _("Confirm the deck"),
    "prepare_title": _("Expansion cards"),
    "prepare_help": _(
        "Choose {n} of your expansion cards. You may exchange one of them for a card in your "
        "hand on the turn of your first intrusion."
    ),
    "prepare_cards": _("Prepare {cards}"),
    "confirm_prepare": _("Confirm the expansion cards"),
    "chosen_n": _("{n} of {total} chosen"),
    "prepare_waiting": _("{side} is choosing expansion cards."),
    "deck_waiting": _("{side} is choosing a deck."),
    "exchange_title": _("軍師の閃き: exchange a card"),
    "exchange_help": _(
        "Take one prepared card into your hand and remove one hand card from the game, or keep "
        "your hand. This is possible once per game."
    ),
    "exchange_card": _("Take {take}, remove {give}"),
    "keep_hand": _("Keep the hand"),
    "route_piece": _("Reinforcement route: {piece} on {square} facing {direction}"),
    "scout_title": _("Scouting"),
    "scout_card": _("Look at the opponent's {slot} card (伝令偵察)"),
    "scout_swift": _("Look at the opponent's Swift card (伝令偵察)"),
    "scout_general": _("Ask whether the piece on {square} is the general (将軍偵察)"),
    "swap_with": _("Swap with the piece on {square}"),
    "swap_pieces": _("Swap {a} and {b}"),
    "scout_help": _(
        "Scouting: look at one of the opponent's queued cards (2 LP), or click an opponent's "
        "piece to ask whether it is the general (5 LP)."
    ),
    "route_help": _(
        "Reinforcement route: click a highlighted square next to your infantry or "
        "archers, then choose the piece and its facing."
    ),
    "swap_help": _("Swap: click one of your pieces, then the neighbour to swap it with."),
    "crossbow_help": _(
        "Rotate/Crossbow: turn pieces as with Rotate, or shoot with the crossbow range "
        "(up to three squares ahead, or one to the left or right)."
    ),
    "light_infantry_help": _(
        "Light infantry: an infantry moves one square, or exactly two squares forward; a shield "
        "goes back to the stock."
    ),
    "rapid_fire_help": _("Rapid fire: the same archer shoots twice."),
    "rapid_move_first": _("Move to {square} first, then turn"),
    "rapid_turn_first": _("Turn to face {direction} first, then move"),
    "rapid_then_move": _("Then move to {square}"),
    "rapid_then_turn": _("Then turn to face {direction}"),
    "rapid_move_help": _(
        "Rapid move: move the piece and then turn it, or turn it first and then move it."
    ),
    # Record viewer.
    "start_position": _("Start: empty board"),
    "move_list": _("Decisions"),
    "loading": _("Loading…"),
    "load_failed": _("The game could not be loaded."),
    "position_n": _("Position after decision {n} of {total}"),
    # Move lists: past decisions in words (static/js/moves.js).
    "hist_move": _("{from} → {to}"),
    "hist_move_intrude": _("{from} → {to}, intrudes"),
    "hist_select": _("{from} leads the chain {direction}"),
    "hist_rotate": _("{from} turns {direction}"),
    "hist_shoot": _("{from} shoots at {to}"),
    "hist_fence": _("{from} places a fence on {edge}"),
    "hist_general": _("General: the piece on {square}"),
    "hist_general_secret": _("General chosen (secret)"),
    "hist_cards": _("Hand {hand}; deck {deck}"),
    "hist_cards_secret": _("Hand and deck arranged (secret)"),
    "hist_play_secret": _("A card played face down"),
    "hist_secret": _("A secret decision"),
    "hist_end": _("End of the command step"),
    "hist_dispatch": _("End of the command step with Swift Dispatch"),
    "hist_done": _("End of the chain"),
    # Live board.
    "connecting": _("Connecting…"),
    "connected": _("Connected"),
    "reconnecting": _("Connection lost. Reconnecting…"),
    "opponent_disconnected": _("Your opponent is disconnected. Their clock keeps running."),
    "player_disconnected": _("{side} is disconnected."),
    "spectating": _("You are watching this game."),
    "your_turn": _("Your turn."),
    "not_started": _("The match has not started yet."),
    "clock_paused": _("The clock is paused by the arbiter."),
    "low_time": _("Less than a minute left"),
    "critical_time": _("Less than ten seconds left"),
    "your_turn_title": _("Your turn"),
    "reviewing": _("An earlier position: after decision {n} (the game is at {total})"),
    "entry_not_legal": _("That is not one of your legal decisions now: pick one from the list."),
    "choose": _("Choose"),
    "cancel": _("Cancel"),
    "all_options": _("All legal decisions ({n})"),
    "options_for": _("Options for {square}"),
    "move_to": _("Move to {square}"),
    "move_intrude": _("Move to {square} and intrude"),
    "move_stay": _("Move to {square} and stay"),
    "select_lead": _("Lead the chain towards {direction}; partners move first"),
    "rotate_to": _("Turn to face {direction}"),
    "shoot_at": _("Shoot at {square}"),
    "fence_at": _("Fence on {edge}"),
    "deploy_piece": _("Place {piece} on {square} facing {direction}"),
    "deploy_fence": _("Place a fence on {edge}"),
    "deploy_fences_mode": _("Place a fence instead"),
    "deploy_pieces_mode": _("Place a piece instead"),
    "reinforce_piece": _("Reinforce: {piece} on {square} facing {direction}"),
    "choose_general": _("Make the piece on {square} your general"),
    "play_card": _("Play {card}"),
    "play": _("Play"),
    "end_command": _("End the command step"),
    "dispatch": _("End with 疾風伝令 (pay 6 LP: the 1st card moves to the Swift slot)"),
    "done_chain": _("End the chain"),
    "setup_title": _("Set-up: hand and deck"),
    "setup_help": _(
        "Pick the three cards of your starting hand. The other four form your deck: "
        "put them in order, top card first."
    ),
    "setup_hand": _("Hand ({n} of 3)"),
    "setup_deck": _("Deck, top first"),
    "move_up": _("Move up"),
    "move_down": _("Move down"),
    "confirm_cards": _("Confirm hand and deck"),
    "setup_general_help": _("Choose your general: click one of your pieces on the board."),
    "deploy_help": _("Deployment: click a highlighted square or edge of your camp."),
    "deploy_fences_only": _(
        "No piece can be placed any more: now place fences, on the highlighted edges of your camp."
    ),
    "deploy_fences_only_title": _("No piece can be placed any more"),
    "deploy_fences_fixed": _("Placing fences"),
    "war_command_help": _("Command step: play at least one card from your hand, then end."),
    "war_execute_help": _("Execute the card: click a highlighted piece or square."),
    "resign": _("Resign"),
    "resign_confirm": _("Resign this game? Your opponent wins."),
    "game_over": _("Game over"),
    "you_won": _("You won."),
    "you_lost": _("You lost."),
    "winner_is": _("{side} wins."),
    "method_is": _("Method: {method}"),
    "download_record": _("Download the game record"),
    "view_record": _("Step through the game"),
    # Over-the-board clock.
    "press_hint": _("Tap when your move is complete"),
    "pause": _("Pause"),
    "resume": _("Resume"),
    "paused": _("Paused"),
    "flag_fell": _("{side}'s flag fell: {side} loses on time."),
    "report_result": _("Report the result"),
    "report_winner": _("Winner"),
    "report_method": _("Method"),
    "submit_report": _("Report"),
    "confirm_report": _("Confirm this result"),
    "reported_by": _("{side} reported: {winner} wins ({method})."),
    "awaiting_side": _("Waiting for {side} to confirm."),
    "confirm_prompt": _("A result was reported: confirm it if it is right."),
    "confirm_as": _("As {side}:"),
    "report_other": _("Report a different result"),
    "choose_winner": _("— winner —"),
    "choose_method": _("— how —"),
    "disputed": _("The players reported different results: the arbiter decides."),
    "disputed_flag": _(
        "A flag fell while a result report was pending: the clock is stopped and the arbiter "
        "decides."
    ),
    "otb_waiting": _("Red presses after the first (untimed) placement to start Blue's clock."),
    "method_general_captured": _("General captured"),
    "method_intrusion": _("Intrusion"),
    "method_resignation": _("Resignation"),
    "method_timeout": _("Loss on time"),
    "method_forfeit": _("Forfeit"),
    "method_no_show": _("No-show"),
    "method_arbiter": _("Arbiter's decision"),
    "method_turn_limit": _("Turn limit (non-official)"),
}


def ui_config(**extra: Any) -> dict[str, Any]:
    """The JSON configuration every game page hands to its scripts (``#gunshi-ui``)."""
    return {
        "labels": {key: str(value) for key, value in UI_LABELS.items()},
        "geometry": board_geometry(),
        **extra,
    }


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
