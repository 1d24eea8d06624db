"""Reading bodies: whole, or bounded. One ``read(n)`` returns only what happens to be buffered, so a
body is read in a loop until its end, and never held past the limit."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

import aiohttp
from aiohttp.http_exceptions import HttpProcessingError

# What the proxy reads of the upstream's answer to its own POST (an answer to a blocked request):
# nothing in it is relayed, so only enough to see it was accepted.
SIDE_CHANNEL_BYTES = 65536


# A peer that broke off mid-body, or framed it wrongly (bad chunking, short Content-Length).
BROKEN_BODY = (aiohttp.ClientError, HttpProcessingError, ConnectionError, asyncio.IncompleteReadError)


class TooLarge(Exception):
    """The body exceeds the limit; nothing past the limit was kept."""


class _Reader(Protocol):
    async def readany(self) -> bytes: ...


async def read_whole(stream: _Reader, limit: int) -> bytes:
    """The body to its end; raises :class:`TooLarge` past ``limit`` bytes, one of ``BROKEN_BODY`` when
    the peer breaks off mid-body."""
    body = bytearray()
    while chunk := await stream.readany():
        body += chunk
        if len(body) > limit:
            raise TooLarge
    return bytes(body)


async def discard(response: aiohttp.ClientResponse, limit: int = SIDE_CHANNEL_BYTES) -> None:
    """Read and drop at most ``limit`` bytes of a response nobody will see, then let it go; a stream
    that goes on past that is closed rather than drained."""
    seen = 0
    with contextlib.suppress(*BROKEN_BODY):
        while seen <= limit and (chunk := await response.content.readany()):
            seen += len(chunk)
    if seen > limit:
        response.close()
