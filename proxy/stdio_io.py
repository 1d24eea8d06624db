"""The plumbing under ``elicitguard stdio``: our standard descriptors whatever they are (pipe, socket,
regular file, tty, /dev/null, closed), the server's stderr relay, and the child's parent-death signal."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import signal
import stat
import sys
from collections.abc import Callable
from typing import Final, Protocol

from elicitguard.proxy.audit import STDERR_LOCK
from elicitguard.proxy.framing import PrefixedLines

CHUNK: Final = 1 << 16
# What each line the server writes to stderr starts with when our stderr also carries audit lines.
STDERR_PREFIX: Final = b"server: "
PR_SET_PDEATHSIG: Final = 1


def prepare_std_fds() -> None:
    """Open /dev/null on any of fds 0-2 that is closed, so a pipe to the child can never land there
    (and our stdout, the MCP channel, can never receive a stray print)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115


def pollable(fd: int) -> bool:
    """Pipes and sockets go through the event loop; epoll refuses regular files and /dev/null."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class StderrRelay:
    """The server's stderr onto ours, each line behind ``STDERR_PREFIX`` (see ``PrefixedLines``)."""

    def __init__(self) -> None:
        self.lines = PrefixedLines(STDERR_PREFIX)
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    @staticmethod
    def _emit(data: bytes) -> None:
        if data:
            with STDERR_LOCK, contextlib.suppress(OSError):
                write_all(2, data)

    def feed(self, data: bytes) -> None:
        self._emit(self.lines.feed(data))

    def eof(self) -> None:
        if not self.done.done():
            self._emit(self.lines.close())
            self.done.set_result(None)


class Process(Protocol):
    """What ``signal_group`` needs of the server process."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...


def signal_group(child: Process, sig: int) -> None:
    """``sig`` to the server's process group (the server and what it started); to the server alone
    if it left the group. Nothing if none of them is left.

    Never ``Process.send_signal``: it polls the child first, and that ``waitpid`` can reap it under
    the loop's child watcher, whose exit status becomes 255."""
    try:
        os.killpg(child.pid, sig)
    except (ProcessLookupError, PermissionError):
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(child.pid, sig)


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` that arms the Linux parent-death signal: the child gets SIGKILL when the
    proxy dies, even by SIGKILL. Everything is looked up here, so the forked child only makes two
    system calls (no allocation, no lock another thread could hold). None elsewhere.

    The kernel sends it when the *thread* that forked exits: spawn from the thread that lives as long
    as the proxy (``run_stdio`` runs the loop on the main thread)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    parent = os.getpid()
    kill = int(signal.SIGKILL)

    def arm() -> None:
        prctl(PR_SET_PDEATHSIG, kill, 0, 0, 0)
        if os.getppid() != parent:  # the proxy died before the signal was armed
            os._exit(1)

    return arm
