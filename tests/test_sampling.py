"""The sampling profiles (tests/sampling.py): CI draws every sample, everyday runs a spread."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from types import ModuleType

import pytest

from tests import sampling


def _profile(monkeypatch: pytest.MonkeyPatch, name: str) -> ModuleType:
    monkeypatch.setenv("GUNSHI_TEST_PROFILE", name)
    return importlib.reload(sampling)


@pytest.fixture(autouse=True)
def _restore(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Reload the module under the run's own profile afterwards (this fixture's teardown runs
    before monkeypatch undoes the test's variable, so it sets the run's value itself)."""
    run_profile = os.environ.get("GUNSHI_TEST_PROFILE")
    yield
    if run_profile is None:
        monkeypatch.delenv("GUNSHI_TEST_PROFILE", raising=False)
    else:
        monkeypatch.setenv("GUNSHI_TEST_PROFILE", run_profile)
    importlib.reload(sampling)


def test_ci_draws_every_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    ci = _profile(monkeypatch, "ci")
    assert ci.FULL
    assert [ci.examples(n) for n in (1, 6, 60, 300)] == [1, 6, 60, 300]
    assert ci.cases(range(12), least=3) == list(range(12))
    assert [ci.in_turn("abc", i) for i in range(4)] == [list("abc")] * 4


def test_dev_draws_a_fifth_but_never_too_few(monkeypatch: pytest.MonkeyPatch) -> None:
    dev = _profile(monkeypatch, "dev")
    assert not dev.FULL
    assert [dev.examples(n) for n in (1, 6, 60, 300)] == [1, 3, 12, 60]
    assert dev.examples(10, least=1) == 2


def test_dev_spreads_its_cases_from_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    dev = _profile(monkeypatch, "dev")
    assert dev.cases(range(12), least=3) == [0, 6, 11]
    assert dev.cases(range(3)) == [0]  # a run of one case is how CI's run starts
    assert dev.cases([7, 8]) == [7]
    assert [dev.in_turn("abc", i) for i in range(4)] == [["a"], ["b"], ["c"], ["a"]]


def test_the_default_is_dev_and_an_unknown_profile_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("GUNSHI_TEST_PROFILE", raising=False)
    assert not importlib.reload(sampling).FULL
    monkeypatch.setenv("GUNSHI_TEST_PROFILE", "quick")
    with pytest.raises(ValueError, match="GUNSHI_TEST_PROFILE='quick'"):
        importlib.reload(sampling)
