"""Helpers of the tests and benches that start servers of their own, on loopback only."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port nobody listens on at 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
