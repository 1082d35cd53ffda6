"""Settings modules: `base` (shared, environment-driven), `local`, `test` and `production`."""
