"""Post-game analysis of finished games (docs/analysis.md): a job per game record, run on the
``analysis`` Celery queue, with the win-chance graph and turning points on the record page."""
