"""What the command line needs to know about each rule, without importing the rules.

The rule classes (synclint/rules/) import LibCST, which costs most of a second at
start-up; `synclint --version`, `synclint rules`, configuration checks and a fully
cached run need only these few facts. tests/linter/test_rule_info.py keeps this table
equal to the rule classes' own attributes: a new rule adds its row here.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

#: Strings that must appear somewhere for any tensor to be recognised at all (the
#: engine's first prefilter; here so that a file without any skips LibCST entirely).
TENSOR_EVIDENCE = (
    "torch", "parameters(", "buffers(", "state_dict(", ".grad", ".detach(", ".cpu(",
    ".cuda(", ".float(", ".double(", ".half(", ".numel(", ".isnan(", ".isinf(", ".norm(",
    ".numpy(", ".square(", ".contiguous(", ".unsqueeze(", ".permute(", ".masked_",
    ".isfinite(", ".bfloat16(", ".requires_grad_(", ".logical_not(", ".nansum(",
    ".nan_to_num(", ".type_as(", ".view_as(", ".expand_as(", ".new_", ".pin_memory(",
    ".record_stream(", "_(",
)

SYNTAX_ERROR = "SYN000"
IO_ERROR = "SYN001"
UNUSED_NOQA = "SYN100"


#: The kinds of stall, in the order the catalogue (`synclint rules`, README) shows them.
GROUPS: tuple[str, ...] = (
    "host read", "truth test", "data-dependent shape", "host-to-device copy", "explicit wait",
    "graph break", "memory", "precision", "measured", "suppressions", "file errors",
)


@dataclass(frozen=True)
class RuleInfo:
    """A rule's metadata: the class attributes of the same names."""

    code: str
    name: str
    summary: str
    default_enabled: bool = True
    fixable: bool = False
    triggers: tuple[str, ...] = ()
    group: str = "host read"


_INFO = (
    RuleInfo(SYNTAX_ERROR, "syntax-error",
             "A file is not valid Python: CPython's own parser rejects it", group="file errors"),
    RuleInfo(IO_ERROR, "io-error", "A file could not be read, decoded or analysed",
             group="file errors"),
    RuleInfo(UNUSED_NOQA, "unused-noqa", "A `# noqa: SYN...` code suppresses nothing on its line",
             default_enabled=False, fixable=True, group="suppressions"),
    RuleInfo("SYN101", "sync-in-loop",
             "A tensor is read on the host inside a loop: one GPU sync per iteration",
             fixable=True,
             triggers=(".item(", ".tolist(", ".cpu(", ".numpy(", ".to(", "float(", "int(",
                       "bool(", "complex(", "str(", "repr(", "print(", "format(", "math.",
                       "np.", "numpy", "{", "equal(", "allclose(", "_object(",
                       "_object_list(", "] *", "]*", "* [")),
    RuleInfo("SYN102", "tensor-condition",
             "A tensor is evaluated as a Python bool: the CPU waits for the GPU to compute it",
             fixable=True,
             triggers=("if", "while", "assert", "and", "or", "not", "any", "all"), group="truth test"),
    RuleInfo("SYN103", "device-synchronize",
             "An explicit wait: a device-wide `synchronize()`, or a stream or event wait in a "
             "loop",
             default_enabled=False, triggers=("synchronize",), group="explicit wait"),
    RuleInfo("SYN104", "shape-sync-in-loop",
             "An op whose output size depends on the data, in a loop: one GPU sync per "
             "iteration",
             fixable=True,
             triggers=("nonzero", "argwhere", "masked_select", "unique", "repeat_interleave",
                       "where", "["), group="data-dependent shape"),
    RuleInfo("SYN105", "host-to-device-in-loop",
             "Host data is copied to the GPU with a blocking copy inside a loop",
             triggers=("tensor", "asarray", ".to", ".cuda"), group="host-to-device copy"),
    RuleInfo("SYN106", "sync-in-logging",
             "A tensor is read on the host to be logged in per-step code: one GPU sync per step",
             fixable=True,
             triggers=("log", "print(", "set_postfix", "set_description", "add_scalar")),
    RuleInfo("SYN107", "periodic-sync",
             "A tensor is read on the host under a periodic guard: one GPU sync every N steps",
             default_enabled=False,
             triggers=(".item(", ".tolist(", ".cpu(", ".numpy(", ".to(", "float(", "int(",
                       "bool(", "complex(", "str(", "repr(", "print(", "format(", "math.",
                       "np.", "numpy", "{", "equal(", "allclose(", "_object(",
                       "_object_list(", "] *", "]*", "* [")),
    RuleInfo("SYN108", "builtin-over-tensors",
             "`max`/`min`/`sorted`/`in` over tensors: each comparison is a hidden GPU sync",
             fixable=True, triggers=("max(", "min(", "sorted(", " in ", ".sort("),
             group="truth test"),
    RuleInfo("SYN109", "host-indexing",
             "Indexing a GPU tensor with a Python list or with GPU slice bounds: a hidden copy "
             "or sync",
             triggers=("[",), group="host-to-device copy"),
    RuleInfo("SYN110", "hidden-sync-call",
             "A call that reads a GPU value on the host inside, though the code does not show it",
             fixable=True,
             triggers=("is_nonzero", "Tensor", "tensor(", "error_if_nonfinite", "get_scale",
                       "empty_cache", "range(", "zeros(", "ones(", "empty(", "full(", "rand",
                       "arange(", "space(", "eye(", "new_", "view(", "reshape(", "expand(",
                       "repeat(", "narrow(")),
    RuleInfo("SYN111", "data-dependent-shape",
             "An op whose output size depends on GPU data: the host waits to learn the size",
             fixable=True,
             triggers=("repeat_interleave", "where", "nonzero", "argwhere", "unique",
                       "masked_select", "bincount", "one_hot"), group="data-dependent shape"),
    RuleInfo("SYN112", "separate-host-reads",
             "Several independent host reads of GPU tensors where one stacked transfer would do",
             fixable=True, triggers=(".item(", "float(", "int(", "bool(")),
    RuleInfo("SYN199", "runtime-only-sync",
             "A host sync measured at run time (check --runtime) that no static rule reports", group="measured"),
    RuleInfo("SYN401", "graph-break",
             "Code torch.compile runs breaks the graph without a host sync: print, "
             "untraceable calls", triggers=("compile",), group="graph break"),
    RuleInfo("SYN499", "runtime-only-graph-break",
             "A graph break Dynamo reported at run time (profile --compile) that no static "
             "rule predicts", group="measured"),
    RuleInfo("SYN201", "cat-then-reduce",
             "A concatenation of flattened tensors that is only reduced: an O(total) "
             "temporary where per-tensor reductions would do",
             fixable=True, triggers=("cat", "stack"), group="memory"),
    RuleInfo("SYN202", "per-element-device-move",
             "Each tensor of a list is moved to a device on its own before being stacked: "
             "many small copies",
             default_enabled=False, triggers=(".to", ".cuda"), group="host-to-device copy"),
    RuleInfo("SYN301", "float32-squared-norm",
             "A squared-sum norm in float32: overflows to inf for values above ~1.8e19",
             fixable=True, triggers=("*", "pow", "square", "dot", "inner"), group="precision"),
)

