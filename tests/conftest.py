"""Project-wide fixtures. Areas add their own in `tests/<area>/conftest.py`.

Django is imported inside the fixtures, not at module level, so that the pure-module tests
(tests/engine, tests/clock, ...) never depend on it being importable.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from django.contrib.auth.models import User

TEST_SETTINGS = "config.settings.test"
TEST_PASSWORD = "test-password-123"
CHROMIUM = "/usr/bin/chromium"
# Flags for Debian's Chromium on a closed network (no background connections, no sandbox as root).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run the suite on anything but the test settings; load the hypothesis profile
    of ``GUNSHI_TEST_PROFILE`` (tests/sampling.py)."""
    module = os.environ.get("DJANGO_SETTINGS_MODULE")
    if module not in (None, TEST_SETTINGS):
        raise pytest.UsageError(
            f"DJANGO_SETTINGS_MODULE={module!r}: the suite runs on {TEST_SETTINGS!r} only "
            "(unset the variable; DATABASE_URL and REDIS_URL select the services)."
        )
    _load_hypothesis_profile()
    config.pluginmanager.register(ServerTestsFirst(), "gunshi-server-tests-first")


def _load_hypothesis_profile() -> None:
    """``ci``: hypothesis's default number of examples for the properties that set none;
    ``dev``: a share of it. A property that sets its own number passes it through
    ``tests.sampling.examples``, which follows the same profile. Neither has a per-example
    deadline: on a shared machine an example's time says nothing about what a property checks."""
    from hypothesis import settings

    from tests import sampling

    settings.register_profile("ci", max_examples=sampling.HYPOTHESIS_EXAMPLES, deadline=None)
    settings.register_profile(
        "dev", max_examples=sampling.examples(sampling.HYPOTHESIS_EXAMPLES), deadline=None
    )
    settings.load_profile(sampling.PROFILE)


# ------------------------------------------------------------------------ marks by fixture

