"""The lines IT copies when it adds a login to the school server: the desktop's libpq
password file line (``host:port:school:login:password``) and the ``pg_hba.conf`` line that
lets the login in from one address only (``hostssl school login 192.0.2.21/32
scram-sha-256``), so a desktop's password read at that desktop is no use from elsewhere."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

import psycopg
from psycopg.conninfo import conninfo_to_dict

from i18n import N_, Message
from trainer.progress.school.server.schema import SchoolError

#: PostgreSQL's port when the URL names none.
DEFAULT_PORT = 5432
#: Where the line goes when ``--address`` was not given: IT writes the address in.
ADDRESS_TO_WRITE = "ADDRESS/32"


@dataclass(frozen=True)
class NewLogin:
    """A login just made on the school server: its name, the school (the database), the
    group role it is a member of, and its password when the server made it."""

    login: str
    school: str
    group: str
    password: str | None = None


def server_address(admin_url: str, host: str | None = None) -> tuple[str, int]:
    """The server's name and port as the desktops reach it: ``host`` if given, else the
    admin URL's host when it is a network one, else this machine's name (an admin URL
    through the local socket is used on the server itself); the URL's port or 5432."""
    try:
        parts = conninfo_to_dict(admin_url)
    except psycopg.ProgrammingError as error:  # a URL libpq cannot read
        raise SchoolError(Message.of(N_("The school server's address is not one this "
                                        "trainer reads."))) from error
    named = str(parts.get("host") or "").split(",")[0]
    port = str(parts.get("port") or "").split(",")[0]
    if host is None:
        host = named if named and not named.startswith("/") else socket.gethostname()
    return host, int(port) if port.isdigit() else DEFAULT_PORT


def hba_address(address: str | None) -> str:
    """``--address`` as ``pg_hba.conf`` wants one machine: ``192.0.2.21/32`` (IPv6:
    ``/128``); :data:`ADDRESS_TO_WRITE` when none was given."""
    if address is None:
        return ADDRESS_TO_WRITE
    try:
        found = ipaddress.ip_address(address.strip())
    except ValueError:
        raise SchoolError(Message.of(N_(
            "{address} is not an IP address: give the machine's address, such as "
            "192.168.1.21."), address=address[:80])) from None
    return f"{found}/{found.max_prefixlen}"


def pgpass_line(host: str, port: int, made: NewLogin) -> str:
    """The libpq password file line of a login whose password the server made."""
    assert made.password is not None, "only a password made here is printed"
    return f"{host}:{port}:{made.school}:{made.login}:{made.password}"


def hba_line(made: NewLogin, address: str | None) -> str:
    """The ``pg_hba.conf`` line letting ``made.login`` into its school from one address,
    over TLS, with its password."""
    return f"hostssl {made.school} {made.login} {hba_address(address)} scram-sha-256"