#: Every rule by code, in code order.
RULES: dict[str, RuleInfo] = {info.code: info for info in sorted(_INFO, key=lambda i: i.code)}
DEFAULT_CODES: frozenset[str] = frozenset(c for c, i in RULES.items() if i.default_enabled)
_BY_NAME = {info.name: code for code, info in RULES.items()}


def find_rule(key: str) -> str | None:
    """The code of the rule named `key` (a code in any case, or a name like
    `sync-in-loop`), or None."""
    code = key.strip().upper()
    if code in RULES:
        return code
    return _BY_NAME.get(key.strip().lower().replace("_", "-"))


def suggest(key: str, choices: list[str] | tuple[str, ...] | set[str] | frozenset[str] |
            None = None) -> str | None:
    """The closest known rule code or name to a mistyped `key`, or None."""
    if choices is None:
        choices = [*RULES, *_BY_NAME]
    pool = list(choices)
    upper = {c.upper(): c for c in pool}
    wanted = key.upper()
    if wanted.startswith("SYN"):
        # Letters typed for look-alike digits: `SYN1O1` means SYN101, not SYN111.
        wanted = "SYN" + wanted[3:].translate(_DIGIT_LOOKALIKES)
    found = difflib.get_close_matches(wanted, list(upper), n=len(upper), cutoff=0.6)
    if not found:
        return None
    # difflib's ratio ties `SYN1O1` between SYN101 and SYN112; a typo is one edit away.
    best = min(found, key=lambda candidate: _edits(wanted, candidate))
    return upper[best]


_DIGIT_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (substitutions, insertions, deletions)."""
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1,
                               previous[j - 1] + (char != other)))
        previous = current
    return previous[-1]


def did_you_mean(key: str, choices: list[str] | tuple[str, ...] | set[str] | frozenset[str] |
                 None = None) -> str:
    """"; did you mean 'X'?" for a close match, or ""."""
    match = suggest(key, choices)
    return f"; did you mean {match!r}?" if match else ""


def known_codes() -> frozenset[str]:
    """Every rule code: the table above, plus rules registered at run time in the loaded
    registry (fake rules in tests, plugins), which a light run never loads."""
    import sys

    registry = sys.modules.get("synclint.rules")
    extra = getattr(registry, "ALL_RULES", {}) if registry is not None else {}
    return frozenset(RULES) | frozenset(extra)


def info(code: str) -> RuleInfo | None:
    """The metadata of `code`, from the table or from a rule registered at run time."""
    found = RULES.get(code)
    if found is not None:
        return found
    import sys

    registry = sys.modules.get("synclint.rules")
    rule = getattr(registry, "ALL_RULES", {}).get(code) if registry is not None else None
    if rule is None:
        return None
    return RuleInfo(rule.code, rule.name, rule.summary, rule.default_enabled, rule.fixable,
                    tuple(rule.triggers))
