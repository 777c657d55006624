"""``python -m bot``: read the settings, set up logging, run the bot until stopped.

``python -m bot --check``: say whether the database named by ``DATABASE_URL`` is reachable and migrated (it
applies any pending migration, as start-up would) and which shards this process would run, then exit: 0 when
all is well, non-zero with one sentence otherwise. No token is needed for it.

``python -m bot --check GUILD_ID/CHANNEL_ID`` (the two numbers of a channel's link) also asks Discord, with the
token from ``.env``, which permissions the bot lacks in that channel and says why each is needed; exit 1 when
any is missing (``bot.channel_check``).

Without a token it stops at once with one sentence saying where to get one and how to try a game offline;
every other failure to start (a bad setting, a refused token) is one sentence too, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import NoReturn

import aiohttp
import discord
from pydantic import ValidationError

from .settings import Settings

NO_TOKEN = (
    "No Discord token: create a bot in the Discord Developer Portal (https://discord.com/developers/applications"
    " → your application → Bot → Reset Token), put it in .env as DISCORD_TOKEN=… (see .env.example), and run "
    "again; to try a game offline without Discord, run from the project folder: bash scripts/run --local abordaje"
)
UNREACHABLE = (
    "Could not reach Discord ({reason}): check that this machine is online and can resolve discord.com "
    "(DNS, proxy, firewall), then run again."
)
NO_DATABASE = "Could not open the games database named by DATABASE_URL ({reason}): check the path or server."
BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN: copy a fresh one from the Developer Portal "
    "(Bot → Reset Token) into .env."
)


# A setting only the operator can fix (no token, a refused token, a bad value) ends with this code, which the
# systemd unit in deploy/ lists in RestartPreventExitStatus: restarting would fail the same way. Anything else
# (Discord unreachable, a crash) exits 1 and is restarted.
EXIT_CONFIG = 78  # EX_CONFIG in sysexits.h


def fail(sentence: str, code: int = 1) -> NoReturn:
    """Stop with one sentence on stderr and ``code``: what to check, never a traceback."""
    print(sentence, file=sys.stderr)
    sys.exit(code)


def load_settings() -> Settings:
    """The settings, or exit with a sentence naming the setting that is wrong."""
    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(
            ": ".join(
                part
                for part in (".".join(str(p) for p in err["loc"]).upper(), err["msg"].removeprefix("Value error, "))
                if part
            )
            for err in exc.errors()
        )
        fail(f"A setting in the environment or .env is wrong: {problems}.", EXIT_CONFIG)


SECRET_BEARING_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook")
"""discord.py's loggers whose DEBUG lines carry what must never reach a journal: request and event bodies (a
player's hand in a DM, hidden orders) and interaction tokens in webhook addresses."""


def configure_logging(level: str) -> None:
    """One line per event on stderr; discord.py's own chatter only from WARNING up unless DEBUG is asked, and
    even then never the lines that carry message bodies or interaction tokens (``SECRET_BEARING_LOGGERS``)."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    if level != "DEBUG":
        logging.getLogger("discord").setLevel(logging.WARNING)
        return
    for name in SECRET_BEARING_LOGGERS:
        logging.getLogger(name).setLevel(logging.INFO)


async def check(settings: Settings) -> str:
    """Open the store (applying pending migrations under the store's lock) and close it; what an operator reads."""
    from .store.factory import open_store
    from .store.migrations import LATEST

    try:
        store = await open_store(settings.database_url)
    except Exception as exc:  # any failure is a sentence: refused, unknown host, bad password, newer schema
        fail(NO_DATABASE.format(reason=_reason(exc)))
    await store.close()
    if settings.sharded:
        count = settings.shard_count
        ids = settings.shard_ids if settings.shard_ids is not None else list(range(count or 0))
        shards = f"This process would run shards {', '.join(map(str, ids))} of {count}."
    else:
        shards = "No SHARD_COUNT or SHARD_IDS: this process would run the whole bot as one shard."
    return f"The database is reachable and migrated (schema version {LATEST}): {store!r}. {shards}"


USAGE = (
    "Usage: python -m bot (runs the bot), python -m bot --check (checks the database and exits), or "
    "python -m bot --check GUILD_ID/CHANNEL_ID (also lists the permissions the bot lacks in that channel)."
)


async def check_permissions(settings: Settings, target: str) -> tuple[str, bool]:
    """``--check GUILD_ID/CHANNEL_ID``: ask Discord, with the token, what the bot lacks in that channel."""
    from .channel_check import check_channel, parse_target

    try:
        guild_id, channel_id = parse_target(target)
    except ValueError as exc:
        fail(str(exc), 2)
    token = settings.token()
    if token is None:
        fail(NO_TOKEN, EXIT_CONFIG)
    try:
        return await check_channel(token, guild_id, channel_id)
    except discord.LoginFailure:
        fail(BAD_TOKEN, EXIT_CONFIG)
    except discord.NotFound:
        fail(f"Discord knows no channel {channel_id} in server {guild_id} that I can see: is the bot invited there?")
    except discord.Forbidden:
        fail(f"I cannot see channel {channel_id}: I lack View Channel there (or I am not in server {guild_id}).")
    except (TimeoutError, aiohttp.ClientError) as exc:
        fail(UNREACHABLE.format(reason=_reason(exc)))


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    settings = load_settings()
    if args == ["--check"]:
        print(asyncio.run(check(settings)))
        return
    if len(args) == 2 and args[0] == "--check":
        from .channel_check import parse_target

        try:
            parse_target(args[1])  # a mistyped target is said before anything is opened
        except ValueError as exc:
            fail(str(exc), 2)
        print(asyncio.run(check(settings)))
        text, well = asyncio.run(check_permissions(settings, args[1]))
        print(text)
        if not well:
            sys.exit(1)
        return
    if args:
        fail(USAGE, 2)
    token = settings.token()
    if token is None:
        fail(NO_TOKEN, EXIT_CONFIG)
    configure_logging(settings.log_level)
    from .app import make_bot  # imported here so that a missing token answers before anything heavy loads

    # The bot never joins voice: discord.py's warnings that voice libraries are missing say nothing useful here.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    bot = make_bot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        fail(BAD_TOKEN, EXIT_CONFIG)
    except discord.PrivilegedIntentsRequired:
        fail("Discord refused an intent this bot asked for; it needs none that are privileged.", EXIT_CONFIG)
    except (TimeoutError, aiohttp.ClientError, discord.GatewayNotFound) as exc:
        fail(UNREACHABLE.format(reason=_reason(exc)))
    except discord.HTTPException as exc:
        fail(f"Discord answered with an error ({exc.status} {exc.text or exc}): try again in a few minutes.")
    except (OSError, ValueError) as exc:  # the store: a folder it may not write, a server that refuses
        fail(NO_DATABASE.format(reason=_reason(exc)), EXIT_CONFIG)


def _reason(exc: BaseException) -> str:
    """The innermost cause in a few words (``Name or service not known``), not a traceback."""
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return str(exc).strip() or type(exc).__name__


if __name__ == "__main__":
    main()
