"""Demo data of the `tournaments` app: a Swiss event in progress, and an online event to play.

"Demo Online" is a one-round online event whose round 1 is published: its two players have
accounts (``demo-kenji`` and ``demo-lina``, password ``demo-player``). Each logs in (two
browsers, or one private window), follows the banner "Go to your board", presses "join";
the game starts when both have joined (or when the organiser presses "Start all waiting
games" on the round page) and is played by clicks (docs/matches.md, "Starting a game").

"Demo Swiss" has 8 players and 3 rounds, played over the board: rounds 1 and 2 are complete
and round 3 is published with its tables open, so `make dev` shows live standings, pairings
and the organiser's dashboard at once. The demo organiser (from `core.demo`) runs it; one of
the players has an account (``demo-player`` / same password as the organiser) to try result
reporting, the others act through their private links. Everything goes through the services,
as a real organiser would, so the audit log reads like a real event. Idempotent: an existing
demo event is left as it is.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.utils import timezone

from core.demo import ORGANISER_PASSWORD, ORGANISER_USERNAME
from tournaments.models import Event, Pairing
from tournaments.services.entries import entry_add, entry_check_in
from tournaments.services.events import event_create, event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

DEMO_SLUG = "demo-swiss"
ONLINE_SLUG = "demo-online"
PLAYER_USERNAME = "demo-player"
ONLINE_PASSWORD = "demo-player"
#: The online event's players: (name, account, rating).
ONLINE_PLAYERS = (("Kenji Aoki", "demo-kenji", 1700), ("Lina Park", "demo-lina", 1650))
PLAYERS = (
    ("Aoi Tanaka", 1850),
    ("Ben Carter", 1790),
    ("Chihiro Sato", 1720),
    ("Daichi Mori", 1650),
    ("Emma Laurent", 1600),
    ("Fumika Ito", 1540),
    ("Goro Yamada", 1480),
    ("Hana Kobayashi", 1410),
)


def load(*, log: Callable[[str], None]) -> None:
    """Create the demo events that are missing (idempotent)."""
    _load_swiss(log=log)
    _load_online(log=log)


def _load_online(*, log: Callable[[str], None]) -> None:
    """The online event: round 1 published, its one game waiting for its two players."""
    if not Event.objects.filter(slug=ONLINE_SLUG).exists():
        user_model = get_user_model()
        organiser = user_model.objects.get(username=ORGANISER_USERNAME)
        event = event_create(
            organiser=organiser,
            name="Demo Online",
            slug=ONLINE_SLUG,
            starts_on=timezone.localdate(),
            online=True,
            rated=True,
            time_control="10+5",
            rounds=1,
        )
        event_set_status(actor=organiser, event=event, status=Event.Status.REGISTRATION)
        for name, username, rating in ONLINE_PLAYERS:
            user, created = user_model.objects.get_or_create(username=username)
            if created:
                user.set_password(ONLINE_PASSWORD)
                user.save()
            entry = entry_add(actor=organiser, event=event, name=name, rating=rating, user=user)
            entry_check_in(actor=organiser, entry=entry)
        round_1 = round_pair(actor=organiser, event=event)
        round_publish(actor=organiser, round=round_1)
        state = "created"
    else:
        state = "ready"
    log(f"Online demo event {state}: /events/{ONLINE_SLUG}/ (round 1 published, its game waits)")
    accounts = " and ".join(repr(username) for _name, username, _rating in ONLINE_PLAYERS)
    log(
        f"Online demo players: {accounts}, password {ONLINE_PASSWORD!r}; each logs in and "
        "follows 'Go to your board', then presses join"
    )


def _load_swiss(*, log: Callable[[str], None]) -> None:
    """The over-the-board Swiss: two rounds played, round 3 published."""
    if Event.objects.filter(slug=DEMO_SLUG).exists():
        log(f"Demo event ready: /events/{DEMO_SLUG}/")
        return
    user_model = get_user_model()
    organiser = user_model.objects.get(username=ORGANISER_USERNAME)
    player, created = user_model.objects.get_or_create(username=PLAYER_USERNAME)
    if created:
        player.set_password(ORGANISER_PASSWORD)
        player.save()

    event = event_create(
        organiser=organiser,
        name="Demo Swiss",
        slug=DEMO_SLUG,
        starts_on=timezone.localdate() - dt.timedelta(days=0),
        venue="Community hall, Tokyo",
        rounds=3,
        tiebreaks=["BH-C1", "BH", "SB", "DE", "RND"],
    )
    event_set_status(actor=organiser, event=event, status=Event.Status.REGISTRATION)
    entries = [
        entry_add(
            actor=organiser,
            event=event,
            name=name,
            rating=rating,
            user=player if i == 0 else None,
        )
        for i, (name, rating) in enumerate(PLAYERS)
    ]
    for entry in entries:
        entry_check_in(actor=organiser, entry=entry)

    for _number in (1, 2):
        round_ = round_pair(actor=organiser, event=event)
        round_publish(actor=organiser, round=round_)
        pairings = Pairing.objects.filter(round=round_, blue__isnull=False)
        for k, pairing in enumerate(pairings.select_related("red", "blue")):
            if pairing.blue is None:
                continue
            # Mostly the stronger player wins; one upset per round keeps the table interesting.
            red_stronger = (pairing.red.rating or 0) >= (pairing.blue.rating or 0)
            red_wins = red_stronger != (k == 1)
            result = Pairing.Result.RED_WON if red_wins else Pairing.Result.BLUE_WON
            method = (Pairing.Method.GENERAL_CAPTURED, Pairing.Method.INTRUSION)[k % 2]
            result_set(actor=organiser, pairing=pairing, result=result, method=method)
    round_3 = round_pair(actor=organiser, event=event)
    round_publish(actor=organiser, round=round_3)

    log(f"Demo event created: /events/{DEMO_SLUG}/ (standings: /events/{DEMO_SLUG}/standings/)")
    log(f"Organiser dashboard: /events/{DEMO_SLUG}/manage/ (log in as {ORGANISER_USERNAME!r})")
    log(f"Demo player: username {PLAYER_USERNAME!r}, password {ORGANISER_PASSWORD!r}")
