"""The rows of the permission matrix (tests/security/test_permission_matrix.py and
test_permission_matrix_sockets.py): every state-changing endpoint and who may use it.

A ``Row`` is one HTTP endpoint (a URL name, with a ``variant`` for the actions chosen inside one
URL), the roles of ``security_world`` allowed to use it, how to build its request from the
world and, for the rows that need it, a ``setup`` that puts the world in the state the endpoint
expects. A ``SocketRow`` is one message type of the match WebSocket. The tables live apart from
the tests so that the HTTP tests (which share one world per module) and the socket tests (which
need real commits, so a world of their own) read the same rows.

One module per area of the site, each a list of rows; ``base`` holds what a row is and the
predicates that read a response, ``setups`` the states of the world the rows start from.
"""

from tests.security.matrix_rows.accounts import ACCOUNT_ROWS
from tests.security.matrix_rows.analysis import ANALYSIS_ROWS
from tests.security.matrix_rows.base import (
    Row,
    SocketRow,
    client_as,
    error_messages,
    form_data,
    is_refusal,
    redirects_to_login,
    string_cases,
    url,
)
from tests.security.matrix_rows.computer import COMPUTER_ROWS
from tests.security.matrix_rows.matches import MATCH_ROWS
from tests.security.matrix_rows.notifications import NOTIFICATION_ROWS
from tests.security.matrix_rows.play import PLAY_ROWS
from tests.security.matrix_rows.ranked import RANKED_ROWS
from tests.security.matrix_rows.read_only import READ_ONLY_ROWS
from tests.security.matrix_rows.setups import online_finished
from tests.security.matrix_rows.sockets import SOCKET_ROWS
from tests.security.matrix_rows.tournaments import TOURNAMENT_ROWS

#: Every state-changing HTTP endpoint, area by area.
HTTP_ROWS: list[Row] = [
    *ACCOUNT_ROWS,
    *TOURNAMENT_ROWS,
    *MATCH_ROWS,
    *ANALYSIS_ROWS,
    *RANKED_ROWS,
    *PLAY_ROWS,
    *NOTIFICATION_ROWS,
    *COMPUTER_ROWS,
]

__all__ = [
    "HTTP_ROWS",
    "READ_ONLY_ROWS",
    "SOCKET_ROWS",
    "Row",
    "SocketRow",
    "client_as",
    "error_messages",
    "form_data",
    "is_refusal",
    "online_finished",
    "redirects_to_login",
    "string_cases",
    "url",
]
