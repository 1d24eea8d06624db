"""Waiting for a peer process to listen: a free port, then a bounded connect retry that fails early
when the process dies (no sleeps: the process's own exit paces the retries)."""

from __future__ import annotations

import asyncio
import socket


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def accepting(port: int, proc: asyncio.subprocess.Process, wait: float, name: str = "py_server") -> None:
    """Return once 127.0.0.1:``port`` accepts; fail after ``wait`` seconds or when ``proc`` exits."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while True:
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 1.0)
        except (TimeoutError, OSError):
            assert loop.time() < deadline, f"{name} never listened on {port}"
            try:
                code = await asyncio.wait_for(proc.wait(), 0.05)  # paces the retries, catches an early exit
            except TimeoutError:
                continue
            raise AssertionError(f"{name} exited with {code}") from None
        writer.close()
        await writer.wait_closed()
        return
