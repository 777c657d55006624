"""The systemd unit in deploy/ agrees with the bot: what it starts exists, and it never restarts in a loop on a
setting only the operator can fix (the bot's EXIT_CONFIG), while any other stop is restarted."""

from __future__ import annotations

import configparser
import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest

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


HARDENING = {
    "PrivateDevices": "yes",
    "ProtectKernelTunables": "yes",
    "ProtectKernelModules": "yes",
    "ProtectKernelLogs": "yes",
    "ProtectControlGroups": "yes",
    "RestrictAddressFamilies": "AF_UNIX AF_INET AF_INET6",
    "RestrictNamespaces": "yes",
    "CapabilityBoundingSet": "",
    "LockPersonality": "yes",
    "NoNewPrivileges": "yes",
    "ProtectSystem": "strict",
}


def test_the_unit_shuts_the_bot_out_of_everything_it_does_not_need() -> None:
    """The bot needs the network and its own state directory; a compromised process gets no devices, kernel
    knobs, namespaces, capabilities or raw sockets (issue 31)."""
    service = unit()["Service"]
    missing = {key: want for key, want in HARDENING.items() if service.get(key) != want}
    assert missing == {}
    filters = [line.split("=", 1)[1] for line in UNIT.read_text().splitlines() if line.startswith("SystemCallFilter=")]
    assert "@system-service" in filters  # the allow list; a later line may take more away


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here")
def test_systemd_rates_the_unit_ok() -> None:
    """The verdict the README quotes: `systemd-analyze security` scores exposure from 0 (safe) to 10; under 2 is
    "OK". Checked on the file itself (offline), so it needs no running systemd."""
    run = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", str(UNIT)], capture_output=True, text=True, check=False
    )
    verdict = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\w+)", run.stdout)
    assert verdict is not None, run.stdout + run.stderr
    assert float(verdict.group(1)) < 2.0 and verdict.group(2) == "OK", verdict.group(0)
