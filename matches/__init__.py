"""Matches: officially clocked games between two seats, played live over WebSockets."""
