"""The static `graph_break` of each labelled case, beside Dynamo's label."""

from __future__ import annotations

from dataclasses import dataclass

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source
from synclint.rules import ALL_RULES
from tests.compile.cases import CASES, Case
from tests.compile.labelling import CONFIGS, FLAGS, breaks, load


@dataclass(frozen=True)
class Judged:
    case: str
    config: str
    dynamo: bool
    static: bool


def static_text(case: Case, config: str) -> str:
    """The case as a user would write it under `config`: the flags set at module level,
    `f` decorated with `torch.compile` (with `fullgraph=True` under fullgraph)."""
    fullgraph = config.startswith("fullgraph+")
    flags = FLAGS[config.removeprefix("fullgraph+")]
    prefix = "".join(f"torch._dynamo.config.{flag} = True\n" for flag in sorted(flags))
    decorator = "@torch.compile(fullgraph=True)" if fullgraph else "@torch.compile"
    return case.module_text(prefix, decorator)


def findings(case: Case, config: str) -> list[Diagnostic]:
    return lint_source(static_text(case, config), f"{case.name}.py", set(ALL_RULES)).diagnostics


def judge() -> list[Judged]:
    labels = load()["labels"]
    judged = []
    for case in CASES:
        for config in CONFIGS:
            static = any(d.graph_break for d in findings(case, config))
            judged.append(Judged(case.name, config, breaks(labels[case.name][config]), static))
    return judged
