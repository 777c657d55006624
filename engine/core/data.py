"""Reading game content from ``data/<game>/*.toml``: one loader, one error shape, for every game.

Content is validated when a game's catalog is built (at import), so a typo stops the bot at start-up with a
sentence naming the file and the field (``data/abordaje/variants.toml: basic.pirate.pool: …``) instead of
surfacing mid-game.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

DATA_ROOT = Path(__file__).resolve().parents[2] / "data"


class DataError(Exception):
    """A data file that does not describe a valid game; the message names the file and the field."""


class StrictModel(BaseModel):
    """Refuses unknown keys, so a misspelt field is reported instead of silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


M = TypeVar("M", bound=BaseModel)


def load_file(path: Path, model: type[M]) -> M:
    """Parse and validate one TOML file; every problem is reported as ``file: field: message``."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{path}: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            field = ".".join(str(part) for part in err["loc"]) or "(top level)"
            message = str(err["msg"]).removeprefix("Value error, ")
            lines.append(f"{path}: {field}: {message}")
        raise DataError("\n".join(lines)) from None
