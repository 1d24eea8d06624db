"""proxy.offload: costly frames judged in a thread, one at a time per guard and in arrival order."""

from __future__ import annotations

import asyncio
import threading

from conftest import WAIT

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.proxy import offload

POLICY = load_config_text("").policy
COSTLY = b'{"method":"elicitation/create",' + b" " * 4096 + b"}"


async def _one_loop_turn() -> None:
    """Let every ready task take one step (a yield to the event loop, not a timed wait)."""
    await asyncio.sleep(0)


def _guard() -> Guard:
    return Guard(POLICY, 1 << 20)


def test_only_frames_that_may_be_costly_leave_the_loop() -> None:
    assert not offload.costly(None)
    assert not offload.costly(b'{"method":"elicitation/create"}')
    assert offload.costly(COSTLY)
    assert not offload.costly(b'{"result":{"text":"' + b"x" * 100_000 + b'"}}')
    assert offload.costly(b'{"result":{"text":"' + b"x" * 300_000 + b'"}}')


async def test_a_sessions_frames_are_judged_in_arrival_order_even_when_the_first_goes_to_a_thread() -> None:
    guard = _guard()
    release, started = threading.Event(), threading.Event()
    order: list[str] = []

    def slow() -> str:
        started.set()
        assert release.wait(WAIT)
        order.append("slow")
        return "slow"

    def quick() -> str:
        order.append("quick")
        return "quick"

    first = asyncio.create_task(offload.judged(guard, slow, COSTLY))
    assert await asyncio.get_running_loop().run_in_executor(None, started.wait, WAIT)
    second = asyncio.create_task(offload.judged(guard, quick, b"{}"))
    await _one_loop_turn()
    assert order == [] and not second.done()
    release.set()
    assert await asyncio.wait_for(asyncio.gather(first, second), WAIT) == ["slow", "quick"]
    assert order == ["slow", "quick"]


async def test_another_sessions_frames_do_not_wait_for_a_slow_one() -> None:
    release = threading.Event()
    slow = asyncio.create_task(offload.judged(_guard(), lambda: release.wait(WAIT), COSTLY))
    assert await asyncio.wait_for(offload.judged(_guard(), lambda: "other", b"{}"), WAIT) == "other"
    assert not slow.done()
    release.set()
    assert await asyncio.wait_for(slow, WAIT) is True


async def test_a_cancelled_caller_keeps_the_guard_locked_until_its_thread_is_done() -> None:
    guard = _guard()
    release, started, finished = threading.Event(), threading.Event(), threading.Event()

    def slow() -> None:
        started.set()
        assert release.wait(WAIT)
        finished.set()

    caller = asyncio.create_task(offload.judged(guard, slow, COSTLY))
    assert await asyncio.get_running_loop().run_in_executor(None, started.wait, WAIT)
    caller.cancel()
    await asyncio.wait({caller}, timeout=WAIT)
    assert caller.cancelled()
    follower = asyncio.create_task(offload.judged(guard, finished.is_set, b"{}"))
    await _one_loop_turn()
    assert not follower.done()
    release.set()
    # The next judgement of this guard ran only after the thread had finished with it.
    assert await asyncio.wait_for(follower, WAIT) is True


async def test_a_cheap_frame_on_a_guard_nobody_is_judging_is_judged_at_once_without_a_lock() -> None:
    guard = _guard()
    assert await offload.judged(guard, lambda: "judged", b"{}") == "judged"
    assert offload.idle(guard)
    assert "_offload_lock" not in vars(guard)  # none made: a session-less HTTP request makes a guard each


async def test_a_cheap_frame_waits_behind_code_holding_the_guards_lock() -> None:
    guard = _guard()
    order: list[str] = []
    async with offload.lock_for(guard):
        assert not offload.idle(guard)
        waiting = asyncio.create_task(offload.judged(guard, lambda: order.append("judged"), b"{}"))
        await _one_loop_turn()
        assert order == [] and not waiting.done()
        order.append("holder")
    await asyncio.wait_for(waiting, WAIT)
    assert order == ["holder", "judged"]
