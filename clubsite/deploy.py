"""Deployment helpers read by the settings: the secret key file, the SQLite file, allowed hosts, the
client address.

Kept out of ``settings.py`` so they can be tested as plain functions.

>>> allowed_hosts("127.0.0.1", "", lan=["192.168.1.5"])
['localhost', '127.0.0.1', '[::1]']
>>> allowed_hosts("0.0.0.0", "club.example.jp", lan=["192.168.1.5"], hostname="mahjong")
['localhost', '127.0.0.1', '[::1]', 'club.example.jp', '192.168.1.5', 'mahjong', 'mahjong.local']
"""

from __future__ import annotations

import fcntl
import ipaddress
import os
import re
import secrets
import socket
import struct
from pathlib import Path

LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
WILDCARD_BINDS = {"0.0.0.0", "::", "[::]", ""}


def secret_key(path: Path, environ: dict | None = None) -> str:
    """``DJANGO_SECRET_KEY`` if set, else the key kept in ``path`` (created, mode 0600, on first use).

    The file is git-ignored, so a fresh clone never shares a key with anyone else's install.
    """
    environ = os.environ if environ is None else environ
    if environ.get("DJANGO_SECRET_KEY"):
        return environ["DJANGO_SECRET_KEY"]
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if len(key) >= 50:
            return key
        raise RuntimeError(f"{path} holds no usable secret key: delete it to have a new one made")
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return key


def private_sqlite(path: Path) -> Path:
    """The SQLite database file at ``path``, readable by its owner only, like the secret key and the
    backups: created empty with mode 0600 before Django first connects (SQLite gives its ``-wal`` and
    ``-shm`` files the database file's permissions), and group and other permissions taken away from
    a database (and ``-wal``/``-shm``) an older version left readable. A missing folder is left for
    SQLite to report."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except (FileExistsError, FileNotFoundError):
        pass
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            mode = os.stat(name).st_mode
            if mode & 0o077:
                os.chmod(name, mode & 0o700)
        except OSError:  # absent, or not ours to change
            pass
    return path


# where Linux lists the network interfaces; a bridge, VPN or container's (docker0, tun0, wg0) under
# devices/virtual, a network card's (wired or wireless) under its bus
SYS_NET = Path("/sys/class/net")
HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?")


def lan_addresses(environ: dict | None = None) -> list[str]:
    """This machine's IPv4 addresses other than loopback, read from the network interfaces (no
    traffic is sent), a network card's before a virtual interface's; first the one ``CLUB_LAN_ADDRESS``
    names, if set (a typo stops the start). Empty when they cannot be read."""
    chosen = (os.environ if environ is None else environ).get("CLUB_LAN_ADDRESS", "").strip()
    if chosen and not HOST_NAME.fullmatch(chosen):
        raise ValueError(f"CLUB_LAN_ADDRESS: {chosen!r} is not an address or a host name "
                         "(e.g. 192.168.1.20 or clubpc.local, without http:// or a port)")
    found: dict[str, str] = {chosen: ""} if chosen else {}  # address -> its interface
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        names = []
    siocgifaddr = 0x8915  # Linux ioctl: the interface's IPv4 address
    for name in names:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                packed = fcntl.ioctl(s.fileno(), siocgifaddr, struct.pack("256s", name[:15].encode()))
            addr = socket.inet_ntoa(packed[20:24])
        except OSError:
            continue
        if not ipaddress.ip_address(addr).is_loopback:
            found.setdefault(addr, name)
    if not found:
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                addr = info[4][0]
                if not ipaddress.ip_address(addr).is_loopback:
                    found.setdefault(addr, "")
        except OSError:
            pass
    return sorted(found, key=lambda addr: "/devices/virtual/" in os.path.realpath(SYS_NET / found[addr]))


def allowed_hosts(bind: str, extra: str, *, lan: list[str] | None = None,
                  hostname: str | None = None) -> list[str]:
    """Host names the app answers to: loopback always, ``extra`` (comma-separated, from
    ``DJANGO_ALLOWED_HOSTS``), and when bound to every interface (``0.0.0.0``) the machine's LAN
    addresses and host name (``name`` and ``name.local``), so phones on the club's network get in."""
    hosts = list(LOOPBACK_HOSTS)
    hosts += [h.strip() for h in extra.split(",") if h.strip()]
    if bind in WILDCARD_BINDS:
        hosts += lan_addresses() if lan is None else lan
        name = socket.gethostname() if hostname is None else hostname
        if name and name != "localhost":
            hosts += [name, f"{name}.local"]
    elif bind not in hosts:
        hosts.append(bind)
    return list(dict.fromkeys(hosts))


def trusted_proxies(text: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """The reverse proxies in front of the app (``CLUB_TRUSTED_PROXIES``: addresses or networks,
    comma-separated); only their ``X-Real-IP`` names the client. A typo stops the start.

    >>> trusted_proxies("127.0.0.1, ::1,10.0.0.0/24")
    (IPv4Network('127.0.0.1/32'), IPv6Network('::1/128'), IPv4Network('10.0.0.0/24'))
    >>> trusted_proxies("")
    ()
    """
    networks = []
    for part in text.split(","):
        if part.strip():
            try:
                networks.append(ipaddress.ip_network(part.strip(), strict=False))
            except ValueError:
                raise ValueError(f"CLUB_TRUSTED_PROXIES: {part.strip()!r} is not an address or a network "
                                 "(e.g. 127.0.0.1 or 10.0.0.0/24)") from None
    return tuple(networks)


def _is_trusted(addr: str | None, proxies) -> bool:
    try:
        ip = ipaddress.ip_address(addr or "")
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)  # ::ffff:127.0.0.1 on a dual-stack socket
    return any(ip in net or (mapped is not None and mapped in net) for net in proxies)


def client_ip(request) -> str | None:
    """The client's address for login throttling: the socket's ``REMOTE_ADDR``, except when that is
    one of the reverse proxies of ``settings.CLUB_TRUSTED_PROXIES`` (which overwrite the header):
    then the client its ``X-Real-IP`` names. Anybody else's ``X-Real-IP`` is ignored, and
    ``X-Forwarded-For`` always. Independent of ``CLUB_HTTPS``."""
    from django.conf import settings

    remote = request.META.get("REMOTE_ADDR")
    real = request.META.get("HTTP_X_REAL_IP", "").strip()
    if real and _is_trusted(remote, getattr(settings, "CLUB_TRUSTED_PROXIES", ())):
        try:
            return str(ipaddress.ip_address(real))
        except ValueError:
            return remote
    return remote


def without_traceback(record) -> bool:
    """A logging filter: the record as its one line. For a request refused for its Host header (a
    probe, or a phone using a name the club did not list), whose traceback says nothing more and
    would let a prober fill the log."""
    record.exc_info = record.exc_text = None
    return True


__all__ = ["LOOPBACK_HOSTS", "allowed_hosts", "client_ip", "lan_addresses", "private_sqlite", "secret_key",
           "trusted_proxies", "without_traceback"]
