"""Admin registrations (none yet)."""
