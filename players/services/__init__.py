"""Every write of the players app: ``ratings`` records rated results and re-computes pools.

Callers import from the module that owns what they call; this package re-exports nothing.
"""
