"""A fault plan for the simulated Discord: which route fails, how, and how many times (issue 31).

SimCord answers every REST call at once from memory. Its own ``Env.inject_error`` makes a route fail with a
status and a code, but discord.py never sees a *rate limit* or a *server error* the way it does in production:
SimCord replaces discord.py's ``HTTPClient.request`` (and the webhook adapter that carries interaction answers
and follow-ups) as a whole, so the loop in discord.py that waits out a 429 and retries a 5xx does not run.

This layer sits exactly there, in the tests' HTTP transport, and plays that loop as discord.py 2.7 does it
(``discord/http.py`` ``HTTPClient.request``, ``discord/webhook/async_.py`` ``AsyncWebhookAdapter.request``):

- **429** with ``retry_after``: discord.py logs a warning, sleeps ``retry_after`` and tries again, up to five
  tries; a *global* 429 makes every request wait until it is over. Five 429s in a row raise ``HTTPException``.
- **500, 502, 504** (and 524): retried after ``1 + 2 × try`` seconds, five tries, then ``DiscordServerError``.
  **503** is raised at once (discord.py does not retry it).
- **A hung connection**: the request waits, then raises ``TimeoutError`` as aiohttp's timeout does; discord.py
  does not catch it, so the bot sees a ``TimeoutError``, not an ``HTTPException``.
- **403 / 404** with a JSON code: ``Forbidden`` / ``NotFound`` at once, as for real.

Waits are real seconds scaled by ``FaultPlan.scale`` (the tests' plans use small ``retry_after`` values and a
scale well below 1), so a scenario keeps discord.py's order of events without its minutes of waiting.

``install`` patches the two SimCord transports for one test (undone by ``monkeypatch``); every attempt is
logged in ``FaultPlan.attempts`` so a test can count how often a route was tried (no retry storm).
"""

from __future__ import annotations

import asyncio
import fnmatch
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord.http import client as sim_http

RETRIED = frozenset({500, 502, 504, 524})  # discord.py's unconditional retries
TRIES = 5


