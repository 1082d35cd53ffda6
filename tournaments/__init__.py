"""Tournaments: events, entries, rounds, pairings and standings.

`tournaments.pairing` and `tournaments.standings` are pure algorithms on plain values (no Django);
the rest of the app stores and serves them.
"""