#: Fixtures that open a browser or start a live server: a test using one is a browser test.
BROWSER_FIXTURES = frozenset({"browser", "page", "new_page", "live_asgi", "match_server"})
#: Marks of the tests that start server processes of their own (`make test-fast` leaves them
#: out). Only such a test may ask `tests.live_server.free_port` for a port.
SERVER_MARKS = frozenset({"e2e", "multiprocess", "faults"})
#: The xdist groups of the tests that start and kill private servers and bound how fast those
#: answer: one worker runs each group's tests one after another, so at most two such tests run
#: at once (one per group), and neither has less than a core's share, as beside a browser test.
#: Every server, port and Redis of theirs is private, so two of different groups never touch
#: each other's processes. Two groups rather than one keep the two workers busy about equally
#: on PostgreSQL, where the fault tests (several minutes in all) run as well.
PRIVATE_SERVERS_GROUPS = {"faults": "private-servers-faults", "multiprocess": "private-servers"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that uses a browser fixture `e2e`, so that none can forget it, and send
    the `faults` tests to one xdist worker and the other `multiprocess` tests to one worker
    (`--dist loadgroup`: each group runs on one worker, one test after another)."""
    for item in items:
        if BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)
        for mark, group in PRIVATE_SERVERS_GROUPS.items():
            if item.get_closest_marker(mark):
                item.add_marker(pytest.mark.xdist_group(group))
                break


class ServerTestsFirst:
    """Run the tests that start servers (browser, multi-process and fault tests) first.

    pytest-django orders the collection as Django does: database tests, then transactional ones,
    then the tests that use no database, which is where every browser test falls (its server
    has a database of its own). The slowest tests of the suite, 30 to 60 s each, were then the
    last ones xdist handed out, and one worker could wait a minute for the other. Handed out
    first, they run beside each other and the many short tests even out the end. Their order
    among themselves, and the order of the rest, is kept; a browser test touches no database of
    the test process, so moving it before the database tests changes nothing it sees.
    """

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        def starts_servers(item: pytest.Item) -> bool:
            return any(item.get_closest_marker(mark) for mark in SERVER_MARKS)

        items.sort(key=lambda item: not starts_servers(item))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Close the shared Chromium; remove the live servers' migrated template database of this
    process (or xdist worker)."""
    from tests import live_server

    _chromium.close()
    live_server.remove_migrated_template()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """Let `free_port` hand out ports only while a test marked for it sets up and runs; close
    the worker's shared Chromium before a test that does not use it (``_WorkerChromium``)."""
    from tests import live_server

    live_server.servers_allowed = any(item.get_closest_marker(mark) for mark in SERVER_MARKS)
    if "browser" not in getattr(item, "fixturenames", ()):
        _chromium.close()
    return (yield)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Tell the ``browser`` fixture, before it is torn down, whether the next test uses the
    shared Chromium: if not, the fixture closes it. After the last test of the run the
    teardown goes on to the session's test database, which Django refuses to drop beside
    Playwright's running event loop."""
    _chromium.wanted_next = nextitem is not None and "browser" in getattr(
        nextitem, "fixturenames", ()
    )


@pytest.fixture
def password() -> str:
    """The password of the `user` and `organiser` fixtures."""
    return TEST_PASSWORD


@pytest.fixture
def user(db: None, django_user_model: type[User]) -> User:
    """A plain registered player."""
    return django_user_model.objects.create_user(
        username="player", email="player@example.org", password=TEST_PASSWORD
    )


@pytest.fixture
def organiser(db: None, django_user_model: type[User]) -> User:
    """A plain account that organises events, like the demo organiser (no site-wide rights)."""
    return django_user_model.objects.create_user(
        username="organiser-fixture", email="organiser@example.org", password=TEST_PASSWORD
    )


# ------------------------------------------------------------------------ browser (e2e)


class _WorkerChromium:
    """One Chromium per test process, kept open across consecutive browser tests.

    Launching Chromium costs about a second of CPU (its browser, GPU and utility processes), and
    the suite has about a hundred browser tests, which the xdist scheduler hands to a worker
    mostly one after another. Each test still gets fresh contexts (own cookies and storage):
    the ``browser`` fixture closes whatever contexts a test leaves open.

    Playwright's synchronous API runs an event loop of its own, and while it is started no other
    test may run one (``asyncio.run``: "Cannot run the event loop while another loop is
    running"), nor may Django drop a test database. So the ``browser`` fixture closes it after a
    test when the next test does not use it (``pytest_runtest_teardown`` says so) or when the
    test used pytest-django's database; ``pytest_runtest_setup`` closes it too before a test
    that does not use it, in case a browser test ended without its fixture's teardown.
    """

    def __init__(self) -> None:
        self._playwright: Any = None
        self._browser: Any = None
        #: Whether the next test uses the browser (set by ``pytest_runtest_teardown``).
        self.wanted_next = False

    def get(self) -> Any:
        if self._browser is None or not self._browser.is_connected():
            self.close()
            from playwright.sync_api import sync_playwright

            self._playwright = sync_playwright().start()
            self._browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS
            )
        return self._browser

    def close(self) -> None:
        browser, playwright = self._browser, self._playwright
        self._browser = self._playwright = None
        try:
            if browser is not None and browser.is_connected():
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()


_chromium = _WorkerChromium()


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright (never a downloaded browser), shared with
    the browser tests that run next on this worker (``_WorkerChromium``); the contexts a test
    opens are closed after it.

    Skips when /usr/bin/chromium is missing, unless `GUNSHI_REQUIRE_E2E=1` (set by .ci/run, which
    installs Chromium), where a missing browser is an error instead.
    """
    if shutil.which(CHROMIUM) is None:
        if os.environ.get("GUNSHI_REQUIRE_E2E") == "1":
            pytest.fail(f"{CHROMIUM} is missing (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    instance = _chromium.get()
    try:
        yield instance
    finally:
        for context in list(instance.contexts):
            context.close()
        # A test database is torn down after this fixture, by Django code that refuses to run
        # beside a running event loop (Playwright's).
        if not _chromium.wanted_next or _uses_test_database(request):
            _chromium.close()


def _uses_test_database(request: pytest.FixtureRequest) -> bool:
    """Whether the test uses pytest-django's test database (which a browser test does only
    through pytest-django's own ``live_server``)."""
    database_fixtures = {"db", "transactional_db", "live_server", "django_db_reset_sequences"}
    return bool(
        request.node.get_closest_marker("django_db")
        or database_fixtures.intersection(request.fixturenames)
    )


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser page (own cookies) that prefers English unless a test says otherwise."""
    context = browser.new_context(locale="en-US")
    try:
        yield context.new_page()
    finally:
        context.close()
