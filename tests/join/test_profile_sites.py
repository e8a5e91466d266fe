"""`synclint profile` attributes each sync site to a rule, with its call stack and `static`."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from synclint.profile_data import code_for_kind

from .conftest import example_syncs, invoke, line_of, profile_json

pytest.importorskip("torch")

#: What examples/train.py syncs, derived from the script (steps, parameters).
SYNCS = example_syncs()


def test_the_training_script_is_profiled_exactly(project: Path) -> None:
    result, payload = profile_json("train.py")
    assert result.exit_code == 0, result.output
    # The script's output passes through untouched; the profile went to the file.
    assert result.stdout.count("\n") == SYNCS.steps  # one line per step
    assert all(line.startswith("step ") for line in result.stdout.splitlines())
    assert set(payload) == {"total", "backend", "sites", "files"}
    # Each file of the stacks with the SHA-256 of its bytes (for `check --runtime`).
    assert payload["files"] == {
        name: hashlib.sha256((project / name).read_bytes()).hexdigest()
        for name in ("train.py", "train_helpers.py")}
    assert payload["backend"] == "emulated"
    assert payload["total"] == SYNCS.before
    for site in payload["sites"]:
        assert set(site) == {"file", "line", "function", "kind", "count", "code", "static",
                             "stack"}
    train, helpers = project / "train.py", project / "train_helpers.py"
    listcomp = line_of(train, ".item() for p in")
    isnan = line_of(train, "        if torch.isnan(loss)")
    helper = line_of(helpers, ".item()")
    got = {(s["file"], s["line"], s["function"], s["kind"], s["count"], s["code"])
           for s in payload["sites"]}
    assert got == {
        ("train.py", listcomp, "<listcomp>", "item", SYNCS.per_parameter_reads, "SYN101"),
        ("train.py", isnan, "train", "bool", SYNCS.steps, "SYN102"),
        ("train_helpers.py", helper, "loss_value", "item", SYNCS.steps, "SYN101"),
    }
    by_kind = {(s["file"], s["kind"]): s for s in payload["sites"]}
    # The static rules see the two sites in train.py.
    assert by_kind[("train.py", "item")]["static"] is True
    assert by_kind[("train.py", "bool")]["static"] is True
    # The helper's `.item()` runs once per step through a call from train.py's loop.
    helper_site = by_kind[("train_helpers.py", "item")]
    assert isinstance(helper_site["static"], bool)
    call = line_of(train, "loss_value(loss)")
    main = line_of(train, "    train()")
    assert helper_site["stack"] == [
        {"file": "train_helpers.py", "line": helper, "function": "loss_value"},
        {"file": "train.py", "line": call, "function": "train"},
        {"file": "train.py", "line": main, "function": "<module>"},
    ]


def test_static_says_whether_check_reports_the_site(project: Path) -> None:
    """`static` agrees with `synclint check` on the same files, both ways."""
    _, payload = profile_json("train.py")
    checked = json.loads(invoke("check", "--no-cache", "--output-format", "json", ".").stdout)
    reported = {(d["filename"], d["location"]["row"]) for d in checked}
    for site in payload["sites"]:
        on_line = (site["file"], site["line"]) in reported
        if on_line:
            assert site["static"] is True, site
    (project / "train_helpers.py").write_text(
        (project / "train_helpers.py").read_text().replace(
            "return loss.detach().item()", "return loss.detach().item()  # noqa: SYN101"))
    (project / "train.py").write_text(
        (project / "train.py").read_text().replace(
            "for p in model.parameters()]", "for p in model.parameters()]  # noqa"))
    _, payload = profile_json("train.py")
    listcomp = [s for s in payload["sites"] if s["function"] == "<listcomp>"]
    assert [s["static"] for s in listcomp] == [False]  # suppressed: check no longer reports it


SCRIPT = """\
import torch


def run(t: torch.Tensor) -> None:
    for _ in range(2):
        t.nonzero()
        t[t > 0]
        torch.unique(t)
        bool(t.any())
        t.tolist()
        float(t.sum())
        torch.cuda.synchronize()


def stats(loss: torch.Tensor, acc: torch.Tensor) -> tuple[float, float]:
    return loss.item(), acc.item()


t = torch.tensor([0.0, 1.0, 2.0, 2.0]) + torch.zeros(4)
run(t)
for _ in range(3):
    stats(t.sum(), t.mean())
