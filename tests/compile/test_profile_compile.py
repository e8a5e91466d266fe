"""`synclint profile --compile`: Dynamo's graph breaks, each joined to a line, a finding and
a rule; `check --runtime` takes such a profile (SYN499 for a break no rule predicts)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from synclint.runtime.dynamo import parse_record
from tests.join.conftest import EXAMPLES, invoke

pytest.importorskip("torch")

README = Path(__file__).resolve().parents[2] / "README.md"
#: torch's own log lines (`W1126 08:57:20.441000 29376 torch/_dynamo/...`): Dynamo warns
#: about an `.item()` break on standard error by itself; the README leaves them out.
_TORCH_LOG = re.compile(r"^[WIE]\d{4} \d")


@pytest.fixture
def in_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _readme_block(command: str) -> list[str]:
    section = README.read_text().split("## Compiled code", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```console\n(.*?)```", section, flags=re.S)[0]
    shown: dict[str, list[str]] = {}
    current = None
    for line in block.splitlines():
        if line.startswith("$ "):
            current = line[2:]
            shown[current] = []
        elif current is not None:
            shown[current].append(line)
    return shown[command]


def test_every_break_of_the_example_is_joined_and_the_readme_shows_it(in_copy: Path) -> None:
    result = invoke("profile", "--compile", "examples/compiled_train.py")
    assert result.exit_code == 0
    printed = [line for line in (result.stdout + result.stderr).splitlines()
               if not _TORCH_LOG.match(line)]
    assert printed == _readme_block("synclint profile --compile examples/compiled_train.py")
    checked = invoke("check", "--no-cache", "--quiet", "examples/compiled_train.py")
    assert checked.stdout.splitlines() == _readme_block(
        "synclint check examples/compiled_train.py")


def test_the_json_profile_joins_into_check_runtime(in_copy: Path) -> None:
    invoke("profile", "--compile", "--output-format", "json", "-o", "profile.json",
           "examples/compiled_train.py")
    profile = json.loads(Path("profile.json").read_text())
    assert profile["backend"] == "dynamo" and profile["sites"] == []
    breaks = profile["graph_breaks"]
    assert {(b["line"], b["code"], b["static"]) for b in breaks} == {
        (21, "SYN101", True), (22, "SYN104", True), (23, "SYN401", True)}
    assert all(b["stack"][0]["function"] == "forward" for b in breaks)
    joined = json.loads(invoke("check", "--no-cache", "--runtime", "profile.json",
                               "--output-format", "json", "examples/compiled_train.py").stdout)
    measured = {d["location"]["row"]: d["runtime"] for d in joined}
    assert measured[21] == {"graph_breaks": 1}
    assert all(d["code"] != "SYN499" for d in joined)


def test_a_break_no_rule_predicts_becomes_syn499(in_copy: Path) -> None:
    script = Path("hidden.py")
    script.write_text("import inspect\n\nimport torch\n\n\n@torch.compile(backend='eager')\n"
                      "def step(x: torch.Tensor) -> torch.Tensor:\n"
                      "    depth = len(inspect.stack())\n    return x * depth\n\n\n"
                      "step(torch.ones(2))\n", encoding="utf-8")
    invoke("profile", "--compile", "--output-format", "json", "-o", "profile.json", "hidden.py")
    breaks = json.loads(Path("profile.json").read_text())["graph_breaks"]
    assert [(b["line"], b["code"], b["static"]) for b in breaks] == [(8, "SYN499", False)]
    result = invoke("check", "--no-cache", "--runtime", "profile.json", "hidden.py")
    assert result.exit_code == 1
    assert result.stdout.startswith("hidden.py:8:1: SYN499 A graph break Dynamo reported")
    script.write_text(script.read_text().replace("stack())", "stack())  # noqa: SYN499"))
    assert invoke("check", "--no-cache", "--runtime", "profile.json", "hidden.py"
                  ).exit_code == 0


def test_the_three_log_forms_name_the_line() -> None:
    plain = ('Graph break in user code at /p/m.py:7\nGraph Break Reason: Encountered graph '
             'break when attempting to trace CALL: a function call, e.g. f(x, y):\n\n'
             'Failed to trace builtin operator\n  Explanation: print\n\nUser code traceback:\n'
             '  File "/p/m.py", line 12, in main\n    step(x)\n'
             '  File "/p/m.py", line 7, in step\n    print(x)\n')
    found = parse_record(plain)
    assert found is not None
    assert (found.file, found.line, found.function) == ("/p/m.py", 7, "step")
    assert found.reason == "Failed to trace builtin operator"
    assert found.stack == (("/p/m.py", 7, "step"), ("/p/m.py", 12, "main"))
    repeated = parse_record("Graph break (user stack suppressed due to duplicate graph "
                            "break) in user code at /p/m.py:9\nGraph Break Reason: Data-"
                            "dependent branching\n")
    assert repeated is not None and (repeated.line, repeated.reason) == (
        9, "Data-dependent branching")
    skipped_text = (
        "Graph break: torch.compile cannot properly resume from this graph break, which "
        "results in a skip.\ntorch.compile will skip tracing the frame f (/p/m.py line 3) "
        "and fall back to eager.\nThe graph break occurred in the following user code:\n"
        '  File "/p/m.py", line 3, in f\n    g(x)\n  File "/p/m.py", line 5, in g\n'
        "    with ctx():\n")
    skipped = parse_record(skipped_text)
    assert skipped is not None and (skipped.line, skipped.function) == (5, "g")
    # No `Graph Break Reason:` in a skipped frame's message: the reason says what happened.
    assert (skipped.file, skipped.reason) == ("/p/m.py", "skipped frame")
    assert skipped.stack == (("/p/m.py", 5, "g"), ("/p/m.py", 3, "f"))
    # A reason line that only says a break was met names nothing either.
    generic = parse_record(skipped_text + "Graph Break Reason: Encountered graph break when "
                           "attempting to trace CALL:\n\n")
    assert generic is not None and generic.reason == "skipped frame"
    assert parse_record("Graph break: something else entirely") is None
