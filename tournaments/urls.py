"""URLs under /events/: public pages, a player's own page, organiser pages, exports.

Split by audience as in Tabbycat: ``views_public`` (anyone), ``views_player`` (a player acting
for themself, by account or private link) and ``views_organiser`` (organisers, co-organisers,
arbiters). The event list is named ``event_list`` so the site navigation links to it.
"""

from django.urls import path

from tournaments import (
    exports,
    views_callup,
    views_claim,
    views_organiser,
    views_player,
    views_public,
    views_ranked,
)

app_name = "tournaments"

public = [
    path("", views_public.event_list, name="event_list"),
    path("<str:slug>/", views_public.event_detail, name="event_detail"),
    path("<str:slug>/register/", views_public.event_register, name="event_register"),
    path("<str:slug>/standings/", views_public.standings, name="standings"),
    path(
        "<str:slug>/standings/fragment/",
        views_public.standings_fragment,
        name="standings_fragment",
    ),
    path("<str:slug>/rounds/<int:number>/", views_public.round_detail, name="round_detail"),
    path(
        "<str:slug>/rounds/<int:number>/fragment/",
        views_public.round_fragment,
        name="round_fragment",
    ),
    path("<str:slug>/bracket/", views_public.bracket, name="bracket"),
    path("<str:slug>/bracket/fragment/", views_public.bracket_fragment, name="bracket_fragment"),
    path("<str:slug>/players/<int:entry_id>/", views_public.player_detail, name="player_detail"),
]

export = [
    path("<str:slug>/export/standings.csv", exports.standings_csv, name="export_standings_csv"),
    path("<str:slug>/export/standings.json", exports.standings_json, name="export_standings_json"),
    path(
        "<str:slug>/export/rounds/<int:number>.csv",
        exports.pairings_csv,
        name="export_pairings_csv",
    ),
    path(
        "<str:slug>/export/rounds/<int:number>.json",
        exports.pairings_json,
        name="export_pairings_json",
    ),
    path("<str:slug>/export/event.trf", exports.event_trf, name="export_trf"),
    path("<str:slug>/export/games.zip", exports.games_zip, name="export_games"),
]

player = [
    path("play/<str:token>/", views_player.player_token, name="player_token"),
    path("play/<str:token>/called/", views_callup.entry_calls, name="callup_entry"),
    path("play/<str:token>/claim/", views_claim.claim_entry, name="player_token_claim"),
    path("play/<str:token>/check-in/", views_player.check_in, name="player_token_check_in"),
    path("play/<str:token>/withdraw/", views_player.withdraw, name="player_token_withdraw"),
    path(
        "play/<str:token>/leave-waitlist/",
        views_player.leave_waitlist,
        name="player_token_leave_waitlist",
    ),
    path(
        "play/<str:token>/tables/<int:pairing_id>/report/",
        views_player.report,
        name="player_token_report",
    ),
    path(
        "play/<str:token>/tables/<int:pairing_id>/confirm/",
        views_player.confirm,
        name="player_token_confirm",
    ),
    path("<str:slug>/me/", views_player.player_home, name="player_home"),
    path("<str:slug>/me/check-in/", views_player.check_in, name="player_check_in"),
    path("<str:slug>/me/withdraw/", views_player.withdraw, name="player_withdraw"),
    path(
        "<str:slug>/me/leave-waitlist/", views_player.leave_waitlist, name="player_leave_waitlist"
    ),
    path(
        "<str:slug>/me/tables/<int:pairing_id>/report/",
        views_player.report,
        name="player_report",
    ),
    path(
        "<str:slug>/me/tables/<int:pairing_id>/confirm/",
        views_player.confirm,
        name="player_confirm",
    ),
]

