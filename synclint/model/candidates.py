"""Which rules can fire in a file, asked of the model before LibCST parses it (DESIGN.md
section 10: pay only for what can fire).

A LibCST parse and the rules' walk cost several `ast` parses; most files of a large
package hold no finding. From the file's `ast` tree and the model's facts (the same kinds
the rules will ask, `facts.py`), this walk looks for a *candidate site* of each enabled
rule: the syntax the rule matches (a host read, a test, a named call, a square ...)
with the kinds it needs (a tensor that may live on a GPU, ...). A file without one is
never LibCST-parsed.

Each predicate is a necessary condition of its rule's findings, never a sufficient one:
it may take a site the rule then declines (cold code, a look-alike the rule tells apart),
never the reverse. Context a predicate cannot see cheaply (a cold branch, a fix) is left
to the rule. The names a rule and its predicate match are one list
(`analysis/site_names.py`, the knowledge tables). `tests/model/test_candidates.py` tests
each site with a look-alike; `tests/speed/test_prefilter.py`, that the findings are the
same without the gate.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from synclint import knowledge
from synclint.analysis.kinds import (
    BOOL_TENSOR,
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    TENSORS,
    UNKNOWN,
    Kind,
    Tup,
    elem_of,
)
from synclint.analysis.names import from_imported
from synclint.analysis.roles import (
    class_role,
    function_role,
    module_function_role,
    module_name,
    module_role,
)
from synclint.analysis.site_names import (
    COMPARING_BUILTINS,
    DATA_SHAPE_NAMES,
    HIDDEN_SYNC_NAMES,
    LIGHTNING_LOG_METHODS,
    LOGGER_FUNCTIONS,
    LOGGER_METHODS,
    READ_BUILTINS,
    SIZE_FUNCTIONS,
    SIZE_METHODS,
)
from synclint.analysis.torch_api import (
    DEVICE_WIDE,
    LIKELY_TENSOR_METHODS,
    SYNC_BUILTINS,
    SYNC_COMPARISONS,
    SYNC_METHODS,
)
from synclint.knowledge.torch import (
    COPYING_CONSTRUCTORS,
    JOIN_FLATTENED_FUNCTIONS,
    SHAPE_FUNCTIONS,
    SUM_FUNCTIONS,
    SUM_METHODS,
)
from synclint.model.expressions import compares_with_none
from synclint.model.facts import Facts
from synclint.model.invokers import invoked_call
from synclint.model.kindops import argument_syncs
from synclint.model.properties import PROPERTY
from synclint.model.spans import ast_spans
from synclint.model.squares import squared, squared_sum
from synclint.model.summaries import FileView, Summary
from synclint.model.syntax import (
    CHILD_FIELDS,
    LEAF_TYPES,
    SEQUENCE_DISPLAYS,
    _dotted,
    _last,
    any_all,
    child_fields,
    forward_input,
    numpy_forced,
    qualify,
)

#: Logging calls SYN106 looks at, by their last name.
_LOGGING_NAMES = LIGHTNING_LOG_METHODS | LOGGER_METHODS | {"print"}
#: Methods that flatten a tensor (SYN201 joins their results) and that move one (SYN202).
_FLATTENS = frozenset({"view", "reshape", "flatten", "ravel"})
_MOVES = frozenset({"to", "cuda"})
#: The sums SYN301 looks into: the builtin, `torch.sum`-like functions, `.sum()`-like
#: methods and dot products, by their last name.
_SUMS = frozenset({"sum", "dot", "vdot", "inner", *SUM_METHODS,
                   *(f.rpartition(".")[2] for f in SUM_FUNCTIONS)})
#: Modules whose functions read a tensor on the host (`torch_api.SYNC_MODULES`'s heads).
_HOST_MODULES = ("math", "numpy", "np", "torch.distributed")

#: The codes this walk decides. Any other rule always runs: findings from a runtime
#: profile, unused suppressions (judged from the other rules' findings), a rule added
#: without a predicate here.
DECIDED = frozenset({"SYN101", "SYN102", "SYN103", "SYN104", "SYN105", "SYN106", "SYN107",
                     "SYN108", "SYN109", "SYN110", "SYN111", "SYN112", "SYN201", "SYN202",
                     "SYN301", "SYN401"})
#: The codes silent in code cold by its role (setup, save, export, test code ...): their
#: rules' groups are `rules.base.COLD_SILENT_GROUPS` (`tests/model/test_candidates.py`
#: keeps the two lists one).
COLD_SILENT = frozenset({"SYN101", "SYN102", "SYN104", "SYN105", "SYN106", "SYN107",
                         "SYN108", "SYN109", "SYN110", "SYN111", "SYN112", "SYN202"})
#: SYN401's candidates are the view's compiled regions, not sites.
_SITES = DECIDED - {"SYN401"}


def candidate_codes(text: str, tree: ast.Module, facts: Facts, view: FileView,
                    codes: Iterable[str]) -> frozenset[str]:
    """The codes among `codes` with a candidate site in the file: the rules LibCST must
    parse it for (none: it is never parsed)."""
    wanted = frozenset(codes)
    found: set[str] = set()
    if "SYN401" in wanted and view.compiled.regions:
        found.add("SYN401")
    if not wanted & _SITES:
        return frozenset(found)
    walk = _Walk(text, tree, facts, view, wanted & _SITES)
    try:
        walk.run()
    except _Found:
        pass
    return frozenset(found | walk.found)


def candidate_statements(text: str, tree: ast.Module, facts: Facts, view: FileView,
                         codes: Iterable[str]
                         ) -> tuple[frozenset[str], frozenset[int], frozenset[int]]:
    """`candidate_codes`, with the index of each module statement that holds a candidate
    site of one of them (-1 for a site outside any function), and the outermost functions
    (module functions and methods of module classes, by the `id` of their node in `tree`)
    that hold one: a finding of those codes can only be in one of these (the engine need
    not give LibCST the others: `kept_text.kept_source`)."""
    wanted = frozenset(codes)
    walk = _Walk(text, tree, facts, view, wanted & _SITES)
    walk.statements = set()
    walk.run()
    found = set(walk.found)
    if "SYN401" in wanted and view.compiled.regions:
        found.add("SYN401")
    return frozenset(found), frozenset(walk.statements), frozenset(walk.outermost)


class _Found(Exception):
    """Raised to stop the walk once every code asked for has a candidate."""


class _Walk:
    def __init__(self, text: str, tree: ast.Module, facts: Facts, view: FileView,
                 wanted: frozenset[str]) -> None:
        self.tree = tree
        self.facts = facts
        self.view = view
        self.wanted = wanted
        self.found: set[str] = set()
        self.lines = facts.lines
        self.torch = "torch" in text
        self.imports = facts.imports
        self.loops = 0
        self.hot = False
        self.scope: list[str] = []
        self.logging = 0
        #: SYN112's reads outside loops in the statement list being walked (the rule
        #: merges reads of one block; nested `if` and `try` bodies count with theirs).
        self.block_reads = 0
        self.chain = _chain_codes(view)
        #: Properties whose getters sync at every read, by name: the codes they sync by.
        self.getters = _getter_codes(view)
        self.sites = _SITE_HANDLERS if not self.getters else _WITH_GETTERS
        self.functions: list[ast.AST] = []
        #: Why the code being walked is cold by its role, as the walker's
        #: `Context.cold_role` says it (None: it may run per step).
        self.cold_role = module_role(module_name(view.module, view.filename), _top_imports(tree))
        self.classes: list[ast.ClassDef | None] = []  # None: a function's body
        #: The names each enclosing loop binds, innermost last.
        self.targets: list[frozenset[str]] = []
        self.flattening: dict[int, bool] = {}
        #: The module statement being walked, and where `candidate_statements` collects
        #: the statements with a candidate (None: stop once every code has one).
        self.top = 0
        self.statements: set[int] | None = None
        #: With `statements`: the outermost function around each candidate, by `id`.
        self.outermost: set[int] = set()

    # -- results ------------------------------------------------------------------------
    def add(self, *codes: str) -> None:
        for code in codes:
            if self.cold_role is not None and code in COLD_SILENT:
                continue  # `Rule.report` drops it (`Context.cold_role`)
            if code not in self.wanted:
                continue
            if self.statements is not None:
                # -1: a site outside any function (rules and fixes then read the whole
                # module, so LibCST must have all of it).
                self.statements.add(self.top if self.functions else -1)
                if self.functions:
                    self.outermost.add(id(self.functions[0]))
                self.found.add(code)
            elif code not in self.found:
                self.found.add(code)
                if len(self.found) == len(self.wanted):
                    raise _Found

    def kind(self, node: ast.expr) -> Kind:
        found = self.facts.kind_for_gate(node)
        if found is not None:
            return found
        # (Never a `BoolOp` missing where an operand is recorded: it is, right after.)
        if isinstance(node, (ast.Constant, ast.JoinedStr)):
            return HOST
        return UNKNOWN

    def device(self, node: ast.expr | None) -> bool:
        return node is not None and not _host(node, self.view.names) and \
            self.kind(node) in DEVICE_TENSORS

    # -- the traversal ------------------------------------------------------------------
    def run(self) -> None:
        saved, self.block_reads = self.block_reads, 0  # `block`, noting each statement
        for index, statement in enumerate(self.tree.body):
            self.top = index
            self.node(statement)
        self.block_reads = saved

    def block(self, body: Iterable[ast.stmt]) -> None:
        saved, self.block_reads = self.block_reads, 0
        for statement in body:
            self.node(statement)
        self.block_reads = saved

    def children(self, node: ast.AST) -> None:
        for name in CHILD_FIELDS.get(type(node)) or child_fields(type(node)):
            for item in v if type(v := getattr(node, name)) is list else (v,):
                if type(item) not in LEAF_TYPES:
                    self.node(item)

    def node(self, node: ast.AST) -> None:
        structure = _STRUCTURE.get(type(node))
        if structure is not None:
            structure(self, node)
            return
        site = self.sites.get(type(node))
        if site is None or not site(self, node):
            self.children(node)

    def class_(self, node: ast.ClassDef) -> None:
        self.each(node.decorator_list)
        self.each(node.bases)
        self.each(k.value for k in node.keywords)
        self.scope.append(node.name)
        self.classes.append(node)
        saved = self.hot, self.loops
        self.hot, self.loops = False, 0
        self.block(node.body)
        self.hot, self.loops = saved
        self.classes.pop()
        self.scope.pop()

    def for_(self, node: ast.For | ast.AsyncFor) -> None:
        self.node(node.iter)
        self.loops += 1
        self.targets.append(_names(node.target))
        self.node(node.target)
        self.block(node.body)
        self.targets.pop()
        self.loops -= 1
        self.block(node.orelse)

    def while_(self, node: ast.While) -> None:
        self.loops += 1
        self.targets.append(frozenset())
        self.test(node.test)
        self.node(node.test)
        self.block(node.body)
        self.targets.pop()
        self.loops -= 1
        self.block(node.orelse)

    def each(self, nodes: Iterable[ast.AST]) -> None:
        for node in nodes:
            self.node(node)

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.each(node.decorator_list)
        self.each(d for d in (*node.args.defaults, *node.args.kw_defaults) if d is not None)
        self.scope.append(node.name)
        saved = self.hot, self.loops
        summary = self.view.summaries.get(f"{self.view.module}:{'.'.join(self.scope)}")
        self.hot, self.loops = summary is not None and summary.hot is not None, 0
        saved_role = self.cold_role
        self.cold_role = None if self.hot else _function_role(
            node, summary, self.classes, self.view) or self.cold_role
        self.functions.append(node)
        self.classes.append(None)
        self.block(node.body)
        self.classes.pop()
        self.functions.pop()
        self.hot, self.loops = saved
        self.cold_role = saved_role
        self.scope.pop()

    def comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp
                      | ast.DictComp) -> None:
        generators = node.generators
        self.node(generators[0].iter)
        self.loops += 1
        self.targets.append(frozenset().union(*(_names(g.target) for g in generators)))
        for index, generator in enumerate(generators):
            if index:
                self.node(generator.iter)
            self.node(generator.target)
            for condition in generator.ifs:
                self.test(condition)
                self.node(condition)
        if isinstance(node, ast.DictComp):
            self.node(node.key)
            self.node(node.value)
        else:
            self.node(node.elt)
        self.targets.pop()
        self.loops -= 1

    # -- candidate sites ----------------------------------------------------------------
    # -- candidate sites: each says whether it walked the node's children itself ---------
    def tested(self, node: ast.If | ast.Assert | ast.IfExp) -> bool:
        self.test(node.test)
        return False

    def unary(self, node: ast.UnaryOp) -> bool:
        if isinstance(node.op, ast.Not):
            self.test(node.operand)
        return False

    def boolop(self, node: ast.BoolOp) -> bool:
        for value in node.values:
            self.test(value)
        return False

    def formatted(self, node: ast.FormattedValue) -> bool:
        if (self.loops or self.hot or self.logging) and self.device(node.value):
            if self.loops or self.hot:
                self.add("SYN101", "SYN107")
            if self.logging:
                self.add("SYN106")
        return False

    def compare(self, node: ast.Compare) -> bool:
        # `"loss" in outputs` is a key test (`builtin_over_tensors.visit_Comparison`).
        if any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and \
                not _string(node.left) and any(self.device(c) for c in node.comparators):
            self.add("SYN108")
        return False

    def binop(self, node: ast.BinOp) -> bool:
        # `[w] * (n // w)`: a sequence repeated by a device tensor (`sync_in_loop`).
        if isinstance(node.op, ast.Mult) and (self.loops or self.hot) and any(
                isinstance(sequence, SEQUENCE_DISPLAYS) and self.device(count)
                for sequence, count in ((node.left, node.right), (node.right, node.left))):
            self.add("SYN101", "SYN107")
        return False

    def augassign(self, node: ast.AugAssign) -> bool:
        if isinstance(node.op, ast.Add) and self.loops and squared(node.value):
            self.add("SYN301")
        return False

    def test(self, node: ast.expr) -> None:
        """SYN102: a tensor tested for truth."""
        if "SYN102" not in self.wanted:
            return
        for operand in _bool_operands(node):
            if self.device(operand) or (self.torch and any_all(operand) and self.module_input()):
                self.add("SYN102")  # (`x.any()` of a module's input: the rule follows it)

    def subscript(self, node: ast.Subscript) -> bool:
        slices = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        # Literal indices and bounds (`x[0]`, `d["key"]`, `x[:, 1:]`) are never tensors.
        indices = [s for s in slices if not isinstance(s, ast.Slice) and not _literal(s)]
        for piece in slices:
            if isinstance(piece, ast.Slice) and any(
                    self.device(bound) for bound in (piece.lower, piece.upper, piece.step)
                    if bound is not None and not _literal(bound)):
                self.add("SYN109")
        per_step = bool(self.loops or self.hot)
        store = not self.loops and isinstance(node.ctx, ast.Store)
        # (asked only where a mask would be a site: most subscripts are neither)
        if (per_step or store) and any(self.kind(index) is BOOL_TENSOR for index in indices):
            if per_step:
                self.add("SYN104")
            if store:
                self.add("SYN109")
        if indices and (self.loops or self.hot) and self.device(node.value) and any(
                isinstance(i, (ast.List, ast.ListComp, ast.Name)) for i in indices):
            self.add("SYN109")
        return False

    def call(self, node: ast.Call) -> bool:
        func = node.func
        name = _last(func)
        if not name:
            return False
        if isinstance(func, ast.Name) and func.id in self.imports:
            # `from torch import nonzero as nz`: the rules match the imported name.
            name = self.imports[func.id].rpartition(".")[2]
        method = isinstance(func, ast.Attribute)
        receiver = func.value if isinstance(func, ast.Attribute) else None
        per_step = self.loops > 0 or self.hot
        if per_step and name in self.chain:
            self.behind(node, self.chain[name])
        elif per_step and "__call__" in self.chain:
            # `meter(loss)`, `self._embedding(batch)`: an object of a plain class runs
            # its `__call__`.
            self.behind(node, self.chain["__call__"])
        if per_step and name in knowledge.INVOKERS:
            # `checkpoint(self._run, x)` calls `self._run(x)` here (`model/invokers.py`).
            invoked = invoked_call(node, lambda dotted: qualify(func, self.imports))
            if invoked is not None and _last(invoked.func) in self.chain:
                self.behind(invoked, self.chain[_last(invoked.func)])
        if self.read(node, name, receiver):
            if per_step:
                self.add("SYN101", "SYN107")
            if self.logging:
                self.add("SYN106")
        if not self.loops and "SYN112" in self.wanted and self.separate_read(node, receiver):
            self.block_reads += 1
            if self.block_reads >= 2:
                self.add("SYN112")
        if not method and name == "print" and any(self.device(a) for a in node.args):
            self.add("SYN106")
        if name in ("any", "all") and not method and len(node.args) == 1:
            self.any_all(node.args[0])
        if name in COMPARING_BUILTINS and not method:
            if any(self.device(a) or _over_device(self.kind(a)) for a in node.args):
                self.add("SYN108")
        if name == "sort" and receiver is not None and _over_device(self.kind(receiver)):
            self.add("SYN108")
        if name == "synchronize" and (not method or (self.loops and not node.args) or
                                      qualify(func, self.imports) in DEVICE_WIDE):
            self.add("SYN103")  # a device-wide wait, or a stream's or event's in a loop
        if name in SHAPE_FUNCTIONS and per_step and (
                name != "where" or len(node.args) + len(node.keywords) == 1):
            self.add("SYN104")  # `where(cond)`; `where(cond, a, b)` keeps its shape
        if name in DATA_SHAPE_NAMES and self.operands_device(node, receiver):
            self.add("SYN111")
        if name in HIDDEN_SYNC_NAMES and _hidden_sync(self, node, name, receiver):
            self.add("SYN110")
        if self.loops and name in _MOVES and receiver is not None:
            kind = self.kind(receiver)
            if kind is HOST_TENSOR:
                self.add("SYN105")
            if isinstance(receiver, ast.Name) and receiver.id in self.targets[-1] and (
                    kind in TENSORS or kind is UNKNOWN):
                self.add("SYN202")  # the innermost loop's own element (`_is_loop_target`)
        if self.loops and name in COPYING_CONSTRUCTORS and _to_a_device(node, name) and \
                not _device_of_host_tensor(self, node):
            self.add("SYN105")
        if name in _JOINS and node.args and (
                not method or qualify(func, self.imports) in JOIN_FLATTENED_FUNCTIONS) and \
                _joins_flattened(self, node.args[0]):  # torch's joins, not `np.stack`
            self.add("SYN201")
        if name in _SUMS and squared_sum(node, name, receiver):
            self.add("SYN301")
        if name not in _LOGGING_NAMES and qualify(func, self.imports) not in LOGGER_FUNCTIONS:
            return False
        self.node(func)
        self.logging += 1
        self.each(node.args)
        self.each(k.value for k in node.keywords)
        self.logging -= 1
        return True

    def behind(self, node: ast.Call, summaries: list[Summary]) -> None:
        """A call in per-step code of a project function that syncs, by its name: its own
        syncs, and those of a parameter given a value that makes them happen."""
        positional = [a for a in node.args if not isinstance(a, ast.Starred)]
        keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
        for summary in summaries:
            self.add(*(effect.code for effect in summary.syncs))
            for effect in summary.param_effects:
                value = positional[effect.index] if effect.index < len(positional) else \
                    keywords.get(effect.name)
                if value is not None and argument_syncs(self.kind(value),
                                                        effect.strength) is not None:
                    self.add(effect.effect.code)

    def attribute(self, node: ast.Attribute) -> bool:
        """In per-step code, the read of a property whose getter syncs (the model says
        which reads run a getter: `Facts.getter`)."""
        codes = self.getters.get(node.attr)
        if codes and (self.loops or self.hot) and any(
                self.facts.getter(span) is not None for span in ast_spans(node, self.lines)):
            self.add(*codes)
        return False

    def read(self, node: ast.Call, name: str, receiver: ast.expr | None) -> bool:
        """A host read of a GPU tensor (SYN101's sites, which SYN106, SYN107 and SYN112
        narrow)."""
        if receiver is not None:
            if name == "to":
                return self.device(receiver) and any(_cpu(a) for a in _device_args(node))
            if name in SYNC_COMPARISONS:  # `a.equal(b)`, `torch.equal(a, b)`
                return self.device(receiver) or any(self.device(a) for a in node.args)
            if name in SYNC_METHODS or (name == "numpy" and numpy_forced(node)):
                kind = self.kind(receiver)
                return kind in DEVICE_TENSORS or (
                    kind is UNKNOWN and name in LIKELY_TENSOR_METHODS and self.torch) or (
                    kind is UNKNOWN and name == "tolist" and self.torch and
                    self.module_input() is not None)  # the rule follows the input
        if receiver is None and (name in SYNC_BUILTINS or name in READ_BUILTINS):
            return any(self.device(a) for a in node.args) or (
                name in SYNC_BUILTINS and self.torch and len(node.args) == 1 and
                isinstance(node.args[0], ast.Subscript) and
                self.module_input() is not None)  # the rule follows the input
        qualified = qualify(node.func, self.imports)
        if qualified.startswith(_HOST_MODULES) or name in SYNC_COMPARISONS or \
                name.endswith(("_object", "_object_list")):
            return any(self.device(a) for a in (*node.args, *(k.value for k in node.keywords)))
        return False

    def module_input(self) -> str | None:
        """The walker's `Context.module_input`: a module `forward`'s unannotated input."""
        name = forward_input(self.functions[-1] if self.functions else None)
        found = self.view.classes.get(f"{self.view.module}:{'.'.join(self.scope[:-1])}")
        return name if name is not None and found is not None and found.module else None

    def separate_read(self, node: ast.Call, receiver: ast.expr | None) -> bool:
        """A read SYN112 merges (`separate_host_reads.visit_Call`): `.item()` or
        `float(t)`-like of a tensor that may live on a GPU."""
        func = node.func
        if receiver is not None:
            return isinstance(func, ast.Attribute) and func.attr == "item" and \
                not node.args and not node.keywords and self.device(receiver)
        return isinstance(func, ast.Name) and func.id in READ_BUILTINS and \
            len(node.args) == 1 and not node.keywords and \
            not isinstance(node.args[0], ast.Starred) and self.device(node.args[0])

    def any_all(self, argument: ast.expr) -> None:
        if isinstance(argument, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            if any(self.device(o) for o in _bool_operands(argument.elt)):
                self.add("SYN102")
        elif _over_device(self.kind(argument)):
            self.add("SYN102")

    def operands_device(self, node: ast.Call, receiver: ast.expr | None) -> bool:
        values: list[ast.expr] = [*node.args, *(k.value for k in node.keywords)]
        if receiver is not None:
            values.append(receiver)
        return any(self.device(v.value if isinstance(v, ast.Starred) else v) for v in values)



#: How the walk enters code (functions, classes, loops, comprehensions) ...
_STRUCTURE: dict[type, Callable[[_Walk, Any], None]] = {
    ast.FunctionDef: _Walk.function, ast.AsyncFunctionDef: _Walk.function,
    ast.ClassDef: _Walk.class_, ast.For: _Walk.for_, ast.AsyncFor: _Walk.for_,
    ast.While: _Walk.while_, ast.ListComp: _Walk.comprehension,
    ast.SetComp: _Walk.comprehension, ast.GeneratorExp: _Walk.comprehension,
    ast.DictComp: _Walk.comprehension,
}
#: ... and the nodes that may be sites.
_SITE_HANDLERS: dict[type, Callable[[_Walk, Any], bool]] = {
    ast.Call: _Walk.call, ast.If: _Walk.tested, ast.Assert: _Walk.tested,
    ast.IfExp: _Walk.tested, ast.UnaryOp: _Walk.unary, ast.BoolOp: _Walk.boolop,
    ast.Subscript: _Walk.subscript, ast.FormattedValue: _Walk.formatted,
    ast.Compare: _Walk.compare, ast.AugAssign: _Walk.augassign, ast.BinOp: _Walk.binop,
}
#: ... and, where the view has properties whose getters sync, their reads too.
_WITH_GETTERS: dict[type, Callable[[_Walk, Any], bool]] = {
    **_SITE_HANDLERS, ast.Attribute: _Walk.attribute}
def _hidden_sync(walk: _Walk, node: ast.Call, name: str, receiver: ast.expr | None) -> bool:
    """SYN110's sites (`hidden_sync_call.py`)."""
    if name in ("clip_grad_norm_", "clip_grad_norm"):
        return any(k.arg == "error_if_nonfinite" for k in node.keywords)
    if name in ("empty_cache", "get_scale"):
        return walk.loops > 0
    if name == "is_nonzero":
        return True
    if name == "type":
        return receiver is not None and walk.device(receiver)
    positional = [a for a in node.args if not isinstance(a, ast.Starred)]
    if name in ("tensor", "as_tensor"):
        return bool(positional) and isinstance(positional[0], (ast.List, ast.Tuple)) and \
            any(walk.device(inner) for inner in _inner(positional[0]))
    # A size given as a GPU tensor, or a display of sizes holding one.
    if name == "range":
        chosen = positional
    else:
        positions = SIZE_METHODS.get(name) if receiver is not None and \
            name in SIZE_METHODS else SIZE_FUNCTIONS.get(name)
        chosen = positional if positions is None else [
            positional[i] for i in positions if i < len(positional)]
    return any(walk.device(inner) for arg in chosen
               for inner in (arg, *(arg.elts if isinstance(arg, (ast.Tuple, ast.List))
                                    else ())))


