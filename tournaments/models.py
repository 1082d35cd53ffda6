"""Models (none yet)."""
