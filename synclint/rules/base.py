"""The rule contract: a rule is a set of visit hooks that report nodes, nothing else.

Rules never print, never touch files and never know about the CLI (DESIGN.md section 1).
Each rule class carries its own VALID (must not fire) and INVALID (must fire) examples,
which the generic test suite runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

import libcst as cst

from synclint.analysis.cold import PERIODIC
from synclint.analysis.graph_breaks import graph_break_here
from synclint.analysis.kinds import DEVICE_TENSORS, TENSORS, UNKNOWN, Kind, Seq
from synclint.analysis.walker import Context
from synclint.diagnostics import Related
from synclint.fixes.output_size import Facts as OutputSizeFacts
from synclint.fixes.pending import PendingFix, Replacement
from synclint.fixes.regions import refusal
from synclint.hidden import ONCE, OPT_IN
from synclint.knowledge.dynamo import Verdict
from synclint.rule_info import GROUPS
from synclint.rules.wording import sentence, with_reason

__all__ = ["GROUPS", "Example", "PendingFix", "RelatedNode", "Replacement", "Report", "Rule",
           "Sink", "hooks_of"]


@dataclass(frozen=True)
class RelatedNode:
    """Another place in the same file that explains a finding, as a node: the engine gives
    it its line and column (`Related` in the diagnostic)."""

    node: cst.CSTNode
    message: str


#: Groups of rules that stay silent in code that is cold by its role (setup, save, load,
#: export, logger backends, tests: `analysis/roles.py`): a stall there is paid once per
#: setup or save, not per step. Memory and precision findings are wrong values or peaks
#: whenever the code runs, so they are still reported; so are explicit waits (the opt-in
#: SYN103 lists every `synchronize()` call on purpose).
COLD_SILENT_GROUPS = frozenset({"host read", "truth test", "data-dependent shape",
                                "host-to-device copy"})


@dataclass(frozen=True)
class Report:
    """A finding as a rule makes it: a node, a message, maybe a fix."""

    code: str
    node: cst.CSTNode
    message: str
    fix: PendingFix | None = None
    confidence: str = "high"
    help: str | None = None
    related: tuple[Related | RelatedNode, ...] = ()
    #: In compiled code, Dynamo's verdict on the node (`analysis/graph_breaks.py`).
    graph_break: Verdict | None = None


@dataclass(frozen=True)
class Example:
    """An INVALID example: the code, and optionally the fixed code its fix must produce."""

    code: str
    expected_fix: str | None = None
    #: How many findings of this rule the code must produce (None: at least one).
    count: int | None = None


@dataclass
class Sink:
    """Where rules' reports go during one file's traversal."""

    reports: list[Report] = field(default_factory=list)
    #: (code, node, tier) of each finding a tier hides by default (`synclint/hidden.py`):
    #: counted for the summary's hint, never reported.
    hidden: list[tuple[str, cst.CSTNode, str]] = field(default_factory=list)


class Rule:
    """Base class of every rule: subclasses add `visit_<Node>` / `leave_<Node>` methods."""

    code: ClassVar[str]
    name: ClassVar[str]
    #: One line for `synclint rules` and SARIF's shortDescription.
    summary: ClassVar[str]
    #: The kind of stall the rule finds (one of GROUPS): how the catalogue is grouped.
    group: ClassVar[str] = "host read"
    #: Off-by-default rules run only when selected explicitly or by prefix.
    default_enabled: ClassVar[bool] = True
    #: Whether the rule can offer a fix (some findings may still have none).
    fixable: ClassVar[bool] = False
    #: Findings come only from a runtime profile (`check --runtime`), never from source.
    runtime_only: ClassVar[bool] = False
    #: The rule reports host reads under periodic guards (cold for every other rule).
    reports_periodic: ClassVar[bool] = False
    #: Substrings at least one of which the source must contain for the rule to fire.
    triggers: ClassVar[tuple[str, ...]] = ()
    VALID: ClassVar[list[str]] = []
    INVALID: ClassVar[list[str | Example]] = []

    def __init__(self, context: Context, sink: Sink) -> None:
        self.ctx = context
        self._sink = sink
        self._reported: set[int] = set()
        self._hidden: set[int] = set()

    def report(
        self,
        node: cst.CSTNode,
        message: str,
        *,
        fix: PendingFix | None = None,
        confidence: str = "high",
        help: str | None = None,
        related: tuple[Related | RelatedNode, ...] = (),
        pattern: str | None = None,
    ) -> None:
        """Report `node` once (a node reached by two paths is still one finding).

        In code `torch.compile` runs, the finding says whether it breaks the graph: by
        `pattern` (a row of `knowledge/dynamo.py`) when the rule knows it, else by the
        pattern `analysis/graph_breaks.py` reads from the node."""
        if id(node) in self._reported:
            return
        if self.group in COLD_SILENT_GROUPS and not self.runtime_only:
            if self.ctx.cold_role is not None:
                return  # setup, save, load, export or test code: runs once, not per step
            cold = self.ctx.cold(node)
            if cold is not None and not (cold.reason == PERIODIC and self.reports_periodic):
                return  # a raise, an assert message, a guarded block that runs rarely
            option = self.ctx.opt_in(node)
            if option is not None:
                if not self.ctx.report_opt_in:
                    # an option off by default turns this code on (`--opt-in`)
                    return self._hide(node, OPT_IN)
                if "only with" not in message:
                    message = f"{message.rstrip('.')}, only with {option}"
            once = self.ctx.once()
            if once is not None:
                if not self.ctx.report_once:
                    # a file writer or reader, a CLI command: once per file (`--once`)
                    return self._hide(node, ONCE)
                message = f"{message.rstrip('.')}, {once}"
        self._reported.add(id(node))
        # A sentence: "Every element of `any()` ...", "Printing a tensor in `print()` ...".
        message = message[:1].upper() + message[1:]
        if fix is not None:
            fix, help = self._refuse_where_forbidden(fix, help)
        if help:
            help = sentence(help)  # one shape for every rule's remedy: a full sentence
        self._sink.reports.append(
            Report(self.code, node, message, fix, confidence, help, related,
                   graph_break_here(self.ctx, node, self.code, pattern)))

    def _hide(self, node: cst.CSTNode, tier: str) -> None:
        """Hold back a finding of a hidden tier, counted once per node like a report."""
        if id(node) not in self._hidden:
            self._hidden.add(id(node))
            self._sink.hidden.append((self.code, node, tier))

    def _refuse_where_forbidden(self, fix: PendingFix,
                                help: str | None) -> tuple[PendingFix | None, str | None]:
        """No fix in code the fixer must leave alone (compiled functions, a comment that
        warns against `.tolist()`): the help then says why, instead of the fix's caveats."""
        why = refusal(fix, self.ctx.parents, self.ctx.imports, self.ctx.source)
        region = self.ctx.compiled_region()
        if why is None and region is not None and not fix.compile_safe:
            why = (f"this code runs under torch.compile ({region.reason}), which may not "
                   "trace the rewrite")
        if why is None:
            return fix, help
        remedy = help or ""
        for caveat in ("No safe fix:", "The fix is unsafe:"):
            remedy = remedy.split(caveat, 1)[0]
        return None, with_reason(remedy.strip() or "Fix it by hand", why)

    @classmethod
    def could_match(cls, source: str) -> bool:
        """False when the source cannot contain a finding of this rule (cheap prefilter)."""
        return not cls.triggers or any(trigger in source for trigger in cls.triggers)

    # -- helpers shared by rules ----------------------------------------------------------
    def report_sync_behind_read(self, node: cst.Attribute, help: str) -> None:
        """Report `node` when, in a loop or per-step code, it reads a property whose
        getter syncs the way this rule describes: a call of the getter at every read
        (`report_sync_behind_call`)."""
        if (self.ctx.in_loop or self.ctx.hot is not None) and self.ctx.getter(node) is not None:
            self.report_sync_behind_call(node, help)

    def report_sync_behind_call(self, node: cst.Call | cst.Attribute, help: str) -> bool:
        """Report `node` when, in a loop or per-step code, it calls a project function
        (or reads a property whose getter is one) that syncs the way this rule describes
        (the chain goes in `related`); True when it did, so the caller stops looking at
        the call."""
        from synclint.analysis.chains import call_message, call_related, call_syncs

        hot = self.ctx.hot_here()
        if not self.ctx.in_loop and hot is None:
            return False
        found = call_syncs(self.ctx, node, self.code)
        if found is None:
            return False
        self.report(node, call_message(found, hot), confidence=found.confidence,
                    related=call_related(found, hot), help=help)
        return True

    def scope(self) -> cst.CSTNode:
        """The function being visited, or the module outside any function."""
        return self.ctx.functions[-1] if self.ctx.functions else self.ctx.parents[0]

    def output_size_facts(self) -> OutputSizeFacts:
        """What the `output_size=` fix asks of the analysis (SYN104, SYN111)."""
        return OutputSizeFacts(self.ctx.imports,
                               is_tensor=lambda node: self.ctx.kind(node) in TENSORS,
                               is_builtin=lambda name: not self.ctx.bound(name),
                               is_tensor_sequence=self._is_tensor_sequence)

    def _is_tensor_sequence(self, node: cst.BaseExpression) -> bool:
        kind = self.ctx.kind(node)
        return isinstance(kind, Seq) and kind.elem in TENSORS

    def kind(self, node: cst.BaseExpression) -> Kind:
        return self.ctx.kind(node)

    def is_device_tensor(self, node: cst.BaseExpression) -> bool:
        return self.ctx.kind(node) in DEVICE_TENSORS

    def is_unknown(self, node: cst.BaseExpression) -> bool:
        return self.ctx.kind(node) is UNKNOWN


def hooks_of(rule: Rule) -> tuple[dict[str, list[Callable[[cst.CSTNode], None]]],
                                  dict[str, list[Callable[[cst.CSTNode], None]]]]:
    """The visit and leave hooks of a rule instance, keyed by node class name."""
    visits: dict[str, list[Callable[[cst.CSTNode], None]]] = {}
    leaves: dict[str, list[Callable[[cst.CSTNode], None]]] = {}
    for attribute in dir(type(rule)):
        if attribute.startswith("visit_"):
            visits.setdefault(attribute[6:], []).append(getattr(rule, attribute))
        elif attribute.startswith("leave_"):
            leaves.setdefault(attribute[6:], []).append(getattr(rule, attribute))
    return visits, leaves
