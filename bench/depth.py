"""Run a timed request at one of several Python call depths, round by round.

On CPython 3.11 a request's time depends on how deep in the Python stack it starts. The interpreter
keeps frames in 16 KiB chunks; a call that crosses a chunk's end maps a new chunk and unmaps it
when it returns (CPython gh-142183; 3.13 and 3.14 now keep one chunk in reserve, 3.11 does not).
A template loop that sits on that edge makes thousands of mmap/munmap pairs. On this machine the
same hanchan page after a restart took 17 ms at one depth and 38 ms at another, and that is why
two processes measuring the same page could disagree by up to 2×.

The benches run round ``r`` at depth ``DEPTHS[r % len(DEPTHS)]`` (the trivial view too). Medians
then cover every position against a chunk's edge and no longer the one accident of a process.
Use a multiple of ``len(DEPTHS)`` rounds. The steps of 8 small frames (about 1 KiB) span one chunk.

To count the pairs in a running server (Linux): ``strace -f -p PID -e trace=mmap,munmap``, and look
for ``mmap(NULL, 16384``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

DEPTHS = tuple(range(0, 128, 8))


def at_depth(depth: int, call: Callable[[], T]) -> T:
    """``call()`` made ``depth`` Python frames deeper than this one."""
    return call() if depth <= 0 else at_depth(depth - 1, call)


def for_round(rnd: int) -> int:
    """The depth of round ``rnd``."""
    return DEPTHS[rnd % len(DEPTHS)]
