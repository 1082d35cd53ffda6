"""The games the platform runs, registered in the order pages list them.

Each game lives in its own module; importing this module registers them all.
"""

from games import (
    gunshi,  # noqa: F401
    junqi,  # noqa: F401
)
