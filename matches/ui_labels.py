"""Every string the game pages' scripts show, translated here and handed to them as JSON.

The scripts (``static/js/``) contain no text of their own: :data:`UI_LABELS` holds each string
under the scripts' name for it, and :func:`ui_config` is the JSON every game page hands its
scripts (``#gunshi-ui``), the labels in the page's language beside the board geometry.
"""

from __future__ import annotations

from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.gunshi_rules import board_geometry

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
