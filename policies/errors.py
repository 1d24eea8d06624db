"""JSON-RPC and MCP error codes used by the proxy, by name."""

from typing import Final

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603

# MCP 2025-11-25: a request needs a URL-mode elicitation first.
URL_ELICITATION_REQUIRED: Final = -32042
# MCP 2026-07-28: the request's protocol version is not understood.
UNSUPPORTED_PROTOCOL_VERSION: Final = -32022
# MCP 2026-07-28 (Streamable HTTP): the headers disagree with the body (e.g. MCP-Protocol-Version and _meta).
HEADER_MISMATCH: Final = -32020