def _chain_codes(view: FileView) -> dict[str, list[Summary]]:
    """Function names a call may reach a project function by, mapped to the summaries
    of those that sync (`chains.call_syncs`: per-step callees report their own)."""
    found: dict[str, list[Summary]] = {}
    for key, summary in view.summaries.items():
        if summary.hot is None and (summary.syncs or summary.param_effects):
            found.setdefault(key.rpartition(":")[2].rpartition(".")[2], []).append(summary)
    return found


def _getter_codes(view: FileView) -> dict[str, set[str]]:
    """Names of the view's properties whose getters run at every read and sync, with
    the codes of those syncs (`chains.call_syncs` reports them at the read)."""
    found: dict[str, set[str]] = {}
    for cls in view.classes.values():
        for name, how in cls.properties.items():
            summary = view.summaries.get(cls.methods[name]) if how == PROPERTY else None
            if summary is not None and summary.syncs:
                found.setdefault(name, set()).update(e.code for e in summary.syncs)
    return found


_JOINS = frozenset(name.rpartition(".")[2] for name in JOIN_FLATTENED_FUNCTIONS)


def _flattens(node: ast.AST) -> bool:
    """Whether code under `node` calls a flattening function (`cat_then_reduce.flatten_of`)."""
    return any(isinstance(inner, ast.Call) and _last(inner.func) in _FLATTENS
               for inner in ast.walk(node))