t.sum().item()
t.sum().item()
"""


def test_each_site_gets_the_code_of_the_finding_that_reports_it(project: Path) -> None:
    Path("kinds.py").write_text(SCRIPT)
    result, payload = profile_json("kinds.py")
    assert result.exit_code == 0, result.output
    codes = {(s["line"], s["kind"]): (s["code"], s["static"], s["count"])
             for s in payload["sites"]}
    assert codes == {
        (6, "nonzero"): ("SYN104", True, 2),
        (7, "getitem"): ("SYN104", True, 2),
        (8, "unique"): ("SYN104", True, 2),
        # `bool(t.any())` is reported as a host read (`bool()` of a tensor), not SYN102.
        (9, "bool"): ("SYN101", True, 2),
        (10, "tolist"): ("SYN101", True, 2),
        (11, "float"): ("SYN101", True, 2),
        # SYN103 is off by default: silenced on purpose, so it keeps its own rule.
        (12, "synchronize"): ("SYN103", False, 2),
        # Two separate reads in one statement: SYN112 reports them (the call in the loop
        # is SYN101's, through the chain; the finding on the line itself wins).
        (16, "item"): ("SYN112", True, 6),
        # A read outside loops and per-step code: no rule reports it, `check --runtime`
        # would (SYN199), and `static` says no.
        (23, "item"): ("SYN199", False, 1),
        (24, "item"): ("SYN199", False, 1),
    }


@pytest.mark.parametrize(("kind", "op", "code"), [
    ("item", "aten._local_scalar_dense.default", "SYN101"),
    ("cpu", "Tensor.cpu", "SYN101"),
    ("numpy", "Tensor.numpy", "SYN101"),
    ("bool", "aten._local_scalar_dense.default", "SYN102"),
    ("masked_select", "aten.masked_select.default", "SYN104"),
    ("repeat_interleave", "aten.repeat_interleave.Tensor", "SYN104"),
    ("synchronize", "torch.cuda.synchronize", "SYN103"),
    # A sync inside a torch function: the aten op decides.
    ("clip_grad_norm_", "aten.nonzero.default", "SYN104"),
    ("clip_grad_norm_", "aten._local_scalar_dense.default", "SYN101"),
])
def test_code_for_kind(kind: str, op: str, code: str) -> None:
    assert code_for_kind(kind, op) == code


def test_the_report_never_mixes_with_the_scripts_stdout(project: Path) -> None:
    result = invoke("profile", "train.py")
    assert result.exit_code == 0
    assert all(line.startswith("step ") for line in result.stdout.splitlines())
    assert "train_helpers.py" in result.stderr
    for args in (["--json"], ["--output-format", "json"]):
        # JSON would be mixed with the script's own output: refused before it runs.
        refused = invoke("profile", *args, "train.py")
        assert refused.exit_code == 2
        assert refused.stdout == ""
        assert "a JSON profile needs -o FILE" in refused.stderr
    result = invoke("profile", "-o", "table.txt", "train.py")
    table = Path("table.txt").read_text()
    assert table.splitlines()[0].split() == ["kind", "site", "function", "count", "code",
                                             "static"]
    assert "called from train.py:" in table
    assert f"{SYNCS.before} host syncs at 3 sites" in table
    assert "train_helpers.py" not in result.stderr


def test_the_scripts_exit_code_passes_through_with_a_file_report(project: Path) -> None:
    Path("fails.py").write_text("import sys, torch\nfor t in torch.ones(3): t.item()\n"
                                "sys.exit(4)\n")
    result, payload = profile_json("fails.py")
    assert result.exit_code == 4
    assert payload["total"] == 3


def test_an_unwritable_output_file_is_an_error(project: Path) -> None:
    result = invoke("profile", "-o", "missing-dir/p.json", "train.py")
    assert result.exit_code == 2
    assert "missing-dir/p.json" in result.stderr


def test_installed_libraries_stay_in_the_stack_even_inside_the_stdlib_directory() -> None:
    from synclint.runtime import events

    stdlib = events._STDLIB_DIRS[0]
    assert events._in_stdlib(stdlib + "runpy.py")
    assert events._in_stdlib("<frozen runpy>")
    assert not events._in_stdlib(stdlib + "site-packages/transformers/trainer.py".replace(
        "/", os.sep))


def test_equal_code_in_two_files_keeps_each_files_name() -> None:
    """Code objects compare equal across files; the stack must still name the right one."""
    from synclint.runtime.events import user_stack

    source = "def where():\n    return capture()\n"
    stacks = []
    for name in ("/somewhere/a.py", "/elsewhere/b.py"):
        namespace = {"capture": user_stack}
        exec(compile(source, name, "exec"), namespace)
        stacks.append(namespace["where"]()[0])  # type: ignore[operator]
    assert [frame.file for frame in stacks] == ["/somewhere/a.py", "/elsewhere/b.py"]
