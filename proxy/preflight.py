"""What would fail, or be unsafe, when the proxy starts: checked by ``elicitguard check`` and at start.

The config loader checks the file itself; this looks at the world around it (files the config
names, the address it listens on), which the pure core must not touch.
"""

from __future__ import annotations

import ipaddress
import os
import re
import ssl
from dataclasses import dataclass, field

from elicitguard.policies.config import Config


@dataclass
class Findings:
    errors: list[str] = field(default_factory=list)  # the proxy would fail to start
    warnings: list[str] = field(default_factory=list)  # it would start, but look at this


def is_loopback(host: str) -> bool:
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def check_ca_bundle(config: Config, out: Findings) -> None:
    bundle = config.http.ca_bundle
    if bundle is None or not config.http.tls_verify:
        return
    try:
        ssl.create_default_context(cafile=bundle)
    except (OSError, ssl.SSLError) as exc:
        out.errors.append(f"http.ca_bundle: cannot load {bundle!r}: {getattr(exc, 'strerror', None) or exc}")


def check_audit_path(config: Config, out: Findings) -> None:
    """The audit file must be appendable (checked without creating it)."""
    path = config.audit_path
    if path == "-":
        return
    # Placeholders ({server}, {pid}) are filled at start: check the file as if they were.
    concrete = re.sub(r"\{[a-z_]*\}", "x", path)
    if os.path.isdir(concrete):
        out.errors.append(f"audit.path: {path!r} is a directory")
    elif os.path.exists(concrete):
        if not os.access(concrete, os.W_OK):
            out.errors.append(f"audit.path: {path!r} is not writable")
    else:
        parent = os.path.dirname(concrete) or "."
        if not os.path.isdir(parent):
            out.errors.append(f"audit.path: the directory {parent!r} does not exist")
        elif not os.access(parent, os.W_OK | os.X_OK):
            out.errors.append(f"audit.path: cannot create a file in {parent!r} (not writable)")


def servers_without_upstream(config: Config, upstream: str | None) -> list[str]:
    return [name for name, entry in config.servers.items() if not (entry.upstream or upstream)]


def check_listen(config: Config, host: str, out: Findings) -> None:
    if not is_loopback(host) and not config.http.allowed_hosts:
        out.warnings.append(f"listening on {host}, beyond loopback, without http.allowed_hosts: only requests "
                            "whose Host header is a loopback name or this address are accepted; list the names "
                            "clients use in http.allowed_hosts")


def check_admin(config: Config, out: Findings, listen: str | None = None) -> None:
    """admin.listen is never the proxy's own address (``listen``: --listen, else the config's)."""
    listen = listen or config.listen
    if config.admin_listen is not None and config.admin_listen == listen and not listen.endswith(":0"):
        out.errors.append(f"admin.listen: {config.admin_listen} is also the proxy's listen address; "
                          "the admin listener needs a port of its own")
    if config.admin_listen is not None and not is_loopback(config.admin_listen.rpartition(":")[0]):
        out.warnings.append(f"admin.listen {config.admin_listen} is beyond loopback: /metrics, /healthz and "
                            "/readyz have no authentication; keep that port off any network clients reach")


def uses_model(config: Config) -> bool:
    """Whether any policy (the global one, a server's) scores forms with the credential model."""
    return any(p.form.block_credentials and p.form.classifier
               for p in (config.policy, *(entry.policy for entry in config.servers.values())))


def check_model(config: Config, out: Findings) -> None:
    """The credential model a policy uses must load: never start (nor reload) without it, which would
    refuse every form as an internal error, or score with a model cut short."""
    if not uses_model(config):
        return
    from elicitguard.policies import classifier

    try:
        classifier.model()
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        out.errors.append(f"policy.form.classifier: cannot load the credential model {str(classifier.MODEL)!r}: "
                          f"{getattr(exc, 'strerror', None) or exc} (reinstall elicitguard, or set "
                          "policy.form.classifier: false)")


def preflight(config: Config) -> Findings:
    """Everything ``elicitguard check`` reports beyond the file's own validity."""
    out = Findings(warnings=list(config.warnings))
    check_model(config, out)
    check_ca_bundle(config, out)
    check_audit_path(config, out)
    for name in servers_without_upstream(config, config.upstream):
        out.warnings.append(f"servers.{name} has no upstream and there is no global upstream: "
                            "http mode would refuse to start (stdio --name is fine)")
    check_listen(config, config.listen.rpartition(":")[0], out)
    check_admin(config, out)
    return out


def validate(path: str | None) -> tuple[Config, Findings]:
    """What ``elicitguard check`` does to a file: load and compile it (every per-server merge
    included; ConfigError when it is invalid), then look at the world around it. A reload uses
    this too, so a file ``check`` refuses is never swapped in."""
    from elicitguard.policies.config import load_config

    config = load_config(path)
    return config, preflight(config)
