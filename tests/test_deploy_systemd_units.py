"""deploy/systemd/: a unit for every process of docs/production.md, each restarted whatever ends
it, running exactly the production commands, and valid for ``systemd-analyze verify``."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from deploy.local_stack import asgi_command

UNITS = Path(__file__).resolve().parent.parent / "deploy" / "systemd"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "production.md"
INSTALLED_VENV = "/srv/gunshi/app/.venv/bin/"


def _setting(unit: str, key: str) -> list[str]:
    return re.findall(rf"^{key}=(.*)$", (UNITS / unit).read_text(), flags=re.MULTILINE)


def _command(unit: str) -> list[str]:
    (line,) = _setting(unit, "ExecStart")
    return shlex.split(line.replace(INSTALLED_VENV, ""))


def test_every_process_has_a_unit_that_always_restarts() -> None:
    services = sorted(path.name for path in UNITS.glob("*.service"))
    assert services == [
        "gunshi-analysis-worker.service",
        "gunshi-asgi@.service",
        "gunshi-bot.service",
        "gunshi-worker.service",
    ]
    for unit in services:
        assert _setting(unit, "Restart") == ["always"], unit
        assert _setting(unit, "StartLimitIntervalSec") == ["0"], unit
        assert _setting(unit, "Environment") == [
            "DJANGO_SETTINGS_MODULE=config.settings.production"
        ]
        assert _setting(unit, "WantedBy") == ["gunshi.target"], unit
    target = (UNITS / "gunshi.target").read_text()
    assert "Wants=gunshi-worker.service gunshi-analysis-worker.service gunshi-bot.service" in target


def test_the_units_run_the_documented_production_commands() -> None:
    expected_asgi = [Path(part).name if part.endswith("uvicorn") else part
                     for part in asgi_command("uvicorn", 0)]  # fmt: skip
    assert _command("gunshi-asgi@.service") == [
        "%i" if part == "0" else part for part in expected_asgi
    ]
    assert _command("gunshi-worker.service") == shlex.split(
        "celery -A config worker -l info -P threads -c 4"
    )
    assert _command("gunshi-analysis-worker.service") == shlex.split(
        "celery -A config worker -Q analysis -l info -P solo -c 1"
    )
    bot = "celery -A config worker -Q bot -n bot@%h -l info -P prefork -c 2"
    assert _command("gunshi-bot.service") == shlex.split(bot.replace("%h", "%%h"))
    docs = DOCS.read_text()
    assert "`celery -A config worker -l info -P threads -c 4`" in docs
    assert "`celery -A config worker -Q analysis -l info -P solo -c 1`" in docs
    assert f"`{bot}`" in docs
    units = (
        "gunshi-asgi@.service",
        "gunshi-worker.service",
        "gunshi-analysis-worker.service",
        "gunshi-bot.service",
    )
    for unit in (*units, "gunshi.target"):
        assert f"deploy/systemd/{unit}" in docs, unit


def test_the_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    bin_dir = Path(shutil.which("celery") or "").parent
    if not (bin_dir / "uvicorn").exists():
        pytest.skip("the virtual environment's uvicorn and celery are needed")
    for unit in UNITS.iterdir():
        text = unit.read_text().replace(INSTALLED_VENV, f"{bin_dir}/")
        name = unit.name.replace("@.", "@8001.")
        (tmp_path / name).write_text(text)
    result = subprocess.run(
        [analyze, "verify", "--man=no", *sorted(str(p) for p in tmp_path.iterdir())],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    problems = [line for line in result.stderr.splitlines() if str(tmp_path) in line]
    assert result.returncode == 0, result.stderr
    assert not problems, result.stderr
