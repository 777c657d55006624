"""``python -m bot``: read the settings, set up logging, run the bot until stopped.

Without a token it stops at once with one sentence saying where to get one and how to try a game offline;
every other failure to start (a bad setting, a refused token) is one sentence too, never a traceback.
"""

from __future__ import annotations

import logging
import sys

import discord
from pydantic import ValidationError

from .settings import Settings

NO_TOKEN = (
    "No Discord token: create a bot in the Discord Developer Portal (https://discord.com/developers/applications"
    " → your application → Bot → Reset Token), put it in .env as DISCORD_TOKEN=… (see .env.example), and run "
    "again; to try a game offline without Discord, run: python -m bot.local abordaje"
)
BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN: copy a fresh one from the Developer Portal "
    "(Bot → Reset Token) into .env."
)


def load_settings() -> Settings:
    """The settings, or exit with a sentence naming the setting that is wrong."""
    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']).upper()}: {err['msg'].removeprefix('Value error, ')}"
            for err in exc.errors()
        )
        sys.exit(f"A setting in the environment or .env is wrong: {problems}.")


def configure_logging(level: str) -> None:
    """One line per event on stderr; discord.py's own chatter only from WARNING up unless DEBUG is asked."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    if level != "DEBUG":
        logging.getLogger("discord").setLevel(logging.WARNING)


def main() -> None:
    settings = load_settings()
    token = settings.token()
    if token is None:
        sys.exit(NO_TOKEN)
    configure_logging(settings.log_level)
    from .app import SpaceBot  # imported here so that a missing token answers before anything heavy loads

    bot = SpaceBot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        sys.exit(BAD_TOKEN)
    except discord.PrivilegedIntentsRequired:
        sys.exit("Discord refused an intent this bot asked for; it needs none that are privileged.")


if __name__ == "__main__":
    main()
