"""Project maintenance scripts (run as `python -m scripts.<name>`)."""
