"""``elicitguard demo``'s own peers: a misbehaving MCP server and a scripted client, in raw JSON-RPC.

Shipped in the package so the demo needs nothing else installed; the scenarios are in ``scenarios``.
"""
