"""`synclint profile`: the script's output and exit code pass through; sites are listed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")

from click.testing import CliRunner  # noqa: E402

from synclint.profile_command import profile  # noqa: E402

SCRIPT = """\
import sys
import torch

def stats(xs):
    for x in xs: x.sum().item()

xs = [torch.randn(4) for _ in range(3)]
stats(xs)
print("script says", len(torch.stack(xs).tolist()), sys.argv[1:])
sys.exit(int(sys.argv[1]))
"""


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT)
    return path


def test_output_and_exit_code_pass_through_and_sites_are_listed(script: Path) -> None:
    result = CliRunner().invoke(profile, [str(script), "3", "--flag"])
    assert result.exit_code == 3, result.output
    assert "script says 3 ['3', '--flag']" in result.stdout
    lines = result.stderr.splitlines()
    assert lines[0].split() == ["kind", "site", "function", "count", "code", "static"]
    # `synclint check` reports the `.item()` in the loop; the single `.tolist()` is not hot.
    assert lines[1].split() == ["item", f"{script}:5", "stats", "3", "SYN101", "yes"]
    assert lines[2].split() == ["called", "from", f"{script}:8", "(<module>)"]
    # No rule reports a single read at module level: `check --runtime` would (SYN199).
    assert lines[3].split() == ["tolist", f"{script}:9", "<module>", "1", "SYN199", "no"]
    assert "4 host syncs at 2 sites" in lines[-1]


def test_json_lists_sites_sorted_by_count(script: Path, tmp_path: Path) -> None:
    out = tmp_path / "profile.json"
    result = CliRunner().invoke(profile, ["--json", "-o", str(out), str(script), "0"])
    assert result.exit_code == 0
    payload = json.loads(out.read_text())
    assert payload["total"] == 4
    assert [(s["kind"], s["line"], s["count"]) for s in payload["sites"]] == [
        ("item", 5, 3),
        ("tolist", 9, 1),
    ]


def test_module_mode_runs_a_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "job.py").write_text("import torch\nprint(torch.ones(2).tolist())\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(profile, ["-m", "job"])
    assert result.exit_code == 0, result.output
    assert "[1.0, 1.0]" in result.stdout
    assert "tolist" in result.stderr


def test_a_failing_script_exits_1_with_its_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_text("def fail():\n    raise KeyError('missing')\nfail()\n")
    result = CliRunner().invoke(profile, [str(path)])
    assert result.exit_code == 1
    assert "KeyError: 'missing'" in result.stderr
    # As `python bad.py` prints it: the script's frames only, none of synclint's or runpy's.
    frames = [line for line in result.stderr.splitlines() if line.startswith('  File "')]
    assert frames == [f'  File "{path}", line 3, in <module>',
                      f'  File "{path}", line 2, in fail']


def test_a_real_process_passes_the_exit_code(script: Path) -> None:
    code = "import sys; from synclint.profile_command import profile; profile(sys.argv[1:])"
    done = subprocess.run(
        [sys.executable, "-c", code, str(script), "5"], capture_output=True, text=True
    )
    assert done.returncode == 5
    assert "script says 3 ['5']" in done.stdout
    assert "stats" in done.stderr


def test_no_script_is_a_usage_error() -> None:
    assert CliRunner().invoke(profile, []).exit_code == 2
