"""The soak: the real proxy processes (``python -m elicitguard stdio|http``) driven as black boxes by raw,
fast peers that script mixed traffic from a seed and check every answer. See README.md here.

Nothing in this package imports the proxy: the peers speak bytes to its processes, so the proxy's
internals can change freely underneath.
"""
