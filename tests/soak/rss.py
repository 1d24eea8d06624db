"""The proxy's resident memory over a run, sampled from /proc, and whether it stayed flat."""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

MIB: Final = 1024 * 1024
INTERVAL: Final = 0.05  # seconds between samples (reading /proc/PID/status costs tens of microseconds)
# "Flat": over the second half of the run, the level of the RSS rises by less than GROWTH_BYTES, or by
# less than GROWTH_FRACTION of the level at the half-way point. The level at a point is the median of
# the samples in the tenth of the run before it (at least LEVEL_SAMPLES of them): a multi-MiB message
# lifts the RSS while it is held and the allocator's release of it dips it below the usual level, both
# for a few samples; a leak, or a step that stays, lifts every sample after it. The least-squares slope
# over the second half is reported too; on a long run both say the same, on a short one the slope is
# at the mercy of where one large message lands.
LEVEL_SAMPLES: Final = 5
GROWTH_BYTES: Final = 20 * MIB
GROWTH_FRACTION: Final = 0.10


def rss_bytes(pid: int) -> int | None:
    """VmRSS of a process (None once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def loadavg() -> list[float]:
    return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]


def cpu_seconds(pid: int) -> float:
    """user+sys CPU of a process so far (0.0 once it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Sampler:
    """Samples one process's RSS on the event loop every INTERVAL seconds (a timer, not a thread)."""

    pid: int
    samples: list[tuple[float, int]] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)
    _handle: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self.started = time.monotonic()
        self._tick()

    def _tick(self) -> None:
        rss = rss_bytes(self.pid)
        if rss is not None:
            self.samples.append((time.monotonic() - self.started, rss))
        self._handle = asyncio.get_running_loop().call_later(INTERVAL, self._tick)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        rss = rss_bytes(self.pid)
        if rss is not None:
            self.samples.append((time.monotonic() - self.started, rss))

    def report(self) -> dict[str, Any]:
        return summarise(self.samples)


def _fit(points: list[tuple[float, int]]) -> float:
    """Least-squares slope (bytes per second)."""
    n = len(points)
    if n < 2:
        return 0.0
    mean_t = sum(t for t, _ in points) / n
    mean_r = sum(r for _, r in points) / n
    var = sum((t - mean_t) ** 2 for t, _ in points)
    if var == 0:
        return 0.0
    return sum((t - mean_t) * (r - mean_r) for t, r in points) / var


def _level(samples: list[tuple[float, int]], at: float) -> float:
    """The median RSS over the tenth of the run before ``at`` (at least LEVEL_SAMPLES samples)."""
    before = [(t, r) for t, r in samples if t <= at]
    span = samples[-1][0] / 10
    window = [r for t, r in before if t >= at - span]
    if len(window) < LEVEL_SAMPLES:
        window = [r for _, r in before[-LEVEL_SAMPLES:]]
    return statistics.median(window) if window else float(samples[0][1])


def summarise(samples: list[tuple[float, int]]) -> dict[str, Any]:
    if not samples:
        return {"samples": 0, "flat": False, "why": "no RSS sample (the proxy was gone)"}
    end_t = samples[-1][0]
    half = [(t, r) for t, r in samples if t >= end_t / 2]
    slope = _fit(half)
    growth = slope * (end_t - half[0][0])
    mid = _level(samples, end_t / 2)
    level_growth = _level(samples, end_t) - mid
    bound = max(GROWTH_BYTES, GROWTH_FRACTION * mid)
    return {
        "samples": len(samples),
        "duration_s": end_t,
        "start_mib": samples[0][1] / MIB,
        "peak_mib": max(r for _, r in samples) / MIB,
        "end_mib": samples[-1][1] / MIB,
        "mid_mib": mid / MIB,
        "second_half_slope_mib_per_min": slope * 60 / MIB,
        "second_half_growth_mib": growth / MIB,
        "second_half_level_growth_mib": level_growth / MIB,
        "bound_mib": bound / MIB,
        "flat": level_growth < bound,
        # (seconds, MiB), at most 200 points, for plotting
        "curve": [(round(t, 2), round(r / MIB, 1)) for t, r in samples[::max(1, len(samples) // 200)]],
    }
