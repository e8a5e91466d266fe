"""`synclint check --runtime PROFILE.json` on the example training script."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import example_syncs, invoke, line_of, profile_json

pytest.importorskip("torch")

#: What examples/train.py syncs, derived from the script (steps, parameters).
SYNCS = example_syncs()


def _findings(*args: str) -> list[dict[str, Any]]:
    result = invoke("check", "--no-cache", "--output-format", "json", "--runtime",
                    "profile.json", *args)
    assert result.exit_code == 1, result.output
    findings: list[dict[str, Any]] = json.loads(result.stdout)
    return findings


def test_findings_carry_the_measured_syncs_and_the_blind_site_is_syn199(project: Path) -> None:
    profile_json("train.py")
    findings = _findings(".")
    train, helpers = project / "train.py", project / "train_helpers.py"
    at = {(d["filename"], d["location"]["row"], d["code"]): d for d in findings}
    listcomp = at[("train.py", line_of(train, ".item() for p in"), "SYN101")]
    assert listcomp["runtime"] == {"syncs": SYNCS.per_parameter_reads}
    isnan = at[("train.py", line_of(train, "        if torch.isnan(loss)"), "SYN102")]
    assert isnan["runtime"] == {"syncs": SYNCS.steps}
    # The helper's `.item()` (one sync per step) is covered either by a static finding
    # (a whole-program rule reporting the call chain) or by SYN199: never both, never neither.
    helper = line_of(helpers, ".item()")
    call = line_of(train, "loss_value(loss)")
    runtime_only = [d for d in findings if d["code"] == "SYN199"]
    static = [d for d in findings if d["code"] != "SYN199" and d["runtime"]
              and d["runtime"]["syncs"] > 0 and ((d["filename"], d["location"]["row"]) in {("train_helpers.py", helper),
                                                             ("train.py", call)}
                   or any((r["filename"], r["location"]["row"]) == ("train_helpers.py", helper)
                          for r in d["related"]))]
    assert bool(runtime_only) != bool(static), (runtime_only, static)
    if runtime_only:
        [finding] = runtime_only
        assert (finding["filename"], finding["location"]["row"]) == ("train_helpers.py", helper)
        assert finding["location"]["column"] == 5  # the statement, not the indentation
        assert finding["runtime"] == {"syncs": SYNCS.steps}
        assert finding["fix"] is None
        assert len(finding["message"]) <= 100
        # Related locations lead from the caller to the sync.
        assert [(r["filename"], r["location"]["row"]) for r in finding["related"]] == [
            ("train.py", line_of(train, "    train()")), ("train.py", call)]
    else:
        assert all(d["runtime"]["syncs"] >= SYNCS.steps for d in static)


def _measured(line: str) -> int:
    match = re.search(r"\[(\d+) syncs?\]$", line)
    return int(match.group(1)) if match else 0


def test_text_output_is_sorted_by_measured_cost(project: Path) -> None:
    profile_json("train.py")
    (project / "other.py").write_text(
        "import torch\n\ndef f(ts: list[torch.Tensor]):\n    return [t.item() for t in ts]\n")
    result = invoke("check", "--no-cache", "--runtime", "profile.json", ".")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("train.py:") and lines[0].endswith(
        f"[{SYNCS.per_parameter_reads} syncs]")
    assert lines[1].endswith(f"[{SYNCS.steps} syncs]")
    counts = [_measured(line) for line in lines]
    assert counts == sorted(counts, reverse=True)
    # other.py never ran: no count, and it comes after every measured sync.
    [other] = [n for n, line in enumerate(lines) if line.startswith("other.py:")]
    assert "syncs]" not in lines[other] and all(c == 0 for c in counts[other:])


def test_sarif_and_github_carry_the_join(project: Path) -> None:
    profile_json("train.py")
    sarif = json.loads(invoke("check", "--no-cache", "--output-format", "sarif", "--runtime",
                              "profile.json", ".").stdout)
    results = sarif["runs"][0]["results"]
    counts = sorted(r["properties"]["runtimeSyncs"] for r in results
                    if "runtimeSyncs" in r.get("properties", {}))
    assert counts[-1] == SYNCS.per_parameter_reads
    assert sum(counts) >= SYNCS.before  # every measured sync is on some finding
    github = invoke("check", "--no-cache", "--output-format", "github", "--runtime",
                    "profile.json", ".").stdout
    assert github.count("::warning") >= 3
    assert f"[{SYNCS.per_parameter_reads} syncs]" in github


def test_without_runtime_nothing_changes(project: Path) -> None:
    profile_json("train.py")
    plain = json.loads(invoke("check", "--no-cache", "--output-format", "json", ".").stdout)
    assert all(d["runtime"] is None for d in plain)
    assert all(d["code"] != "SYN199" for d in plain)


@pytest.mark.parametrize(("content", "message"), [
    (None, "no such profile file"),
    ("{not json", "not a JSON profile"),
    ('{"total": 1, "backend": "emulated"}', "not a synclint profile"),
    ('{"total": 1, "backend": "emulated", "sites": [{"file": 3}]}', "not a synclint profile"),
    ("[]", "not a synclint profile"),
])
def test_a_bad_profile_is_a_one_line_error(project: Path, content: str | None,
                                           message: str) -> None:
    if content is not None:
        Path("profile.json").write_text(content)
    result = invoke("check", "--runtime", "profile.json", ".")
    assert result.exit_code == 2
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("error: profile.json: ") and message in line


def test_runtime_cannot_be_combined_with_fixing(project: Path) -> None:
    profile_json("train.py")
    before = (project / "train.py").read_text()
    result = invoke("check", "--fix", "--runtime", "profile.json", ".")
    assert result.exit_code == 2
    assert "--runtime cannot be combined" in result.stderr
    assert (project / "train.py").read_text() == before
