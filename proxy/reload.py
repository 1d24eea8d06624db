"""Reloading the config without a restart: on SIGHUP, and (``reload.watch: true``) when the file changes.

The file is validated by the code ``elicitguard check`` runs (``preflight.validate``: the whole file,
every per-server merge, and what would fail at start); a file it refuses changes nothing: the old
policy stays, stderr says why and the audit gets ``config.rejected``. A good file is swapped in whole
(the transport reads it per message, so each session uses it from its next message on) and audited
``config.reloaded`` with the old and new ``policy_version``.

Some keys cannot change in a running process (the address it listens on, its upstreams, the audit
file...: ``FIXED``). A reload that changes one applies everything else; the running value of that key
stays, and the key is named as not applied (stderr and the ``not_applied`` field of the audit record).
A restart applies it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from elicitguard.policies.config import Config, ConfigError, HttpSettings
from elicitguard.policies.effective import digest
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.oplog import LOG, OpLog
from elicitguard.proxy.preflight import validate

# Keys no reload changes (key as written in the file -> Config attribute), in every mode.
FIXED: Final = {
    "audit.path": "audit_path",
    "audit.hmac_key_file": "audit_hmac_key_file",
    "audit.max_repeats": "audit_max_repeats",
    "limits.max_message_bytes": "max_message_bytes",  # the framers and the HTTP app are sized at start
    "admin.listen": "admin_listen",
    "reload.watch": "reload_watch",
    "reload.interval": "reload_interval",
    # The guards (and the HTTP routes' sealers) are built with them at start.
    "mrtr.state_key_file": "mrtr_state_key_file",
    "mrtr.max_rounds": "mrtr_max_rounds",
}
# Also fixed in http mode: the listener, the upstream connections and the routes.
FIXED_HTTP: Final = {"listen": "listen", "upstream": "upstream",
                     # the listener's connection cap and body budget are sized at start
                     "limits.max_connections": "max_connections", "limits.max_buffered_bytes": "max_buffered_bytes"}
FIXED_HTTP_SETTINGS: Final = ("connect_timeout", "read_timeout", "tls_verify", "ca_bundle", "session_idle_timeout")
MAX_PROBLEMS: Final = 20  # listed in one config.rejected record


class Rejected(Exception):
    """A file this process cannot run on (beyond what ``check`` refuses)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def _keep(old: Config, new: Config, fields: dict[str, str]) -> tuple[dict[str, Any], list[str]]:
    kept = {attr: getattr(old, attr) for attr in fields.values()}
    changed = [key for key, attr in fields.items() if getattr(old, attr) != getattr(new, attr)]
    return kept, changed


def settle_stdio(old: Config, new: Config, name_given: str | None) -> tuple[Config, list[str]]:
    """The config a stdio proxy runs on after a reload, and the keys not applied. ``--name`` must
    still be under ``servers:`` (else the file is rejected, as it would be at start)."""
    if name_given is not None and name_given not in new.servers:
        raise Rejected([f"--name {name_given}: servers.{name_given} is not in the new file; "
                        "a stdio proxy started with --name keeps that entry"])
    kept, changed = _keep(old, new, FIXED)
    return replace(new, **kept), changed


def settle_http(old: Config, new: Config) -> tuple[Config, list[str]]:
    """The config an http proxy runs on after a reload, and the keys not applied. The routes stay as
    they started: a server added is not served until a restart, one removed keeps its old policy,
    and no upstream changes."""
    kept, changed = _keep(old, new, {**FIXED, **FIXED_HTTP})
    http_kept = {attr: getattr(old.http, attr) for attr in FIXED_HTTP_SETTINGS}
    changed += [f"http.{attr}" for attr in FIXED_HTTP_SETTINGS if getattr(old.http, attr) != getattr(new.http, attr)]
    servers = {}
    for name, entry in old.servers.items():
        fresh = new.servers.get(name)
        if fresh is None:
            changed.append(f"servers.{name} (removed)")
            servers[name] = entry
            continue
        if fresh.upstream != entry.upstream:
            changed.append(f"servers.{name}.upstream")
        servers[name] = replace(fresh, upstream=entry.upstream)
    changed += [f"servers.{name} (added)" for name in new.servers if name not in old.servers]
    http: HttpSettings = replace(new.http, **http_kept)
    return replace(new, servers=servers, http=http, **kept), changed


Settle = Callable[[Config, Config], tuple[Config, list[str]]]


@dataclass(frozen=True)
class Result:
    applied: bool
    config: Config  # the config in force afterwards
    not_applied: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()