organiser = [
    path("manage/", views_organiser.manage_list, name="manage_list"),
    path("manage/new/", views_organiser.event_create, name="event_create"),
    path("<str:slug>/manage/", views_organiser.dashboard, name="manage_event"),
    path("<str:slug>/manage/settings/", views_organiser.event_edit, name="event_edit"),
    path("<str:slug>/manage/status/", views_organiser.event_status, name="event_status"),
    path("<str:slug>/manage/roles/", views_organiser.role_add, name="role_add"),
    path("<str:slug>/manage/entries/add/", views_organiser.entry_add, name="entry_add"),
    path("<str:slug>/manage/entries/import/", views_organiser.entry_import, name="entry_import"),
    path(
        "<str:slug>/manage/entries/check-in/",
        views_organiser.entry_check_in_many,
        name="entry_check_in_many",
    ),
    path(
        "<str:slug>/manage/entries/<int:entry_id>/<str:action>/",
        views_organiser.entry_action,
        name="entry_action",
    ),
    path("<str:slug>/manage/rounds/pair/", views_organiser.round_pair, name="round_pair"),
    path(
        "<str:slug>/manage/rounds/<int:number>/",
        views_organiser.round_manage,
        name="manage_round",
    ),
    path(
        "<str:slug>/manage/rounds/<int:number>/swap/",
        views_organiser.round_swap,
        name="round_swap",
    ),
    path(
        "<str:slug>/manage/rounds/<int:number>/print/tables/",
        views_organiser.print_tables,
        name="print_tables",
    ),
    path(
        "<str:slug>/manage/rounds/<int:number>/print/names/",
        views_organiser.print_names,
        name="print_names",
    ),
    path(
        "<str:slug>/manage/rounds/<int:number>/print/slips/",
        views_organiser.print_slips,
        name="print_slips",
    ),
    path(
        "<str:slug>/manage/rounds/<int:number>/start/",
        views_organiser.round_start,
        name="round_start",
    ),
    path(
        "<str:slug>/manage/rounds/<int:number>/<str:action>/",
        views_organiser.round_action,
        name="round_action",
    ),
    path(
        "<str:slug>/manage/tables/<int:pairing_id>/result/",
        views_organiser.pairing_result,
        name="pairing_result",
    ),
]

# Ranked tables (三国盛衰記): organiser pages, a seated player's report and confirmation.
ranked = [
    path("<str:slug>/manage/ranked/", views_ranked.manage, name="ranked_manage"),
    path("<str:slug>/manage/ranked/settings/", views_ranked.settings, name="ranked_settings"),
    path("<str:slug>/manage/ranked/assign/", views_ranked.assign, name="ranked_assign"),
    path(
        "<str:slug>/manage/ranked/rounds/<int:number>/",
        views_ranked.round_manage,
        name="ranked_round",
    ),
    path(
        "<str:slug>/manage/ranked/rounds/<int:number>/<str:action>/",
        views_ranked.round_action,
        name="ranked_round_action",
    ),
    path(
        "<str:slug>/manage/ranked/tables/<int:table_id>/result/",
        views_ranked.table_result,
        name="ranked_table_result",
    ),
    path(
        "<str:slug>/manage/ranked/tables/<int:table_id>/details/",
        views_ranked.table_details,
        name="ranked_table_details",
    ),
    path(
        "<str:slug>/me/ranked/<int:table_id>/report/",
        views_ranked.player_report,
        name="ranked_player_report",
    ),
    path(
        "<str:slug>/me/ranked/<int:table_id>/confirm/",
        views_ranked.player_confirm,
        name="ranked_player_confirm",
    ),
]
ranked_token = [
    path(
        "play/<str:token>/ranked/<int:table_id>/report/",
        views_ranked.player_report,
        name="ranked_token_report",
    ),
    path(
        "play/<str:token>/ranked/<int:table_id>/confirm/",
        views_ranked.player_confirm,
        name="ranked_token_confirm",
    ),
]

# Fixed prefixes ("manage/", "play/") come before the "<slug>/" patterns that would catch them.
urlpatterns = (
    organiser[:2]
    + player[:5]
    + ranked_token
    + ranked
    + public
    + export
    + player[5:]
    + organiser[2:]
)
