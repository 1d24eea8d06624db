"""elicitguard: a security proxy for MCP elicitation.

The installed package holds two subpackages: ``elicitguard.policies``, the pure decision core, and
``elicitguard.proxy``, the I/O layer (transports, audit log, CLI). In the source tree they live in
the top-level folders ``policies/`` and ``proxy/``; ``elicitguard/`` links to them.
"""

__version__ = "0.2.0"
