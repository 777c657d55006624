"""Discord's side of one shard's gateway connection, with RESUME and INVALID_SESSION (issue 31).

What real Discord does:

- Every event of a session carries a sequence number (``s``). Discord keeps the events of a session for a while;
  when the connection breaks, discord.py notices (the socket closes, or heartbeats go unacknowledged), opens a
  new connection and sends **op 6 RESUME** with its session id and the last sequence it read. Discord then
  replays every event after that sequence, in order, and sends **RESUMED**. Around a resume Discord may send an
  event the client had already read: a client must cope with the same event twice.
- **op 9 INVALID_SESSION** ends a session. ``d=true``: the client may resume it (discord.py closes and sends
  RESUME); ``d=false``: it may not (discord.py forgets its session and sequence and sends **op 2 IDENTIFY**;
  Discord answers READY with a new session id, then a GUILD_CREATE per server; the old session's events that
  were never read are lost). A RESUME of a session Discord no longer knows is answered with op 9 ``d=false``.
- An interaction replayed after its 3 seconds can no longer be answered: its first response fails with 404,
  code 10062 "Unknown interaction" (SimCord checks that deadline; ``sim.ResponseClock`` holds it to 3 s).

What SimCord does: it calls discord.py's event parsers directly (``simcord/gateway.py``, ``FakeGateway.feed``),
so no ``DiscordWebSocket`` runs, nothing has a sequence, and a closed shard drops events for good.

How it is modelled here (in the tests' layer, SimCord itself untouched):

- ``ModelledGateway.install`` puts itself between SimCord's ``FakeGateway`` and discord.py: SimCord still builds
  every event (intents, censoring, the payload), but hands it to this model (``_Wire``), which numbers it, keeps
  it for the session, and sends it as a JSON frame over a modelled socket (``_Socket``) to discord.py's real
  ``DiscordWebSocket``. The socket is opened by discord.py's own ``DiscordWebSocket.from_client`` (through
  ``HTTPClient.ws_connect``), which reads HELLO, then sends the real IDENTIFY or RESUME payload.
- The shard is discord.py's real ``discord.shard.Shard`` (installed in ``AutoShardedClient``'s shard table), so
  ``Shard.reidentify`` decides between RESUME and IDENTIFY from the real ``ReconnectWebSocket`` that
  ``DiscordWebSocket.poll_event``/``received_message`` raise. One thing differs: the real shard runs a worker
  task that *pulls* frames (``poll_event`` in a loop); SimCord's events are synchronous, so this model *pushes*:
  each frame is read at once by stepping the real ``poll_event`` (which completes without waiting, as the frame
  is already there). What the worker does with a ``ReconnectWebSocket`` (queue a resume or an identify) and
  what ``AutoShardedClient.connect`` does with that queue (``Shard.reidentify``) are played by ``_pump`` and
  ``_serve``, the same calls in the same order.
- discord.py's 5-second pause before a second IDENTIFY is skipped (``_identify_at_once``).
- HELLO names a heartbeat interval of days: discord.py's keep-alive thread starts and sleeps; a dead connection
  is noticed when a test says so (``come_back``: the socket closes with 1006, as a broken TCP connection does).

Verbs: ``drop`` (the connection dies silently: Discord keeps what it sends), ``expire`` (Discord forgets the
session meanwhile), ``come_back`` (discord.py notices, resumes, Discord replays; ``replay_from``: its replay
starts at an event discord.py had read already, which it reads twice), ``invalidate`` (op 9). ``sent`` lists
what discord.py sent (IDENTIFY, RESUME, heartbeats), ``sessions`` every session id Discord made, ``kept`` the
current session's frames.

Only ``discord.AutoShardedClient`` bots (``ShardedSpaceBot``): a plain client's reconnect loop lives in
``Client.connect``, which SimCord never runs.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Coroutine, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import simcord
from discord.gateway import DiscordWebSocket, ReconnectWebSocket
from discord.shard import EventItem, EventType, Shard
from simcord import _dpy_internals

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, HELLO, INVALID_SESSION = 0, 1, 2, 6, 10, 9
HEARTBEAT_DAYS_MS = 3 * 24 * 3600 * 1000  # discord.py's keep-alive thread sleeps through a whole test
ABNORMAL_CLOSURE = 1006  # what aiohttp reports when the TCP connection breaks without a close frame


def run_now(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine that never has to wait (discord.py reading a frame already received) to its end, now."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise AssertionError("the gateway model expected discord.py to read a frame without waiting")


class _Socket:
    """Enough of aiohttp's ``ClientWebSocketResponse`` for ``DiscordWebSocket``: frames Discord sent, not yet
    read (``receive``), and whatever discord.py sends (``send_str``, handed to the model)."""

    def __init__(self, line: ModelledGateway) -> None:
        self.line = line
        self.frames: deque[aiohttp.WSMessage] = deque()
        self.closed = False
        self.close_code: int | None = None

    def push(self, frame: Mapping[str, Any]) -> None:
        self.frames.append(aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, json.dumps(frame), None))

    def break_off(self, code: int = ABNORMAL_CLOSURE) -> None:
        """The connection is gone: the next read finds it closed."""
        self.close_code = code
        self.frames.append(aiohttp.WSMessage(aiohttp.WSMsgType.CLOSED, None, None))

    async def receive(self, timeout: float | None = None) -> aiohttp.WSMessage:
        assert self.frames, "discord.py read the modelled gateway while Discord had sent nothing"
        return self.frames.popleft()

    async def send_str(self, data: str) -> None:
        if self.closed:
            raise RuntimeError("send on a closed modelled socket")  # discord.py turns this into ConnectionClosed
        self.line.received(json.loads(data), self)

    async def close(self, *, code: int = 1000, message: bytes = b"") -> bool:
        if self.closed:
            return False
        self.closed = True
        self.close_code = self.close_code or code
        return True


class _Wire:
    """Stands in for discord.py's ``ConnectionState`` inside SimCord's ``FakeGateway``: ``parsers[event]`` hands
    the event, as SimCord shaped it, to the model instead of the parser."""

    def __init__(self, state: Any, line: ModelledGateway) -> None:
        self.state = state
        self.line = line
        self.parsers = _Parsers(state.parsers, line)

    @property
    def intents(self) -> discord.Intents:
        return self.state.intents  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)


class _Parsers(Mapping[str, Callable[[Any], None]]):
    def __init__(self, real: Mapping[str, Any], line: ModelledGateway) -> None:
        self.real = real
        self.line = line

    def __getitem__(self, event: str) -> Callable[[Any], None]:
        if event not in self.real:
            raise KeyError(event)
        return lambda data: self.line.dispatch(event, data)

    def __iter__(self) -> Iterator[str]:
        return iter(self.real)

    def __len__(self) -> int:
        return len(self.real)


class _PushedShard(Shard):
    """discord.py's ``Shard``, except that ``launch`` lets the model push frames instead of starting the worker
    task that would pull them (see the module docstring)."""

    line: ModelledGateway

    def launch(self) -> None:
        self.line.attached(self)


@dataclass
class ModelledGateway:
    """Discord's side of one shard's connection (see the module docstring)."""

    env: simcord.Env
    shard_id: int = 0
    seq: int = 0
    session_id: str | None = None
    sessions: list[str] = field(default_factory=list)
    kept: list[dict[str, Any]] = field(default_factory=list)  # this session's events, for a RESUME
    sent: list[dict[str, Any]] = field(default_factory=list)  # what discord.py sent Discord (op, d)
    live: bool = True  # False: the connection is dead; Discord keeps its events but nobody reads them
    replay_from: int | None = None  # the next resume sends again the events from this sequence on (read already)
    socket: _Socket | None = None
    shard: _PushedShard | None = None
    asked: dict[str, Any] | None = None  # the IDENTIFY or RESUME discord.py sent on the current socket
    queue: list[EventItem] = field(default_factory=list)

    # ------------------------------------------------------------------ set-up

    async def install(self) -> ModelledGateway:
        """Route the shard's events through this model and connect discord.py to it (IDENTIFY, READY, GUILD_CREATE)."""
        bot = self.env.bot
        assert isinstance(bot, discord.AutoShardedClient), "the model drives discord.py's AutoShardedClient shards"
        fake_shard = _dpy_internals._shards(bot)[self.shard_id]
        self._router = fake_shard._reconnect.__self__  # SimCord's ShardRouter
        gateway = self._router.gateways[self.shard_id]
        gateway._state = _Wire(gateway._state, self)
        bot.http.ws_connect = self._open  # type: ignore[method-assign]
        bot._reconnect = True  # what ``Client.connect(reconnect=True)`` sets, which SimCord never runs
        bot.before_identify_hook = _identify_at_once  # type: ignore[method-assign]
        with self.env._bot_scope():
            ws = await DiscordWebSocket.from_client(bot, initial=True, shard_id=self.shard_id)
            self.shard = _PushedShard(ws, bot, self.queue.append)
            self.shard.line = self
            _dpy_internals._shards(bot)[self.shard_id] = self.shard
            self.shard.launch()
            await self._serve()
        await self.env.settle()
        return self

    async def close(self) -> None:
        """Close the shard as ``AutoShardedClient.close`` does (``Shard.close``), which stops discord.py's
        keep-alive thread; SimCord's shutdown does not know this shard. Call it before the ``Env`` shuts down."""
        if self.shard is not None:
            await self.shard.close()

    async def _open(self, url: str, **_: Any) -> _Socket:
        """``HTTPClient.ws_connect``: a new connection, which starts with HELLO."""
        self.socket = _Socket(self)
        self.asked = None
        self.socket.push({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_DAYS_MS}, "s": None, "t": None})
        return self.socket

    @property
    def ws(self) -> DiscordWebSocket:
        assert self.shard is not None
        return self.shard.ws

    # ------------------------------------------------------------------ what the tests do

    def drop(self) -> None:
        """The connection dies without a word: Discord keeps sending into it (kept for a RESUME), nobody reads."""
        self.live = False

    def expire(self) -> None:
        """Discord forgets the session (the bot stayed away too long): its kept events are gone, and a RESUME of
        it is answered with INVALID_SESSION ``d=false``."""
        self._forget_session()

    async def come_back(self, *, replay_from: int | None = None, settle: bool = True) -> None:
        """discord.py notices the dead connection and resumes; Discord replays what it missed, then RESUMED
        (``replay_from``: Discord starts its replay at that sequence, before events discord.py had already read,
        which it reads a second time). Returns once the bot has handled them (``settle=False``: once they are
        handed to it, from inside the bot's own work, as ``invalidate``)."""
        assert self.socket is not None
        self.replay_from = replay_from
        self.live = True
        self.socket.break_off()
        with self.env._bot_scope():
            self._pump()
            await self._serve()
        if settle:
            await self.env.settle()

    async def invalidate(self, *, resumable: bool, settle: bool = True) -> None:
        """Discord sends op 9 INVALID_SESSION on the live connection; discord.py resumes or identifies anew.
        ``settle=False`` from inside the bot's own work (a hook on a REST call mid-delivery)."""
        assert self.socket is not None
        if not resumable:
            self._forget_session()
        self.socket.push({"op": INVALID_SESSION, "d": resumable, "s": None, "t": None})
        with self.env._bot_scope():
            self._pump()
            await self._serve()
        if settle:
            await self.env.settle()

    def sequence_of(self, interaction: simcord.InteractionResult) -> int:
        """The sequence number Discord gave the INTERACTION_CREATE of ``interaction`` in this session."""
        wanted = str(interaction._interaction.id)
        return next(f["s"] for f in self.kept if f["t"] == "INTERACTION_CREATE" and f["d"]["id"] == wanted)

    def ops(self, op: int) -> list[dict[str, Any]]:
        """What discord.py sent with opcode ``op`` (its ``d``), oldest first."""
        return [m["d"] for m in self.sent if m["op"] == op]

    # ------------------------------------------------------------------ Discord's side

    def dispatch(self, event: str, data: Any) -> None:
        """Send an event of this session: numbered, kept for a RESUME, read at once when the connection lives."""
        if event == "READY":
            data = {**data, "session_id": self._new_session()}
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.kept.append(frame)
        if self.live and self.socket is not None and not self.socket.closed and self.asked is not None:
            self.socket.push(frame)
            self._pump()

    def received(self, message: dict[str, Any], socket: _Socket) -> None:
        """What discord.py sent. IDENTIFY and RESUME are answered once discord.py reads (``attached``)."""
        self.sent.append(message)
        if message["op"] in (IDENTIFY, RESUME) and socket is self.socket:
            self.asked = message

    def attached(self, shard: _PushedShard) -> None:
        """discord.py starts reading the new connection: answer what it asked on it."""
        self.shard = shard
        asked = self.asked
        assert asked is not None, "discord.py read the gateway before it identified or resumed"
        if asked["op"] == IDENTIFY:
            self._forget_session()
            self._router.identify(self.shard_id, replay_guilds=True)  # READY, then every server's GUILD_CREATE
            return
        wanted = asked["d"]
        if wanted["session_id"] != self.session_id or self.session_id is None:
            assert self.socket is not None
            self.socket.push({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            self._pump()
            return
        first = (wanted["seq"] or 0) + 1 if self.replay_from is None else self.replay_from
        self.replay_from = None
        assert self.socket is not None
        for frame in [f for f in self.kept if f["s"] >= first]:
            self.socket.push(frame)
        self.seq += 1
        self.socket.push({"op": DISPATCH, "t": "RESUMED", "s": self.seq, "d": {}})
        self._pump()

    def _new_session(self) -> str:
        self.session_id = f"modelled-session-{self.shard_id}-{len(self.sessions) + 1}"
        self.sessions.append(self.session_id)
        return self.session_id

    def _forget_session(self) -> None:
        self.session_id, self.seq, self.kept = None, 0, []

    # ------------------------------------------------------------------ discord.py's worker and connect loop

    def _pump(self) -> None:
        """``Shard.worker``: read every frame received, with the real ``poll_event``; a ``ReconnectWebSocket``
        queues a resume or an identify as the worker does, and reading stops."""
        socket = self.socket
        while self.shard is not None and socket is not None and socket.frames and socket is self.ws.socket:
            try:
                run_now(self.ws.poll_event())
            except ReconnectWebSocket as e:
                self.queue.append(EventItem(EventType.resume if e.resume else EventType.identify, self.shard, e))
                return

    async def _serve(self) -> None:
        """``AutoShardedClient.connect``'s loop: each queued resume or identify runs ``Shard.reidentify``."""
        while self.queue:
            item = self.queue.pop(0)
            assert item.type in (EventType.resume, EventType.identify), f"unexpected shard event {item.type}"
            assert isinstance(item.error, ReconnectWebSocket)
            await item.shard.reidentify(item.error)


async def _identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
    """discord.py sleeps 5 s before every IDENTIFY but the first (``Client.before_identify_hook``), to keep within
    Discord's identify rate; SimCord leaves that sleep to the real clock, so the model identifies at once (the
    bot is as disconnected during those 5 s as before them: nothing else changes)."""
