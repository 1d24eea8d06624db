"""One module per ``elicitguard`` subcommand; each offers ``register(sub)`` and sets its handler.

``proxy.cli`` only assembles the parser. Shared here: exit codes, ``--config`` and its loading.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, NoReturn

from elicitguard.policies.config import Config, ConfigError, Policy, UnknownServer, load_config

if TYPE_CHECKING:
    from elicitguard.proxy.audit import AuditLog

EXIT_OK = 0
EXIT_DENY = 1
EXIT_USAGE = 2


def add_config(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="YAML policy (default: $ELICITGUARD_CONFIG, else built-in defaults)")


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    print(f"elicitguard: {message}", file=sys.stderr)
    raise SystemExit(code)


def config_path(path: str | None) -> str | None:
    return path or os.environ.get("ELICITGUARD_CONFIG") or None


def load(path: str | None) -> Config:
    """The config named by ``--config`` or ``$ELICITGUARD_CONFIG``; exit 2 listing every problem."""
    try:
        return load_config(config_path(path))
    except ConfigError as exc:
        print("elicitguard: invalid config:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE) from None


def server_policy(config: Config, name: str | None) -> Policy:
    """Server ``name``'s effective policy (None: the global one); exit 2 for a name not under servers:."""
    try:
        return config.policy_for(name)
    except UnknownServer as exc:
        fail(f"--name: {exc}")


def open_audit(config: Config, server: str | None = None) -> AuditLog:
    """The audit log the config names (``{server}`` and ``{pid}`` filled in), keyed when
    ``audit.hmac_key_file`` is set; exit 2 when either cannot be used."""
    from elicitguard.proxy.audit import AuditLog, expand_path, load_key

    key = None
    if config.audit_hmac_key_file is not None:
        try:
            key = load_key(config.audit_hmac_key_file)
        except (OSError, ValueError) as exc:
            fail(f"cannot use audit.hmac_key_file {config.audit_hmac_key_file!r}: {getattr(exc, 'strerror', None) or exc}")
    path = expand_path(config.audit_path, server)
    # Bound before the log opens, so its first record (audit.opened) carries the version too.
    AuditLog.bind(policy_version=config.version)
    try:
        return AuditLog(path, key=key, max_repeats=config.audit_max_repeats)
    except OSError as exc:
        fail(f"cannot open audit log {path!r}: {exc.strerror or exc}")