def _names(target: ast.expr) -> frozenset[str]:
    """The names a loop's target binds."""
    return frozenset(n.id for n in ast.walk(target) if isinstance(n, ast.Name))


def _top_imports(tree: ast.Module) -> Iterator[str]:
    """The modules the top-level statements of `tree` import, as the walker notes them
    before its walk (`Walker.run`: relative imports left out)."""
    for statement in tree.body:
        if isinstance(statement, ast.Import):
            yield from (alias.name for alias in statement.names)
        elif isinstance(statement, ast.ImportFrom) and not statement.level and \
                statement.module is not None:
            yield from_imported(statement.module, [alias.name for alias in statement.names])


def _function_role(node: ast.FunctionDef | ast.AsyncFunctionDef, summary: Summary | None,
                   classes: list[ast.ClassDef | None], view: FileView) -> str | None:
    """Why the function is cold by its own role (`Context.function_cold_role`), or None:
    then it is as cold as the code around it. `classes` are the enclosing scopes, None for
    a function's body."""
    found = summary.cold if summary is not None else None
    if found is None:
        found = function_role(node.name)
    if found is None:
        owner = classes[-1] if classes else None
        if owner is not None:
            found = class_role(node.name, owner.name, [_dotted(b) or "" for b in owner.bases])
        elif not classes:
            found = module_function_role(node.name, module_name(view.module, view.filename))
    return found


