"""elicitguard's I/O layer: transports, the CLI and the audit log. Decisions come from ``policies``."""
