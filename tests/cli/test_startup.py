"""Start-up stays cheap: the command line imports neither LibCST nor torch, and a fully
cached run never loads them (timings are in benchmarks/startup.py, not here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("libcst", "torch", "synclint.engine", "synclint.rules", "synclint.fixer")

_IMPORT_ONLY = """
import json, sys
import synclint.cli
print(json.dumps([m for m in sys.argv[1:] if m in sys.modules]))
"""

_RUN = """
import json, sys
from synclint.cli import main
try:
    main(sys.argv[2:], standalone_mode=True)
except SystemExit:
    pass
heavy = ["libcst", "torch", "synclint.engine", "synclint.rules"]
sys.stderr.write("\\n" + json.dumps([m for m in heavy if m in sys.modules]) + "\\n")
"""


def _python(code: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_importing_the_command_line_loads_neither_libcst_nor_torch() -> None:
    process = _python(_IMPORT_ONLY, *HEAVY)
    assert process.returncode == 0, process.stderr
    assert json.loads(process.stdout) == []


def _loaded(process: subprocess.CompletedProcess[str]) -> list[str]:
    return list(json.loads(process.stderr.strip().splitlines()[-1]))


def test_version_rules_and_a_cached_run_never_import_libcst(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(
        "import torch\n\ndef f(t: torch.Tensor) -> float:\n    return t.sum().item()\n")
    assert _loaded(_python(_RUN, "x", "--version", cwd=tmp_path)) == []
    assert _loaded(_python(_RUN, "x", "rules", cwd=tmp_path)) == []
    assert _loaded(_python(_RUN, "x", "rule", "SYN101", cwd=tmp_path)) == []
    first = _python(_RUN, "x", "check", "train.py", cwd=tmp_path)
    assert "libcst" in _loaded(first)  # a cache miss parses the file
    cached = _python(_RUN, "x", "check", "train.py", cwd=tmp_path)
    assert "All checks passed!" in cached.stderr
    assert _loaded(cached) == []


def test_a_file_without_tensor_code_is_checked_without_libcst(tmp_path: Path) -> None:
    (tmp_path / "util.py").write_text("def add(a, b):\n    return a + b\n")
    (tmp_path / "broken.py").write_text("def f(:\n    pass\n")
    done = _python(_RUN, "x", "check", "--no-cache", "util.py", "broken.py", cwd=tmp_path)
    assert "broken.py:1:7: SYN000 SyntaxError: invalid syntax" in done.stdout
    assert _loaded(done) == []