class _Response:
    """Enough of an aiohttp response for discord.py's exception classes."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = {403: "Forbidden", 404: "Not Found", 429: "Too Many Requests", 503: "Service Unavailable"}.get(
            status, "Error"
        )
        self.headers: dict[str, str] = {}


@dataclass
class Fault:
    """One entry of the plan: ``method`` (or ``*``) and an fnmatch ``path`` (``/channels/123/messages*``)."""

    method: str
    path: str
    status: int
    code: int = 0
    retry_after: float = 0.0
    is_global: bool = False
    hang: bool = False
    times: int | None = 1  # None: until ``stop``
    after: int = 0  # matching calls that go through before this fault starts
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        return self.method in (method, "*") and fnmatch.fnmatch(path, self.path)

    def error(self) -> discord.HTTPException:
        """The exception discord.py raises for this answer once it gives up on it."""
        data: Any = {"message": f"injected {self.status}", "code": self.code}
        response: Any = _Response(self.status)
        if self.status == 403:
            return discord.Forbidden(response, data)
        if self.status == 404:
            return discord.NotFound(response, data)
        if self.status >= 500:
            return discord.DiscordServerError(response, data)
        return discord.HTTPException(response, data)


@dataclass
class Attempt:
    method: str
    path: str
    outcome: str  # "ok", or the injected status ("429", "500", "timeout", …)


@dataclass
class FaultPlan:
    """Which Discord calls fail in one test. Add faults with the verbs below, ``stop`` to heal Discord."""

    scale: float = 0.01  # discord.py's own waits (1 + 2 × try seconds after a 5xx) times this
    hang_seconds: float = 0.3  # how long a hung request waits before its timeout
    faults: list[Fault] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    random_rate: float = 0.0
    random_kinds: tuple[Callable[[str, str], Fault], ...] = ()
    rng: random.Random = field(default_factory=lambda: random.Random(31))
    spare: tuple[str, ...] = ("/interactions/*",)  # never failed at random: an interaction's first answer
    _global_over: asyncio.Event | None = None
    hooks: list[tuple[str, str, Callable[[], Awaitable[None]]]] = field(default_factory=list)

    # ------------------------------------------------------------------ verbs

    def add(self, fault: Fault) -> Fault:
        self.faults.append(fault)
        return fault

    def rate_limit(
        self,
        method: str,
        path: str,
        retry_after: float = 0.2,
        *,
        is_global: bool = False,
        times: int | None = 1,
        after: int = 0,
    ) -> Fault:
        return self.add(
            Fault(method, path, 429, retry_after=retry_after, is_global=is_global, times=times, after=after)
        )

    def server_error(self, method: str, path: str, status: int = 500, *, times: int | None = 1) -> Fault:
        return self.add(Fault(method, path, status, times=times))

    def hang(self, method: str, path: str, *, times: int | None = 1) -> Fault:
        return self.add(Fault(method, path, 0, hang=True, times=times))

    def forbid(self, method: str, path: str, code: int = 50013, *, times: int | None = None) -> Fault:
        """403 Missing Permissions (50013) by default; 50001 is Missing Access (View Channel)."""
        return self.add(Fault(method, path, 403, code=code, times=times))

    def missing(self, method: str, path: str, code: int = 10008, *, times: int | None = 1) -> Fault:
        """404 Unknown Message (10008) by default; 10003 is Unknown Channel."""
        return self.add(Fault(method, path, 404, code=code, times=times))

    def on_call(self, method: str, path: str, action: Callable[[], Awaitable[None]]) -> None:
        """Run ``action`` once, just before the next matching call goes out (a gateway drop mid-delivery)."""
        self.hooks.append((method, path, action))

    def at_random(self, rate: float, *kinds: Callable[[str, str], Fault]) -> None:
        """From now on, each call fails with probability ``rate``, with one of ``kinds`` (the soak)."""
        self.random_rate, self.random_kinds = rate, kinds

    def stop(self) -> None:
        """Discord is healthy again: no planned or random fault from now on."""
        self.faults.clear()
        self.random_rate = 0.0

    def count(self, method: str, path: str, outcome: str | None = None) -> int:
        """How many attempts matched (``outcome`` ``ok`` for the ones that went through)."""
        return sum(
            1
            for a in self.attempts
            if a.method == method and fnmatch.fnmatch(a.path, path) and (outcome is None or a.outcome == outcome)
        )

    # ------------------------------------------------------------------ the transport

    def _take(self, method: str, path: str) -> Fault | None:
        for fault in list(self.faults):
            if fault.matches(method, path):
                if fault.after > 0:
                    fault.after -= 1
                    continue
                fault.hits += 1
                if fault.times is not None and fault.hits >= fault.times:
                    self.faults.remove(fault)
                return fault
        spared = any(fnmatch.fnmatch(path, p) for p in self.spare)
        if self.random_rate and not spared and self.rng.random() < self.random_rate:
            return self.rng.choice(self.random_kinds)(method, path)
        return None

    async def run(self, method: str, path: str, send: Callable[[], Any]) -> Any:
        """discord.py's request loop around one SimCord call (see the module docstring)."""
        if self._global_over is None:
            self._global_over = asyncio.Event()
            self._global_over.set()
        last: Fault | None = None
        for hook in [h for h in self.hooks if h[0] in (method, "*") and fnmatch.fnmatch(path, h[1])]:
            self.hooks.remove(hook)
            await hook[2]()
        for tries in range(TRIES):
            await self._global_over.wait()
            fault = self._take(method, path)
            if fault is None:
                self.attempts.append(Attempt(method, path, "ok"))
                return await send()
            last = fault
            self.attempts.append(Attempt(method, path, "timeout" if fault.hang else str(fault.status)))
            if fault.hang:
                await asyncio.sleep(self.hang_seconds)
                raise TimeoutError(f"{method} {path} timed out (injected)")
            if fault.status == 429:
                if fault.is_global:
                    self._global_over.clear()
                await asyncio.sleep(fault.retry_after)
                if fault.is_global:
                    self._global_over.set()
                continue
            if fault.status in RETRIED:
                await asyncio.sleep(self.scale * (1 + tries * 2))
                continue
            raise fault.error()
        assert last is not None
        raise last.error()

    def install(self, monkeypatch: pytest.MonkeyPatch) -> FaultPlan:
        """Route SimCord's two transports (REST, and the webhook adapter for interactions) through the plan."""
        plan = self
        http_request = sim_http.FakeHTTPClient.request
        hook_request = sim_http.FakeWebhookAdapter.request

        async def request(client: Any, route: Any, **kwargs: Any) -> Any:
            path = sim_http._path_of(route.url)
            return await plan.run(route.method, path, lambda: http_request(client, route, **kwargs))

        async def hook(adapter: Any, route: Any, session: Any, **kwargs: Any) -> Any:
            path = sim_http._path_of(route.url)
            return await plan.run(route.method, path, lambda: hook_request(adapter, route, session, **kwargs))

        monkeypatch.setattr(sim_http.FakeHTTPClient, "request", request)
        monkeypatch.setattr(sim_http.FakeWebhookAdapter, "request", hook)
        return self


# ---------------------------------------------------------------------------------------------- soak kinds


def rate_limited(method: str, path: str) -> Fault:
    return Fault(method, path, 429, retry_after=0.05)


def server_error(method: str, path: str) -> Fault:
    return Fault(method, path, 503)


def bad_gateway(method: str, path: str) -> Fault:
    return Fault(method, path, 502)


def timed_out(method: str, path: str) -> Fault:
    return Fault(method, path, 0, hang=True)


def forbidden(method: str, path: str) -> Fault:
    return Fault(method, path, 403, code=50013)


def not_found(method: str, path: str) -> Fault:
    return Fault(method, path, 404, code=10008)


class Later:
    """The host's clock, which a test moves forward (``bot.backoff``'s schedules and reminders run on it)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset
