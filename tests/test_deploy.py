"""The systemd unit in deploy/ agrees with the bot: what it starts exists, and it never restarts in a loop on a
setting only the operator can fix (the bot's EXIT_CONFIG), while any other stop is restarted."""

from __future__ import annotations

import configparser
import importlib.util
from pathlib import Path

from bot.__main__ import EXIT_CONFIG

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "deploy" / "spacehost.service"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    parser.read(UNIT)
    return parser


def test_the_unit_runs_the_bot_from_its_venv_with_its_env_file_and_working_directory() -> None:
    service = unit()["Service"]
    workdir = Path(service["WorkingDirectory"])
    python, dash_m, module = service["ExecStart"].split()
    assert Path(python) == workdir / ".venv" / "bin" / "python" and dash_m == "-m"
    assert importlib.util.find_spec(module) is not None and module == "bot"
    assert Path(service["EnvironmentFile"]) == workdir / ".env"
    assert service["StandardOutput"] == service["StandardError"] == "journal"


def test_a_crash_is_restarted_but_a_setting_to_fix_is_not() -> None:
    service = unit()["Service"]
    assert service["Restart"] == "on-failure"
    assert service["RestartPreventExitStatus"].split() == [str(EXIT_CONFIG)]
    assert unit()["Install"]["WantedBy"] == "multi-user.target"
