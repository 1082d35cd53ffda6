"""A computer opponent for 軍師軍略 and 軍棋 that plays from one seat's view only.

A pure package beside the engines (standard library, ``engine`` and ``junqi`` only). It never
receives a game state: its input is a :class:`~opponent.view.SeatView`, the views and history
lines the match protocol sends a seat. From them it samples hidden worlds that fit everything
the seat has seen (``gunshi_worlds``, ``junqi_worlds``), searches them with information-set
Monte Carlo tree search (``ismcts``) and answers a decision text (``player``). docs/opponent.md
explains the method, the levels and their measured strength.
"""
