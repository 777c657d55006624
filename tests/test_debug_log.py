"""``LOG_LEVEL=DEBUG`` keeps secrets out of the journal (issue 31).

discord.py's HTTP client logs every request's address and body at DEBUG: a DM's text (a player's hand) and,
for interaction answers, the interaction token in the address. The bot's logging set up for DEBUG keeps those
lines out while its own DEBUG lines still come. Checked with discord.py's real HTTP client sending to a real
HTTP server on this machine.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Iterator

import discord
import pytest
from aiohttp import web

from bot.__main__ import SECRET_BEARING_LOGGERS, configure_logging

HAND = "Your hand: Hull breach, Med kit, Long rifle"


@pytest.fixture
def debug_logging(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """The bot's logging as ``LOG_LEVEL=DEBUG`` sets it up, every record captured; undone afterwards."""
    names = ("discord", *SECRET_BEARING_LOGGERS)
    before = {name: logging.getLogger(name).level for name in names}
    caplog.set_level(logging.DEBUG)
    configure_logging("DEBUG")
    yield caplog
    for name, level in before.items():
        logging.getLogger(name).setLevel(level)


def answer(payload: dict[str, object]) -> web.Response:
    """A JSON answer with the bare content type Discord sends (discord.py reads JSON only under that one)."""
    return web.Response(body=json.dumps(payload).encode(), headers={"Content-Type": "application/json"})


async def message(request: web.Request) -> web.Response:
    """Discord's answer to a message sent: the message, echoed."""
    sent = await request.json()
    channel = request.match_info["channel"]
    return answer({"id": "10", "channel_id": channel, "content": sent.get("content", "")})


async def me(request: web.Request) -> web.Response:
    """The bot's own user, as a login asks for it."""
    return answer({"id": "1", "username": "spacehost", "discriminator": "0", "avatar": None})


@pytest.fixture
async def discord_api(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[str]:
    """A local HTTP server answering ``POST /api/v10/channels/<id>/messages``; discord.py is pointed at it."""
    app = web.Application()
    app.router.add_post("/api/v10/channels/{channel}/messages", message)
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    yield f"http://127.0.0.1:{port}"
    await runner.cleanup()


async def test_a_debug_journal_never_holds_a_dm_body(discord_api: str, debug_logging: pytest.LogCaptureFixture) -> None:
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        await http.static_login("not-a-real-token")
        sent = await http.send_message(55, params=discord.http.MultipartParameters({"content": HAND}, None, None))
    finally:
        await http.close()
    assert sent["content"] == HAND, "the DM went through discord.py's real HTTP client"

    logging.getLogger("bot.delivery").debug("direct message delivered user=%s", 7)
    journal = "\n".join(record.getMessage() for record in debug_logging.records)
    assert "direct message delivered user=7" in journal, "the bot's own DEBUG lines still come"
    assert "Hull breach" not in journal and json.dumps(HAND) not in journal
