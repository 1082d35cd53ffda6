"""How many samples the sampling tests draw: every one in CI, a share of them everyday.

A sampling test (a hypothesis property, a sweep over seeded random games, a sampler checked over
many draws) proves more the more it draws, and costs as much. ``GUNSHI_TEST_PROFILE`` chooses:

* ``ci`` (``.ci/run`` sets it): the full numbers written in the tests, and hypothesis's ``ci``
  profile;
* ``dev`` (the default: ``make test``, ``make test-fast``, a bare ``pytest``): about a fifth of
  them, never fewer than a few, and hypothesis's ``dev`` profile (tests/conftest.py loads it).

Every assertion runs in both profiles; only the number of cases differs. A test states its full
number and passes it through ``examples`` (or ``cases`` for a list of parametrised cases), so CI
keeps the number the test was written with.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

PROFILES = ("ci", "dev")
PROFILE = os.environ.get("GUNSHI_TEST_PROFILE", "dev")
if PROFILE not in PROFILES:
    raise ValueError(f"GUNSHI_TEST_PROFILE={PROFILE!r}: one of {', '.join(PROFILES)}")
#: Whether this run draws every sample (the ``ci`` profile).
FULL = PROFILE == "ci"
#: The share of the samples the ``dev`` profile draws.
DEV_SHARE = 5
#: Hypothesis's own default number of examples, for the tests that do not set one.
HYPOTHESIS_EXAMPLES = 100


def examples(full: int, *, least: int = 3) -> int:
    """``full`` in the ``ci`` profile; otherwise a fifth of it, but at least ``least`` (and
    never more than ``full``)."""
    if FULL:
        return full
    return min(full, max(least, full // DEV_SHARE))


def cases(full: Sequence[T], *, least: int = 1) -> list[T]:
    """Every one of the parametrised ``full`` cases in the ``ci`` profile; otherwise an even
    spread of ``examples(len(full), least=least)`` of them: the first, and the last too when
    there are two or more (so a run of one case is the start of CI's run)."""
    count = examples(len(full), least=least)
    if count >= len(full):
        return list(full)
    if count == 1:
        return [full[0]]
    step = (len(full) - 1) / (count - 1)
    return [full[round(i * step)] for i in range(count)]


def in_turn(full: Sequence[T], index: int) -> list[T]:
    """Every one of ``full`` in the ``ci`` profile; otherwise only the ``index``-th (modulo its
    length), so that a parametrised test whose cases take ``index`` 0, 1, 2, … still meets each
    of ``full`` across its cases."""
    return list(full) if FULL else [full[index % len(full)]]