def _device_of_host_tensor(walk: _Walk, node: ast.Call) -> bool:
    """`torch.tensor(data, device=boxes.device)` of a CPU tensor `boxes`: made where it
    already is, on the host (a transform's crop box)."""
    device = next((k.value for k in node.keywords if k.arg == "device"), None)
    return isinstance(device, ast.Attribute) and device.attr == "device" and \
        walk.kind(device.value) is HOST_TENSOR


def _to_a_device(node: ast.Call, name: str) -> bool:
    """`torch.tensor(data, device=d)` with a device that may not be the CPU (SYN105's
    constructors copy nothing to a GPU without one: `host_to_device_in_loop._constructor`)."""
    for keyword in node.keywords:
        if keyword.arg == "device":
            value = keyword.value
            return not (isinstance(value, ast.Constant) and (
                value.value is None or str(value.value).startswith("cpu")))
    return name == "as_tensor" and len(node.args) >= 3


def _joins_flattened(walk: _Walk, argument: ast.expr) -> bool:
    """The first argument of a `torch.cat`/`stack` may hold flattened pieces (SYN201):
    a display or comprehension with a flattening call, or a name bound in code that
    has one."""
    if isinstance(argument, ast.Call) and _last(argument.func) in ("list", "tuple") \
            and argument.args:
        argument = argument.args[0]
    if isinstance(argument, ast.Name):
        scope = walk.functions[-1] if walk.functions else walk.tree
        known = walk.flattening.get(id(scope))
        if known is None:
            known = walk.flattening[id(scope)] = _flattens(scope)
        return known
    if isinstance(argument, (ast.List, ast.Tuple, ast.ListComp, ast.GeneratorExp)):
        return _flattens(argument)
    return False


