"""Views (none yet)."""
