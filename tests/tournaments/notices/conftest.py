"""The notice tests use the call tests' events (two accounts, and a player of a private link)."""

from tests.tournaments.callup.conftest import make_online_event  # noqa: F401 - shared fixture
