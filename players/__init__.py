"""Players across events: site ratings per game and format, rating lists and player profiles.

The rating mathematics lives in the pure package ``ratings``; this app stores the ratings, keeps
them up to date as rated results are recorded or corrected, and shows them (docs/ratings.md).
"""
