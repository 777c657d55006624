"""The benchmark still runs: ``python -m bench --quick`` on ¡Abordaje! prints a figure in every section.

The exit code is 1 exactly when a target reads MISS (tiny samples on a shared machine may miss one). No
timing is asserted (a benchmark reports; tests never time things): only that each section printed a
number, so a refactor of the host, store or renderer that breaks the bench is caught at once.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = (
    "action",
    "cache",
    "floor",
    "png",
    "zoom",
    "autocomplete",
    "engine",
    "seatbot",
    "load",
    "memory",
    "startup",
    "durable",
)
FIGURE = re.compile(r"\d+(\.\d+)? (ms|KB|MB|actions/s)")


def test_quick_bench_prints_a_figure_for_every_section(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--games", "abordaje", "--cache-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,  # a few seconds alone; minutes when other work shares the cores (no timing is asserted)
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    lines = done.stdout.splitlines()
    for section in SECTIONS:
        found = [line for line in lines if line.startswith(f"[{section}]") and FIGURE.search(line)]
        assert found, f"no figure printed for [{section}]:\n{done.stdout}"
    verdicts = [line.split()[0] for line in lines[lines.index("[targets]") + 1 :] if line.strip()]
    assert verdicts and set(verdicts) <= {"PASS", "MISS", "n/a"}, done.stdout
    assert done.returncode == ("MISS" in verdicts), "the exit code says whether a target was missed"