def _bool_operands(node: ast.expr) -> Iterator[ast.expr]:
    if isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _bool_operands(value)
    else:
        yield node


def _literal(node: ast.expr) -> bool:
    """A constant (`-1` too), never a tensor (`host_indexing._literal`)."""
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant)


#: Builtin predicates and `len`: `Calls._builtin` gives a host value
#: (`knowledge.HOST_BUILTINS`).
_HOST_CALLS = frozenset({"isinstance", "hasattr", "callable", "len"})


def _host(node: ast.expr, names: Mapping[str, str]) -> bool:
    """Whether the model evaluates `node` to a host value whatever the code around it,
    as its syntax shows (`names`: the file's own): asked before any kind, so that no
    function is evaluated for it (`isinstance(x, T)`, `not x`, `len(xs) > 0` were the
    first question in a third of the gate's evaluations on the torch package)."""
    if _host_test(node):
        return True
    if isinstance(node, ast.Call):
        # A builtin predicate or size (`Calls._builtin`: a host value), where the file
        # neither defines nor imports the name.
        return isinstance(node.func, ast.Name) and node.func.id in _HOST_CALLS and \
            node.func.id not in names
    if isinstance(node, ast.UnaryOp):  # `-1`, `-len(xs)` (`Expressions._unary`)
        return _host(node.operand, names)
    if isinstance(node, ast.Compare):  # host operands compare to a host bool
        return all(_host(o, names) for o in (node.left, *node.comparators))
    return False


