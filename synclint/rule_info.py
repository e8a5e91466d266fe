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


@dataclass(frozen=True)
class RuleInfo:
    """A rule's metadata: the class attributes of the same names."""

    code: str
    name: str
    summary: str
    default_enabled: bool = True
    fixable: bool = False
    triggers: tuple[str, ...] = ()


_INFO = (
    RuleInfo(IO_ERROR, "io-error", "A file could not be read or decoded"),
    RuleInfo(UNUSED_NOQA, "unused-noqa", "A `# noqa: SYN...` code suppresses nothing on its line",
             default_enabled=False, fixable=True),
    RuleInfo("SYN101", "sync-in-loop",
             "A tensor is read on the host inside a loop: one GPU sync per iteration",
             fixable=True,
             triggers=(".item(", ".tolist(", ".cpu(", ".numpy(", ".to(", "float(", "int(",
                       "bool(", "complex(", "str(", "repr(", "print(", "format(", "math.",
                       "np.", "numpy", "{", "equal(", "allclose(")),
    RuleInfo("SYN102", "tensor-condition",
             "A tensor is evaluated as a Python bool: the CPU waits for the GPU to compute it",
             fixable=True,
             triggers=("if", "while", "assert", "and", "or", "not", "any", "all")),
    RuleInfo("SYN103", "device-synchronize",
             "`torch.cuda.synchronize()` waits for every stream where one stream may do",
             default_enabled=False, triggers=("synchronize",)),
    RuleInfo("SYN104", "shape-sync-in-loop",
             "An op whose output size depends on the data, in a loop: one GPU sync per "
             "iteration",
             triggers=("nonzero", "argwhere", "masked_select", "unique", "repeat_interleave",
                       "where", "[")),
    RuleInfo("SYN105", "host-to-device-in-loop",
             "Host data is copied to the GPU with a blocking copy inside a loop",
             triggers=("tensor", "asarray", ".to", ".cuda")),
    RuleInfo("SYN107", "periodic-sync",
             "A tensor is read on the host under a periodic guard: one GPU sync every N steps",
             default_enabled=False,
             triggers=(".item(", ".tolist(", ".cpu(", ".numpy(", ".to(", "float(", "int(",
                       "bool(", "complex(", "str(", "repr(", "print(", "format(", "math.",
                       "np.", "numpy", "{", "equal(", "allclose(")),
    RuleInfo("SYN199", "runtime-only-sync",
             "A host sync measured at run time (check --runtime) that no static rule reports"),
    RuleInfo("SYN201", "cat-then-reduce",
             "A concatenation of flattened tensors that is only reduced: an O(total) "
             "temporary where per-tensor reductions would do",
             fixable=True, triggers=("cat", "stack")),
    RuleInfo("SYN202", "per-element-device-move",
             "Each tensor of a list is moved to a device on its own before being stacked: "
             "many small copies",
             default_enabled=False, triggers=(".to", ".cuda")),
    RuleInfo("SYN301", "float32-squared-norm",
             "A squared-sum norm in float32: overflows to inf for values above ~1.8e19",
             fixable=True, triggers=("*", "pow", "square", "dot", "inner")),
)

#: Every rule by code, in code order (SYN000, the syntax error, is no rule).
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
    found = difflib.get_close_matches(key.upper(), list(upper), n=1, cutoff=0.6)
    return upper[found[0]] if found else None


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
