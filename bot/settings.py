"""The bot's settings, read from the environment and from ``.env`` (see ``.env.example``).

Only the token is secret and only the token is needed to run; everything else has a default that works on a
fresh clone. The database lives outside the source tree by default, so a ``git clean`` never wipes games.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from pydantic import Field, SecretStr, field_validator, model_validator
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

    shard_count: int | None = Field(
        default=None,
        ge=1,
        description="How many shards the whole bot runs, over every process (Discord requires shards past "
        "2,500 servers). Unset with SHARD_IDS unset: one process, Discord's default.",
    )
    shard_ids: list[int] | None = Field(
        default=None,
        description="The shards this process runs, e.g. 0,1 (or 0-1); the others run the rest over the same "
        "DATABASE_URL. Needs SHARD_COUNT. Unset: every shard of SHARD_COUNT.",
    )

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        """``0,1``, ``2-3`` or ``0, 2-3`` as written in ``.env``; a list or a single number as given."""
        if isinstance(value, int):
            return [value]
        if not isinstance(value, str):
            return value
        ids: list[int] = []
        for part in value.replace(" ", "").split(","):
            first, dash, last = part.partition("-")
            if not first.isdigit() or (dash and not last.isdigit()):
                raise ValueError(f"SHARD_IDS lists shard numbers like 0,1 or 2-3, not {value!r}")
            ids.extend(range(int(first), int(last if dash else first) + 1))
        return ids

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards over every process")
        outside = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
        if outside or not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError(
                f"SHARD_IDS must name distinct shards from 0 to {self.shard_count - 1} (SHARD_COUNT is "
                f"{self.shard_count}), not {self.shard_ids}"
            )
        return self

    @property
    def sharded(self) -> bool:
        """Whether this process runs discord.py's ``AutoShardedBot`` (SHARD_COUNT or SHARD_IDS set)."""
        return self.shard_count is not None or self.shard_ids is not None

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
