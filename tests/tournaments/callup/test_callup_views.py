"""The call banner: on every page of a signed-in player and of a private entry link, and as the
fragment an open page refetches when nudged. It shows only the viewer's own calls and never
another seat's private link."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match
from matches.services.lifecycle import match_join, match_start
from matches.services.otb import otb_report_result
from tests.tournaments.ranked.conftest import claim_for
from tournaments.models import Entry, Event, GameTable, Pairing
from tournaments.services import ranked_results, ranked_tables
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_report
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _client(user: Any = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def published(make_online_event: Any) -> dict[str, Any]:
    """Round 1 of an online event published: kenji and lina (accounts), Mio (private link)."""
    event = make_online_event(walk_in=True, rounds=2)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    pairing = Pairing.objects.select_related("red__user", "blue__user").get(
        round=round_, blue__isnull=False
    )
    return {"event": event, "pairing": pairing, "match": Match.objects.get(pk=pairing.match_id)}


def test_every_page_of_a_player_carries_the_call_banner_and_its_socket(
    published: dict[str, Any],
) -> None:
    player = published["pairing"].red
    assert player.user is not None or published["pairing"].blue.user is not None
    user = player.user or published["pairing"].blue.user
    page = _client(user).get(reverse("tournaments:event_list")).content.decode()
    assert 'id="callup"' in page
    assert 'data-socket="/ws/me/"' in page
    assert f'data-fragment="{reverse("callup_user")}"' in page
    assert "js/callup.js" in page
    assert 'id="live-game-banner"' in page
    assert "Your game is ready" in page  # the call's title, for the tab


def test_a_visitor_gets_no_socket_and_no_fragment(published: dict[str, Any]) -> None:
    page = _client().get(reverse("tournaments:event_list")).content.decode()
    assert 'id="callup"' not in page
    assert "js/callup.js" not in page
    assert _client().get(reverse("callup_user")).status_code == 403
    missing = reverse("tournaments:callup_entry", kwargs={"token": "no-such-link"})
    assert _client().get(missing).status_code == 404


def test_the_fragment_leaves_out_the_game_on_its_own_board(published: dict[str, Any]) -> None:
    match = published["match"]
    user = published["pairing"].red.user or published["pairing"].blue.user
    url = reverse("callup_user")
    board = reverse("matches:match_board", args=[match.pk])
    elsewhere = _client(user).get(url, {"path": "/events/"})
    assert elsewhere["Cache-Control"].startswith("max-age=0")
    assert f'data-call-match="{match.pk}"' in elsewhere.content.decode()
    on_board = _client(user).get(url, {"path": board}).content.decode()
    assert f'data-call-match="{match.pk}"' not in on_board


def test_the_call_key_changes_when_the_opponent_joins_and_when_the_game_starts(
    published: dict[str, Any],
) -> None:
    pairing, match = published["pairing"], published["match"]
    entries = {"red": pairing.red, "blue": pairing.blue}
    seat, entry = next((s, e) for s, e in entries.items() if e.user_id is not None)
    other = "blue" if seat == "red" else "red"

    def key() -> str:
        html = _client(entry.user).get(reverse("callup_user")).content.decode()
        return html.split('data-call="', 1)[1].split('"', 1)[0]

    assert key() == f"match:{match.pk}:pending"
    match_join(match_id=match.pk, seat=other, actor=entries[other].user)
    assert key() == f"match:{match.pk}:joined"
    html = _client(entry.user).get(reverse("callup_user")).content.decode()
    assert "is at the board" in html
    match_join(match_id=match.pk, seat=seat, actor=entry.user)
    assert key() == f"match:{match.pk}:running"


def test_a_private_link_page_is_called_with_its_own_seat_link_only(
    published: dict[str, Any],
) -> None:
    event = published["event"]
    mio = Entry.objects.get(event=event, name="Mio")
    pairing, match = published["pairing"], published["match"]
    page = _client().get(reverse("tournaments:player_token", kwargs={"token": mio.token}))
    html = page.content.decode()
    assert f'data-socket="/ws/play/{mio.token}/"' in html
    fragment = _client().get(reverse("tournaments:callup_entry", kwargs={"token": mio.token}))
    text = fragment.content.decode()
    if mio.pk in (pairing.red_id, pairing.blue_id):
        mine, theirs = (
            (match.red_token, match.blue_token)
            if pairing.red_id == mio.pk
            else (match.blue_token, match.red_token)
        )
        assert f"token={mine}" in text
        assert theirs not in text
        assert theirs not in html
    else:  # Mio has the bye: no game call, and nobody's seat link
        assert match.red_token not in text
        assert match.blue_token not in text


def test_a_result_to_confirm_is_called_on_the_opponents_pages(make_online_event: Any) -> None:
    event = make_online_event(online=False)
    event_set_status(actor=event.organiser, event=event, status=Event.Status.RUNNING)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    pairing = Pairing.objects.select_related("red__user", "blue__user").get(round=round_)
    result_report(entry=pairing.red, pairing=pairing, result="red_won")
    blue_page = _client(pairing.blue.user).get(reverse("callup_user")).content.decode()
    assert f'data-call="confirm:{pairing.pk}"' in blue_page
    assert "Please confirm it." in blue_page
    red_page = _client(pairing.red.user).get(reverse("callup_user")).content.decode()
    assert "confirm:" not in red_page  # the reporter has nothing to confirm


def test_ranked_table_calls_follow_the_table(ranked_event: Any, add_players: Any) -> None:
    add_players(ranked_event, 6)
    host = ranked_event.organiser
    event_set_status(actor=host, event=ranked_event, status=Event.Status.RUNNING)
    round_ = ranked_tables.tables_assign(actor=host, event=ranked_event)
    ranked_tables.tables_publish(actor=host, round=round_)
    table = GameTable.objects.filter(round=round_).order_by("number").first()
    assert table is not None
    seated = list(Entry.objects.filter(table_seats__table=table).order_by("pk"))

    def calls_of(entry: Entry) -> str:
        url = reverse("tournaments:callup_entry", kwargs={"token": entry.token})
        return _client().get(url).content.decode()

    assert f'data-call="table_ready:{table.pk}"' in calls_of(seated[0])
    ranked_tables.tables_start_session(actor=host, round=round_)
    assert f'data-call="table_running:{table.pk}"' in calls_of(seated[0])
    ranked_results.table_result_report(entry=seated[0], table=table, seats=claim_for(table))
    assert f'data-call="table_confirm:{table.pk}"' in calls_of(seated[1])
    assert "table_confirm" not in calls_of(seated[0])


@pytest.mark.parametrize("game", ["gunshi", "junqi"])
def test_both_boards_have_the_next_game_link_for_callup_to_show(
    make_online_event: Any, game: str
) -> None:
    event = make_online_event(game=game)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    pairing = Pairing.objects.select_related("red__user").get(round=round_)
    board = reverse("matches:match_board", args=[pairing.match_id])
    html = _client(pairing.red.user).get(board).content.decode()
    assert 'id="next-game"' in html
    assert "Next game" in html
    assert 'id="callup"' in html  # the board listens for the player's calls too


def test_a_ranked_private_link_page_listens_for_its_entry(
    ranked_event: Any, add_players: Any
) -> None:
    players = add_players(ranked_event, 6)
    round_ = ranked_tables.tables_assign(actor=ranked_event.organiser, event=ranked_event)
    ranked_tables.tables_publish(actor=ranked_event.organiser, round=round_)
    page = _client().get(reverse("tournaments:player_token", kwargs={"token": players[0].token}))
    html = page.content.decode()
    assert f'data-socket="/ws/play/{players[0].token}/"' in html
    assert "table_ready:" in html


def test_an_over_the_board_report_calls_the_opponent_to_confirm_it(
    make_online_event: Any, nudged: list[set[str]], django_capture_on_commit_callbacks: Any
) -> None:
    from matches.callup import user_group

    event = make_online_event(online=False)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    pairing = Pairing.objects.select_related("red__user", "blue__user").get(round=round_)
    match_start(match_id=pairing.match_id, actor=event.organiser)
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        otb_report_result(
            match_id=pairing.match_id,
            seat="red",
            winner="red",
            method="resignation",
            actor=pairing.red.user,
        )
    assert {user_group(pairing.red.user_id), user_group(pairing.blue.user_id)} <= set().union(
        *nudged
    )
    blue = _client(pairing.blue.user).get(reverse("callup_user")).content.decode()
    assert f'data-call="match:{pairing.match_id}:confirm"' in blue
    assert "Please confirm it on your table" in blue
    red = _client(pairing.red.user).get(reverse("callup_user")).content.decode()
    assert f'data-call="match:{pairing.match_id}:running"' in red  # the reporter waits
