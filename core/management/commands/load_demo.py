"""`manage.py load_demo`: load the demo data of every project app (idempotent).

Hook: a project app (one that lives in this repository) contributes demo data by providing a
module `<app>/demo.py` with a function

    def load(*, log: Callable[[str], None]) -> None

that creates its demo objects if they are missing and calls `log(...)` with one line per thing a
visitor may want to know (e.g. a URL or a login). It must be idempotent: `make setup` runs
`load_demo` every time. The hooks run in `INSTALLED_APPS` order (core, tournaments, matches), all
inside one transaction, so a later app can use what an earlier one created.
"""

import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db import transaction

from config.env import BASE_DIR

DemoLoader = Callable[..., None]


def demo_modules() -> list[tuple[str, ModuleType]]:
    """Return `(app label, demo module)` for each project app that has a `demo` module."""
    base_dir = BASE_DIR.resolve()
    found = []
    for config in apps.get_app_configs():
        if not Path(config.path).resolve().is_relative_to(base_dir):
            continue  # Django's and third-party apps have no demo data of ours.
        module_name = f"{config.name}.demo"
        if importlib.util.find_spec(module_name) is None:
            continue
        found.append((config.label, importlib.import_module(module_name)))
    return found


class Command(BaseCommand):
    help = "Load the demo data of every project app (safe to run again)."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            for label, module in demo_modules():
                loader: DemoLoader = module.load
                loader(log=lambda line, label=label: self.stdout.write(f"[{label}] {line}"))
        self.stdout.write(self.style.SUCCESS("Demo data loaded."))