class Reloader:
    """Re-reads ``path``, validates it, and hands a good config to ``apply`` (on the event loop, between
    two messages of every session). One reload at a time; SIGHUPs that arrive during one are
    folded into one more."""

    def __init__(self, path: str | None, current: Config, audit: AuditLog, settle: Settle,
                 apply: Callable[[Config], None], *, on_result: Callable[[Result], None] | None = None,
                 log: OpLog = LOG) -> None:
        self.path = path
        self.current = current
        self.audit = audit
        self.settle = settle
        self.apply = apply
        self.on_result = on_result
        self.log = log
        self._lock: asyncio.Lock | None = None
        self._tasks: set[asyncio.Task[Result]] = set()
        self._seen: str | None = None  # the hash of the file as last read by watch()

    def trigger(self, why: str = "SIGHUP") -> None:
        """Start a reload from a signal handler (which cannot await)."""
        task = asyncio.get_running_loop().create_task(self.reload(why))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def reload(self, why: str = "SIGHUP") -> Result:
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            return self._finish(why, await self._attempt())

    async def _attempt(self) -> Result:
        old = self.current
        if self.path is None:
            return Result(False, old, problems=("no config file was given at start (built-in defaults): "
                                                "nothing to reload",))
        try:
            # Reading and compiling a large policy is not free: off the loop, so traffic goes on.
            new, findings = await asyncio.get_running_loop().run_in_executor(None, validate, self.path)
        except ConfigError as exc:
            return Result(False, old, problems=tuple(exc.problems))
        except Exception as exc:  # noqa: BLE001 - fail closed: whatever went wrong, the running policy stays
            return Result(False, old, problems=(f"{self.path}: could not be checked ({type(exc).__name__})",))
        if findings.errors:
            return Result(False, old, problems=tuple(findings.errors))
        try:
            settled, not_applied = self.settle(old, new)
        except Rejected as exc:
            return Result(False, old, problems=tuple(exc.problems))
        for warning in findings.warnings:
            self.log.warning(warning)
        return Result(True, settled, tuple(not_applied))

    def _finish(self, why: str, result: Result) -> Result:
        old = self.current
        if not result.applied:
            problems = list(result.problems[:MAX_PROBLEMS])
            self.log.error("config reload rejected; the running policy stays", trigger=why,
                           policy_version=old.version)
            for problem in problems:
                self.log.error(problem)
            # The messages ``check`` prints: file, line, key and what is wrong; never the file's content.
            self.audit.event("config.rejected", decision="deny", trigger=why, source=self.path, problems=problems)
        else:
            new = result.config
            self.current = new
            self.apply(new)
            self.audit.policy_version = new.version
            self.log.configure(new.log_level, new.log_format)
            self.audit.event("config.reloaded", trigger=why, source=self.path, old_policy_version=old.version,
                             policy_version=new.version, not_applied=list(result.not_applied))
            self.log.info("config reloaded", trigger=why, old_policy_version=old.version,
                          policy_version=new.version)
            for key in result.not_applied:
                self.log.warning(f"{key} changed but cannot change in a running process: not applied "
                                 "(the running value stays until a restart)")
        if self.on_result is not None:
            self.on_result(result)
        return result

    # ---- reload.watch --------------------------------------------------------------------------------------

    def _fingerprint(self) -> str | None:
        """The file's ``policy_version``, or None when it cannot be read (a replace in progress)."""
        assert self.path is not None
        try:
            with open(self.path, "rb") as handle:
                return digest(handle.read())
        except OSError:
            return None

    async def watch(self, interval: float) -> None:
        """Reload when the file's content changes (``reload.watch``): looked at every ``interval``
        seconds, by size and mtime first (cheap), by content once those moved and then held still for
        one interval. A file that changed and was rejected is not tried again until it changes again."""
        if self.path is None:
            return
        loop = asyncio.get_running_loop()
        self._seen = await loop.run_in_executor(None, self._fingerprint)
        last = _stat(self.path)
        moved = False
        while True:
            await asyncio.sleep(interval)
            now = _stat(self.path)
            if now != last:
                # Still being written, perhaps (``cat new > file`` truncates first): a prefix of a
                # file is often valid and says less. Read it once it held still for one interval.
                last, moved = now, True
                continue
            if not moved:
                continue
            moved = False
            version = await loop.run_in_executor(None, self._fingerprint)
            if version is None or version in (self._seen, self.current.version):
                continue  # unreadable for now, tried already, or already in force (a SIGHUP read it)
            self._seen = version
            await self.reload("file changed")

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def _stat(path: str) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)  # follows symlinks: a Kubernetes ConfigMap swaps one
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns
