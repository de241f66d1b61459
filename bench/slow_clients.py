"""Slow clients ("slowloris") against a running server, on loopback only: does a normal request still
get an answer while other connections trickle their headers in, one line a second?

    make run                                                  # the app alone, on 127.0.0.1:8000
    .venv/bin/python bench/slow_clients.py --port 8000 --connections 24
    .venv/bin/python bench/slow_clients.py --port 80 --connections 1500   # behind nginx (README)

It opens ``--connections`` sockets to 127.0.0.1 (``--host`` is only the Host header, as a phone on the
club's LAN sends it), starts a request on each and sends one more header line a second for
``--seconds``. Meanwhile it makes five normal requests, one every three seconds, and prints how long
each took (or that it timed out after ``--timeout``), then how many trickling sends the server
refused because it had closed the connection. Exit 1 when a normal request got no answer.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import sys
import threading
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1", help="the Host header (the connection is to loopback)")
    parser.add_argument("--connections", type=int, default=24)
    parser.add_argument("--seconds", type=int, default=25, help="how long the connections trickle")
    parser.add_argument("--timeout", type=float, default=20.0, help="a normal request's wait")
    parser.add_argument("--path", default="/accounts/login/")
    args = parser.parse_args()
    if not 1 <= args.connections <= 5000 or not 1 <= args.seconds <= 120:
        parser.error("at most 5000 connections for at most 120 seconds")

    slow = []
    for _ in range(args.connections):
        sock = socket.create_connection(("127.0.0.1", args.port))
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {args.host}\r\n".encode())
        slow.append(sock)
    refused = 0

    def trickle() -> None:
        nonlocal refused
        for _ in range(args.seconds):
            for sock in slow:
                try:
                    sock.sendall(b"X-a: b\r\n")
                except OSError:
                    refused += 1
            time.sleep(1)

    threading.Thread(target=trickle, daemon=True).start()
    time.sleep(2)
    answered = 0
    for n in range(5):
        conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=args.timeout)
        start = time.perf_counter()
        try:
            conn.request("GET", args.path, headers={"Host": args.host})
            response = conn.getresponse()
            response.read()
            print(f"normal request {n + 1}: {response.status} in {time.perf_counter() - start:.3f} s", flush=True)
            answered += 1
        except OSError as exc:
            print(f"normal request {n + 1}: no answer ({exc}) after {time.perf_counter() - start:.1f} s", flush=True)
        finally:
            conn.close()
        time.sleep(3)
    print(f"{args.connections} trickling connections; sends refused because the server had closed them: {refused}")
    for sock in slow:
        sock.close()
    return 0 if answered == 5 else 1


if __name__ == "__main__":
    sys.exit(main())
