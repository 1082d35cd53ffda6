"""Pure pairing algorithms: Swiss, round robin, elimination brackets and the Swiss top cut.

Nothing here touches Django or the database: every function takes plain values
(:mod:`tournaments.pairing.history`, lists of player ids) and returns plain values, and raises
:class:`~tournaments.pairing.errors.PairingError` with a stable code when it cannot. The rules
each system follows are written out in ``docs/pairing.md``.
"""
