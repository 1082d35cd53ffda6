"""What the 軍棋 (Junqi) live board page needs from the server: its template and its labels.

The page (templates/matches/match_board_junqi.html, static/js/junqi_live.js) draws the view
that the match socket sends (``junqi.observe`` inside the match view, docs/protocol.md §2); it
never imports the engine. Every string its scripts show is translated here, keyed by the
scripts' names (``static/js/i18n.js`` ``t``); ``{name}`` marks a placeholder.
"""

from __future__ import annotations

from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

#: The live board template of each game whose board is not 軍師軍略's.
BOARD_TEMPLATES: Final = {"junqi": "matches/match_board_junqi.html"}
#: The step-through record viewer of each game whose board is not 軍師軍略's (the same
#: viewer, static/js/replay.js, with the game's board: static/js/junqi_replay.js).
RECORD_TEMPLATES: Final = {"junqi": "matches/record_detail_junqi.html"}

JUNQI_LABELS: Final[dict[str, Promise]] = {
    # Piece names (RULES.md §1.2), by the codes of §10.2.
    "jq_piece_9": pgettext_lazy("junqi piece", "Marshal"),
    "jq_piece_8": pgettext_lazy("junqi piece", "General"),
    "jq_piece_7": pgettext_lazy("junqi piece", "Division commander"),
    "jq_piece_6": pgettext_lazy("junqi piece", "Brigade commander"),
    "jq_piece_5": pgettext_lazy("junqi piece", "Regiment commander"),
    "jq_piece_4": pgettext_lazy("junqi piece", "Battalion commander"),
    "jq_piece_3": pgettext_lazy("junqi piece", "Company commander"),
    "jq_piece_2": pgettext_lazy("junqi piece", "Platoon leader"),
    "jq_piece_1": pgettext_lazy("junqi piece", "Engineer"),
    "jq_piece_B": pgettext_lazy("junqi piece", "Bomb"),
    "jq_piece_M": pgettext_lazy("junqi piece", "Landmine"),
    "jq_piece_F": pgettext_lazy("junqi piece", "Flag"),
    "jq_piece_unknown": _("Enemy piece"),
    # The short name under each piece's glyph (in Japanese the rank's two-character name).
    "jq_short_9": pgettext_lazy("junqi short name: marshal", "Marshal"),
    "jq_short_8": pgettext_lazy("junqi short name: general", "General"),
    "jq_short_7": pgettext_lazy("junqi short name: division commander", "Division"),
    "jq_short_6": pgettext_lazy("junqi short name: brigade commander", "Brigade"),
    "jq_short_5": pgettext_lazy("junqi short name: regiment commander", "Regiment"),
    "jq_short_4": pgettext_lazy("junqi short name: battalion commander", "Battalion"),
    "jq_short_3": pgettext_lazy("junqi short name: company commander", "Company"),
    "jq_short_2": pgettext_lazy("junqi short name: platoon leader", "Platoon"),
    "jq_short_1": pgettext_lazy("junqi short name: engineer", "Engineer"),
    "jq_short_B": pgettext_lazy("junqi short name: bomb", "Bomb"),
    "jq_short_M": pgettext_lazy("junqi short name: landmine", "Mine"),
    "jq_short_F": pgettext_lazy("junqi short name: flag", "Flag"),
    # Stations (§2.3).
    "jq_station_post": _("Post"),
    "jq_station_camp": _("Camp"),
    "jq_station_hq": _("Headquarters"),
    "jq_station_title": _("{station}: {kind}"),
    "jq_board_label": _("Junqi board"),
    "jq_mountain": _("Mountain"),
    # Set-up (§3).
    "jq_setup_title": _("Set up your pieces"),
    "jq_setup_help": _(
        "Choose a piece below and click one of your stations, or drag it there. "
        "Click two of your pieces (or drag one onto another) to swap them."
    ),
    "jq_setup_random": _("Random set-up"),
    "jq_setup_clear": _("Clear"),
    "jq_setup_submit": _("Submit set-up"),
    "jq_setup_left": _("{n} left"),
    "jq_setup_missing": _("{n} pieces still to place."),
    "jq_setup_flag": _("The flag must stand on one of your two headquarters."),
    "jq_setup_mine": _("Landmines may stand only on your two back rows."),
    "jq_setup_bomb": _("A bomb may not stand on your front row."),
    "jq_setup_ready": _("Your set-up is legal: submit it when you are ready."),
    "jq_setup_waiting": _("Set-up submitted. Waiting for the opponent…"),
    "jq_setup_opponent_done": _("Your opponent has submitted their set-up."),
    "jq_setup_opponent_pending": _("Your opponent is still setting up."),
    "jq_setup_countdown": _("Set-up time left: {time}"),
    "jq_setup_spectator": _("The players are setting up their pieces."),
    # Play (§5, §6).
    "jq_your_move": _("Your move: click one of your pieces, then a highlighted station."),
    "jq_their_move": _("Waiting for the opponent's move."),
    "jq_last_move": _("Last move: {move}"),
    "jq_outcome_>": _("The attacker won."),
    "jq_outcome_<": _("The defender won."),
    "jq_outcome_=": _("Both pieces were removed."),
    "jq_outcome_#": _("The flag was taken."),
    "jq_event_reveal": _("The flag was revealed on {station}."),
    "jq_removed": _("Removed: {n}"),
    "jq_removed_title": _("Removed pieces"),
    "jq_hist_setup": _("{side} submitted a set-up"),
    "jq_hist_move": _("{from} → {to}"),
    "jq_hist_attack": _("{from} attacks {to}"),
    "jq_offer_draw": _("Offer a draw"),
    "jq_accept_draw": _("Accept the draw"),
    "jq_decline_draw": _("Decline"),
    "jq_draw_offered_you": _("Your opponent offers a draw."),
    "jq_draw_offered_them": _("You offered a draw."),
    # How a game ended (§7.6).
    "jq_term_FLAG": _("Flag captured"),
    "jq_term_NO_MOVE": _("No legal move"),
    "jq_term_RESIGN": _("Resignation"),
    "jq_term_TIME": _("Loss on time"),
    "jq_term_SETUP_TIMEOUT": _("No set-up in time"),
    "jq_term_DRAW_NO_COMBAT": _("Draw: no combat for too long"),
    "jq_term_DRAW_AGREED": _("Draw by agreement"),
    "jq_term_DRAW_NO_MOVE_BOTH": _("Draw: neither side can move"),
    "jq_term_ARBITER": _("Arbiter's decision"),
    "jq_draw": _("The game is drawn."),
    "jq_reveal": _("All pieces are revealed."),
}
