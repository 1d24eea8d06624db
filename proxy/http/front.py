"""The raw relay's front: which handler serves a request line, with aiohttp's routing rules (``/mcp``,
``/NAME/mcp``, ``/sse``, ``/NAME/sse``, ``/_legacy/TOKEN``), Host and Origin checked before anything."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from urllib.parse import unquote

from aiohttp import web

from elicitguard.proxy.http.app import HttpProxy
from elicitguard.proxy.http.h1 import RawRequest

_Handler = Callable[[RawRequest], Awaitable[web.StreamResponse]]


class Front:
    """Routes raw requests to the same handlers the aiohttp application uses."""

    def __init__(self, proxy: HttpProxy) -> None:
        self.proxy = proxy
        self._mcp: dict[str, _Handler] = {"POST": proxy.handle_post, "GET": proxy.handle_get,
                                          "DELETE": proxy.handle_delete}

    async def __call__(self, request: RawRequest) -> web.StreamResponse:
        handler = self._resolve(request)
        return await self.proxy.guard_middleware(request, handler)

    def _resolve(self, request: RawRequest) -> _Handler:
        path = request.path if "%" not in request.path else unquote(request.path)
        method = request.method
        parts = path.split("/")
        # ["", "mcp"] or ["", NAME, "mcp"]; the same for "sse"
        if len(parts) in (2, 3) and parts[0] == "" and all(parts[1:]):
            if len(parts) == 3:
                request.match_info["server"] = parts[1]
            if parts[-1] == "mcp":
                return self._mcp.get(method) or _not_allowed("DELETE, GET, POST")
            if parts[-1] == "sse":
                return self.proxy.handle_legacy_sse if method == "GET" else _not_allowed("GET")
            if len(parts) == 3 and parts[1] == "_legacy":
                request.match_info.clear()
                request.match_info["token"] = parts[2]
                return self.proxy.handle_legacy_post if method == "POST" else _not_allowed("POST")
        return _not_found


async def _not_found(_request: RawRequest) -> web.StreamResponse:
    return web.Response(status=404, text="404: Not Found")


def _not_allowed(allow: str) -> _Handler:
    async def handler(_request: RawRequest) -> web.StreamResponse:
        return web.Response(status=405, text="405: Method Not Allowed", headers={"Allow": allow})
    return handler
