"""The one environment reader of the project.

Every setting that differs between machines comes from the process environment through `env`.
A `.env` file in the project root (see `.env.example`) is read first when it exists, unless
`DJANGO_READ_DOT_ENV_FILE=false`; variables already set in the environment win over the file.
"""

from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

if env.bool("DJANGO_READ_DOT_ENV_FILE", default=True) and (BASE_DIR / ".env").is_file():
    env.read_env(BASE_DIR / ".env", overwrite=False)
