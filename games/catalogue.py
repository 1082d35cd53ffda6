"""The games the platform runs, registered in the order pages list them.

Each game lives in its own module; importing this module registers them all. The import
order is the page order, so the imports are not sorted.
"""

# isort: skip_file
from games import gunshi  # noqa: F401
from games import junqi  # noqa: F401
from games import strategem  # noqa: F401
from games import banjo_yuki  # noqa: F401
from games import sangoku  # noqa: F401  (last: multi-player ranked tables)
