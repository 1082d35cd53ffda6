"""Project-level checks: settings, URLs, migrations, ASGI routing, Celery, demo data."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

BASE_DIR = Path(__file__).resolve().parent.parent


def test_system_checks_pass() -> None:
    call_command("check", fail_level="WARNING")


@pytest.mark.django_db
def test_no_model_change_is_missing_a_migration() -> None:
    call_command("makemigrations", check=True, dry_run=True, verbosity=0)


@pytest.mark.django_db
def test_home_page_renders(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert "home.html" in [t.name for t in response.templates]
    assert b'href="/static/css/site.css"' in response.content


def test_daphne_is_installed_first_so_runserver_serves_asgi() -> None:
    assert settings.INSTALLED_APPS[0] == "daphne"
    assert settings.ASGI_APPLICATION == "config.asgi.application"


# ----------------------------------------------------------------------- settings from env

SETTINGS_PROBE = """
import json
import django
from django.conf import settings
django.setup()
print(json.dumps({
    "debug": settings.DEBUG,
    "db_engine": settings.DATABASES["default"]["ENGINE"],
    "db_name": str(settings.DATABASES["default"]["NAME"]),
    "db_host": settings.DATABASES["default"].get("HOST", ""),
    "channel_layer": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "cache": settings.CACHES["default"]["BACKEND"],
    "broker": settings.CELERY_BROKER_URL,
    "result_backend": settings.CELERY_RESULT_BACKEND,
    "always_eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "secret_key": settings.SECRET_KEY,
    "password_hasher": settings.PASSWORD_HASHERS[0],
}))
"""


def probe_settings(module: str, **env: str) -> dict[str, object]:
    """Load a settings module in a fresh interpreter with exactly the given variables."""
    clean = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"}
        and not key.startswith("DJANGO_")
    }
    clean |= {"DJANGO_SETTINGS_MODULE": module, "DJANGO_READ_DOT_ENV_FILE": "false", **env}
    result = subprocess.run(
        [sys.executable, "-c", SETTINGS_PROBE],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    values: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return values


def test_embedded_default_needs_no_server() -> None:
    values = probe_settings("config.settings.local")
    assert values["debug"] is True
    assert values["db_engine"] == "django.db.backends.sqlite3"
    assert values["db_name"] == str(BASE_DIR / "db.sqlite3")
    assert values["channel_layer"] == "channels.layers.InMemoryChannelLayer"
    assert values["cache"] == "django.core.cache.backends.locmem.LocMemCache"
    # A broker without a server: files in a folder the server and the bot worker share.
    assert values["broker"] == "filesystem://"
    assert values["always_eager"] is False
    assert "insecure" in str(values["secret_key"])
    assert values["password_hasher"] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_the_browser_tests_servers_may_hash_passwords_fast() -> None:
    values = probe_settings("config.settings.local", DJANGO_FAST_PASSWORD_HASHER="true")
    assert values["password_hasher"] == "django.contrib.auth.hashers.MD5PasswordHasher"


def test_database_url_and_redis_url_select_the_services() -> None:
    values = probe_settings(
        "config.settings.local",
        DATABASE_URL="postgres://gunshi@db.invalid:5432/gunshi",
        REDIS_URL="redis://cache.invalid:6379/2",
    )
    assert values["db_engine"] == "django.db.backends.postgresql"
    assert values["db_name"] == "gunshi"
    assert values["db_host"] == "db.invalid"
    assert values["channel_layer"] == "matches.channel_layer.PipelinedPubSubChannelLayer"
    assert values["cache"] == "django.core.cache.backends.redis.RedisCache"
    assert values["broker"] == "redis://cache.invalid:6379/2"
    assert values["result_backend"] == "redis://cache.invalid:6379/2"


def test_production_refuses_to_start_without_a_secret_key() -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_READ_DOT_ENV_FILE": "false",
        "DATABASE_URL": "postgres://gunshi@db.invalid/gunshi",
        "REDIS_URL": "redis://cache.invalid:6379/0",
        "DJANGO_ALLOWED_HOSTS": "gunshi.example.org",
    }
    result = subprocess.run(
        [sys.executable, "-c", SETTINGS_PROBE],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_settings_pass_the_deployment_checklist() -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_READ_DOT_ENV_FILE": "false",
        "DJANGO_SECRET_KEY": "a-long-random-production-secret-" + "x7Qp2Lr9Zk4Wm8Vn" * 3,
        "DJANGO_ALLOWED_HOSTS": "gunshi.example.org",
        "DATABASE_URL": "postgres://gunshi@db.invalid/gunshi",
        "REDIS_URL": "redis://cache.invalid:6379/0",
        # Both are per-domain decisions, off by default; a site that takes them passes cleanly.
        "DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
        "DJANGO_SECURE_HSTS_PRELOAD": "true",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


# ------------------------------------------------------------------------------ ASGI


@pytest.mark.django_db(transaction=True)
async def test_asgi_application_serves_the_home_page() -> None:
    from channels.testing import HttpCommunicator

    from config.asgi import application

    communicator = HttpCommunicator(
        application, "GET", "/", headers=[(b"accept-language", b"en"), (b"host", b"testserver")]
    )
    response = await communicator.get_response(timeout=10)
    assert response["status"] == 200
    assert b"<title>Gunshi Tournament</title>" in response["body"]


def test_asgi_application_routes_http_and_websockets() -> None:
    from channels.routing import ProtocolTypeRouter

    from config.asgi import application
    from matches.routing import websocket_urlpatterns

    assert isinstance(application, ProtocolTypeRouter)
    assert set(application.application_mapping) == {"http", "websocket"}
    assert isinstance(websocket_urlpatterns, list)


# ---------------------------------------------------------------------------- Celery


def test_celery_app_reads_the_django_settings() -> None:
    from config import celery_app

    assert celery_app.main == "gunshi"
    assert celery_app.conf.broker_url == settings.CELERY_BROKER_URL
    assert celery_app.conf.task_always_eager is True  # test settings run tasks in-process


def test_celery_runs_a_task_in_process() -> None:
    from config import celery_app

    @celery_app.task(name="tests.add")  # type: ignore[untyped-decorator]
    def add(x: int, y: int) -> int:
        return x + y

    assert add.delay(2, 3).get(timeout=5) == 5


# ------------------------------------------------------------- channel layer and cache


async def test_channel_layer_delivers_group_messages() -> None:
    """In-memory by default; channels_redis when REDIS_URL is set (the second CI pass)."""
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    assert layer is not None
    channel = await layer.new_channel()
    await layer.group_add("project-check", channel)
    try:
        await layer.group_send("project-check", {"type": "project.ping", "ply": 7})
        assert await layer.receive(channel) == {"type": "project.ping", "ply": 7}
    finally:
        await layer.group_discard("project-check", channel)


def test_cache_round_trip() -> None:
    from django.core.cache import cache

    cache.set("project-check", {"ply": 7}, timeout=30)
    try:
        assert cache.get("project-check") == {"ply": 7}
    finally:
        cache.delete("project-check")