def _host_test(node: ast.expr) -> bool:
    """A test the model always evaluates to a host value, whatever its operands
    (`Expressions._compare`, `Expressions._unary` for `not`: its operand is tested
    where the walk reaches it): no kind to look up, no code to evaluate for it."""
    if isinstance(node, ast.Constant) or (isinstance(node, ast.UnaryOp) and
                                          isinstance(node.op, ast.Not)):
        return True
    if not isinstance(node, ast.Compare):
        return False
    return any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops) or \
        any(_string(o) for o in (node.left, *node.comparators)) or compares_with_none(node)


def _string(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or \
        isinstance(node, ast.JoinedStr)


def _over_device(kind: Kind) -> bool:
    """A container that may hold GPU tensors (a list `max()` compares element by element)."""
    if isinstance(kind, Tup) and any(e in DEVICE_TENSORS for e in kind.items):
        return True
    return elem_of(kind) in DEVICE_TENSORS


def _inner(node: ast.expr) -> Iterator[ast.expr]:
    """The elements of a display, and the operands of the host reads in it."""
    if isinstance(node, (ast.Tuple, ast.List)):
        for element in node.elts:
            yield element
            yield from _inner(element)
    elif isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute):
            yield node.func.value
        yield from node.args


def _device_args(node: ast.Call) -> Iterator[ast.expr]:
    yield from node.args
    for keyword in node.keywords:
        if keyword.arg == "device":
            yield keyword.value


def _cpu(node: ast.expr) -> bool:
    """A literal "cpu" device (`analysis.names.is_cpu_device`)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value.split(":")[0] == "cpu"
    if isinstance(node, ast.Call) and node.args and _last(node.func) == "device":
        return _cpu(node.args[0])
    return False
