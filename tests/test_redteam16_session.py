"""Red team 16: SessionState's tables built on first use, by two threads at once.

A session's frames are judged under its guard's lock, but the event loop reads some tables without it
while a frame of the same session is judged in a worker thread (proxy/http/expiry.py reads
``state.hygiene`` for every session each second, the metrics scrape reads ``state.pending_server``,
streamable.py reads ``state.pending_client`` before taking the lock). When the table is not built
yet, both sides build it: the one stored last wins, and whatever the other wrote into its own copy
is lost (a forwarded elicitation nobody can answer, a pending timeout never enforced).

The interleaving a GIL switch inside the builder gives is forced here with a barrier.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from elicitguard.policies.session import ServerRequest, SessionState


def _both_inside(monkeypatch: pytest.MonkeyPatch, name: str) -> threading.Event:
    """Make the builder of table ``name`` wait until two threads are inside it; the thread named "loop"
    then finishes building only once the returned event is set (or 5 s passed): the order in which
    the judging thread's copy is stored first, and the loop's over it."""
    table = SessionState.__dict__[name]
    make: Callable[[SessionState], Any] = table.make
    barrier = threading.Barrier(2, timeout=5)
    done = threading.Event()

    def slow(state: SessionState) -> Any:
        value = make(state)
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass
        if threading.current_thread().name == "loop":
            done.wait(timeout=5)
        return value

    monkeypatch.setattr(table, "make", slow)
    return done


def _in_two_threads(first: Callable[[], None], second: Callable[[], None]) -> None:
    threads = [threading.Thread(target=first, name="judge"), threading.Thread(target=second, name="loop")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
        assert not thread.is_alive()


def test_a_server_request_recorded_while_another_thread_first_reads_the_table_is_not_lost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    judged = _both_inside(monkeypatch, "pending_server")
    state = SessionState(who="10.0.0.1||")

    def judge() -> None:  # a worker thread: an elicitation/create forwarded, awaiting the client
        assert state.pending_server.add("i:7", ServerRequest("elicitation/create", "form"))
        judged.set()

    def scrape() -> None:  # the event loop: the metrics' count of pending elicitations
        sum(1 for _ in list(state.pending_server.values()))

    _in_two_threads(judge, scrape)
    assert "i:7" in state.pending_server  # else the client's answer is refused as unpaired


def test_the_limits_state_a_judgement_writes_is_the_one_the_expiry_pass_reads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    judged = _both_inside(monkeypatch, "hygiene")
    state = SessionState(who="10.0.0.1||")

    def judge() -> None:  # a worker thread: the forwarded elicitation's pending timeout starts
        state.hygiene.pending["i:7"] = (1.0, None)
        judged.set()

    def expiry() -> None:  # the event loop: expire_once's unlocked look at every session
        _ = state.hygiene.pending

    _in_two_threads(judge, expiry)
    assert "i:7" in state.hygiene.pending  # else the elicitation is never answered "cancel" on time


def test_two_threads_first_using_a_table_get_the_same_table(monkeypatch: pytest.MonkeyPatch) -> None:
    judged = _both_inside(monkeypatch, "pending_client")
    state = SessionState()
    seen: list[object] = []

    def first() -> None:
        seen.append(state.pending_client)
        judged.set()

    _in_two_threads(first, lambda: seen.append(state.pending_client))
    assert seen[0] is seen[1] is state.pending_client
