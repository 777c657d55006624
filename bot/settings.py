"""The bot's settings, read from the environment and from ``.env`` (see ``.env.example``).

Only the token is secret and only the token is needed to run; everything else has a default that works on a
fresh clone. The database lives outside the source tree by default, so a ``git clean`` never wipes games.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

APP_DIR = "spacehost"


def default_database_url() -> str:
    """``$XDG_DATA_HOME/spacehost/games.db``, or ``~/.local/share/spacehost/games.db`` without XDG."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / APP_DIR / "games.db")


class Settings(BaseSettings):
    """Every setting of ``python -m bot``; environment variables win over ``.env``."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        env_ignore_empty=True,  # `DEV_GUILD_ID=` in .env means "not set", not "invalid integer"
    )

    discord_token: SecretStr | None = Field(default=None, description="The bot token from the Developer Portal.")
    database_url: str = Field(
        default_factory=default_database_url,
        description="A SQLite file path (or sqlite:///path), or a postgresql:// URL.",
    )
    dev_guild_id: int | None = Field(default=None, description="Sync slash commands to this guild only, at once.")
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    reminder_hours: float = Field(
        default=24.0,
        ge=0,
        description="Remind a player a game has waited on this long (then after 2x, 4x, 8x); 0 turns it off. "
        "A server may set its own with /settings.",
    )
    idle_hours: float = Field(
        default=72.0,
        gt=0,
        description="After this long waiting on one player, the others may vote to skip (/skip). "
        "A server may set its own with /settings.",
    )

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if not isinstance(logging.getLevelName(level), int):
            raise ValueError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {value!r}")
        return level

    def token(self) -> str | None:
        """The token in clear, or ``None`` when it is missing or blank."""
        if self.discord_token is None:
            return None
        raw = self.discord_token.get_secret_value().strip()
        return raw or None
