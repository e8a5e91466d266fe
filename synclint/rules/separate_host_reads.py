"""SYN112 separate-host-reads: two or more independent host reads of GPU tensors in one
straight-line block (`{"loss": loss.item(), "acc": acc.item()}`): one sync each, where one
stacked transfer would do. Reads in loops are SYN101's (its batched fix merges them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import libcst as cst

from synclint.analysis.logging import logged_by_syn106
from synclint.analysis.scalars import ScalarFacts
from synclint.analysis.site_names import READ_BUILTINS
from synclint.analysis.walker import walk
from synclint.fixes.merged_reads import Read, TensorKnowledge, mergeable, merged_reads_fix
from synclint.fixes.tensor_facts import proven_tensor, rank_of, reaching_value
from synclint.rules.base import Example, RelatedNode, Rule

#: Builtins that read a tensor's value on the host.
#: Calls that may run between merged reads: they cannot change a tensor or raise because
#: a read moved earlier.
_HARMLESS_CALLS = frozenset({"print", "len", "str", "repr", "float", "int", "bool", "round",
                             "format", "abs", "dict", "list", "tuple", "min", "max"})


@dataclass
class _Statement:
    node: cst.SimpleStatementLine
    reads: list[Read] = field(default_factory=list)
    #: Reads that contain another read in their receiver: they depend on it.
    dropped: set[int] = field(default_factory=set)
    #: Reads the statement makes only on some paths (`a.item() and b[1].item()`): an
    #: element of a tensor the fix lists anyway is taken from that list.
    conditional: list[Read] = field(default_factory=list)


class SeparateHostReads(Rule):
    code = "SYN112"
    name = "separate-host-reads"
    summary = "Several independent host reads of GPU tensors where one stacked transfer would do"
    group = "host read"
    fixable = True
    triggers = (".item(", "float(", "int(", "bool(")

    VALID = [
        # One read.
        "import torch\ndef f(loss: torch.Tensor):\n    return {'loss': loss.item(), 'n': 3}\n",
        # Already one transfer.
        "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n"
        "    x, y = torch.stack([a, b]).tolist()\n    return x, y\n",
        # The second read needs the first one's value.
        "import torch\ndef f(c: torch.Tensor, s: torch.Tensor):\n    n = int(c.sum())\n"
        "    return (s / n).item()\n",
        # Only one branch runs.
        "import torch\ndef f(ok: bool, a: torch.Tensor, b: torch.Tensor):\n    if ok:\n"
        "        v = a.item()\n    else:\n        v = b.item()\n    return v\n",
        # NumPy and host tensors.
        "import torch\nimport numpy as np\ndef f(x: np.ndarray, t: torch.Tensor):\n"
        "    h = t.cpu()\n    return x.max().item(), x.min().item(), h.item(), (h + 1).item()\n",
        # In a loop: SYN101's finding, with its batched fix.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        print(t.sum().item(), t.mean().item())\n",
        # A statement in between may change what the second read sees.
        "import torch\ndef f(a: torch.Tensor):\n    x = a.sum().item()\n    a.add_(1)\n"
        "    y = a.sum().item()\n    return x, y\n",
    ]
    INVALID = [
        Example(
            "import torch\ndef f(x: torch.Tensor):\n    low = x.min()\n    high = x.max()\n"
            "    return low.item(), high.item()\n",
            "import torch\ndef f(x: torch.Tensor):\n    low = x.min()\n    high = x.max()\n"
            "    low_value, high_value = torch.stack([low, high]).tolist()\n"
            "    return low_value, high_value\n"),
        "import torch\ndef f(loss: torch.Tensor, acc: torch.Tensor, lr: torch.Tensor):\n"
        "    return {'loss': loss.item(), 'acc': acc.item(), 'lr': lr.item()}\n",
        "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n    x = a.item()\n"
        "    y = b.item()\n    return x + y\n",
        "import torch\ndef f(t: torch.Tensor):\n    print(float(t.mean()), float(t.std()))\n",
        Example("import torch\ndef f(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor):\n"
                "    x = a.item()\n    y = b.item()\n    c.zero_()\n    z = c.item()\n"
                "    w = a.item()\n", count=2),
    ]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._statements: dict[int, _Statement] = {}
        self._facts: dict[int, ScalarFacts] = {}
        #: The block whose statements are being grouped (for the facts at a statement).
        self._block_node: cst.IndentedBlock | cst.Module | None = None
        #: The module being walked: the scope of reads outside functions, also once the
        #: walk has left it (`leave_Module` runs with no ancestors left).
        self._module: cst.Module | None = None

    def visit_Module(self, node: cst.Module) -> None:
        self._module = node

    # -- collecting reads -----------------------------------------------------------------
    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.in_loop:
            return
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "item" and not node.args:
            receiver, how = func.value, "item"
        elif (isinstance(func, cst.Name) and func.value in READ_BUILTINS
              and len(node.args) == 1 and node.args[0].keyword is None
              and not node.args[0].star and not self.ctx.bound(func.value)):
            receiver, how = node.args[0].value, func.value
        else:
            return
        if not self.is_device_tensor(receiver) or logged_by_syn106(self.ctx, node):
            return  # SYN106 reports reads logged per step (log the tensors instead)
        if self.ctx.cold(node) is not None:
            # A `raise` argument, a block that always raises, a periodic guard ... (judged
            # here: the report comes when the block is left, parents gone).
            return
        if logged_by_syn106(self.ctx, node):
            # SYN106 passes the tensors to the logger: stacking them here would read them
            # on every step all the same (and hide that sync from SYN106).
            return
        statement = self._statement_of(node)
        if statement is None:
            statement = self._conditionally_in(node)
            if statement is not None:
                entry = self._statements.setdefault(id(statement), _Statement(statement))
                entry.conditional.append(Read(node, receiver, how,
                                              self._scope_facts().of(receiver)))
            return
        facts = self._scope_facts().of(receiver)
        entry = self._statements.setdefault(id(statement), _Statement(statement))
        inner_of = {id(r.call) for r in entry.reads}
        for ancestor in self.ctx.parents:
            if id(ancestor) in inner_of:
                entry.dropped.add(id(ancestor))
        entry.reads.append(Read(node, receiver, how, facts, self._hint(node)))

    def _scope(self) -> cst.CSTNode:
        """The function being visited, or the module outside any function."""
        if self.ctx.functions:
            return self.ctx.functions[-1]
        assert self._module is not None
        return self._module

    def _scope_facts(self) -> ScalarFacts:
        scope = self._scope()
        facts = self._facts.get(id(scope))
        if facts is None:
            facts = self._facts[id(scope)] = ScalarFacts(scope, self.ctx.imports)
        return facts

    def _statement_of(self, node: cst.Call) -> cst.SimpleStatementLine | None:
        """The statement line that always evaluates `node` when it runs, or None."""
        child: cst.CSTNode = node
        for parent in reversed(self.ctx.parents):
            if isinstance(parent, cst.SimpleStatementLine):
                return parent
            if isinstance(parent, (cst.Lambda, cst.SimpleStatementSuite)):
                return None
            if isinstance(parent, cst.IfExp) and child is not parent.test:
                return None
            if isinstance(parent, cst.BooleanOperation) and child is parent.right:
                return None
            if isinstance(parent, cst.Assert) and child is parent.msg:
                return None
            child = parent
        return None

    def _conditionally_in(self, node: cst.Call) -> cst.SimpleStatementLine | None:
        """The statement line that evaluates `node` on some paths only: a branch of a
        conditional expression, the right of `and`/`or` (not in a lambda, nor in an
        assert's message, which is cold)."""
        child: cst.CSTNode = node
        conditional = False
        for parent in reversed(self.ctx.parents):
            if isinstance(parent, cst.SimpleStatementLine):
                return parent if conditional else None
            if isinstance(parent, (cst.Lambda, cst.SimpleStatementSuite)):
                return None
            if isinstance(parent, cst.Assert) and child is parent.msg:
                return None
            if isinstance(parent, cst.IfExp) and child is not parent.test or \
                    isinstance(parent, cst.BooleanOperation) and child is parent.right:
                conditional = True
            child = parent
        return None

    def _hint(self, node: cst.Call) -> str | None:
        parent = self.ctx.parent
        if isinstance(parent, cst.DictElement) and parent.value is node and isinstance(
                parent.key, cst.SimpleString):
            key = parent.key.evaluated_value
            return key if isinstance(key, str) else None
        if isinstance(parent, cst.Assign) and parent.value is node and len(parent.targets) == 1:
            target = parent.targets[0].target
            if isinstance(target, cst.Name):
                return target.value
        return None

    # -- grouping at the end of each block --------------------------------------------------
    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if self._statements:
            self._block(node.body, self._indent(node), node)

    def leave_Module(self, node: cst.Module) -> None:
        if self._statements:
            self._block(node.body, "", node)

    def _block(self, body: Sequence[cst.CSTNode], indent: str,
               block: cst.IndentedBlock | cst.Module) -> None:
        self._block_node = block
        run: list[_Statement] = []
        for statement in body:
            entry = self._statements.pop(id(statement), None)
            if entry is None:
                self._finish(run, indent)
                run = []
                continue
            reads = [r for r in entry.reads if id(r.call) not in entry.dropped]
            bound = set().union(*(_bound_names(s.node) for s in run)) if run else set()
            if any(_mentions(r.receiver, bound) for r in reads):
                self._finish(run, indent)
                run = []
                bound = set()
            inner = {id(n) for r in [*reads, *entry.conditional] for n in walk(r.receiver)}
            conditional = [r for r in entry.conditional if not _mentions(r.receiver, bound)
                           and id(r.call) not in inner]
            run.append(_Statement(entry.node, reads, conditional=conditional))
        self._finish(run, indent)

    def _finish(self, run: list[_Statement], indent: str) -> None:
        reads = [r for s in run for r in s.reads]
        if len(reads) < 2 or not mergeable(reads):
            return
        moved = _moves_code_across(run, reads)
        conditional = [r for s in run for r in s.conditional]
        if conditional and _moves_code_across(run, [*reads, *conditional]) != moved:
            conditional = []  # something between could change what they read
        if moved is None and not all(r.facts.plain for r in reads) and any(
                isinstance(p, (cst.Try, cst.TryStar, cst.With)) for p in self.ctx.parents):
            # A handler (or a suppressing context manager) could see the names an earlier
            # statement bound before a later tensor computation raised.
            moved = ("inside `try` or `with`, a tensor computed earlier than written could "
                     "raise before the names above it are bound")
        outcome = merged_reads_fix(reads, [s.node for s in run], indent, self._taken(), moved,
                                   self._knowledge(run[0].node), conditional)
        help = ("Read them together: `a, b = torch.stack([x, y]).tolist()` is one sync "
                "(one stack per dtype: float, int and bool).")
        if outcome.reason is not None:
            prefix = "The fix is unsafe" if outcome.fix is not None else "No safe fix"
            help += f" {prefix}: {outcome.reason}."
        related = tuple(RelatedNode(r.call, f"read {n} of {len(reads)}: `{_read_words(r.call)}`")
                        for n, r in enumerate(reads[1:], start=2))
        self.report(reads[0].call, f"{len(reads)} separate host reads of GPU tensors: one sync "
                    "each where one transfer would do", fix=outcome.fix, help=help,
                    related=related)

    def _knowledge(self, statement: cst.SimpleStatementLine) -> TensorKnowledge:
        """Ranks and code-proven tensors, as the merged reads' fix asks of them, at the
        statement the reads go before."""
        block = self._block_node
        ancestors = [p for p in self.ctx.parents if p is not block]
        if block is not None:
            ancestors.append(block)

        def resolve(name: str) -> cst.BaseExpression | None:
            return reaching_value(name, statement, ancestors)
        return TensorKnowledge(
            rank=lambda node: rank_of(node, self.ctx, resolve),
            proven=lambda node: proven_tensor(node, self.ctx, ancestors, resolve),
            value=resolve)

    def _indent(self, block: cst.IndentedBlock) -> str:
        """The indentation of `block`'s statements (the block has been left already)."""
        module = self._module
        default = module.default_indent if module is not None else "    "
        blocks = [p for p in self.ctx.parents if isinstance(p, cst.IndentedBlock)] + [block]
        return "".join(default if b.indent is None else b.indent for b in blocks)

    def _taken(self) -> set[str]:
        return {n.value for n in walk(self._scope()) if isinstance(n, cst.Name)}


def _read_words(call: cst.Call, limit: int = 60) -> str:
    """A read as a related location names it, never cut: its code when that fits in
    `limit` characters on one line, else the longest tail of its chain of calls and
    attributes that fits (`.gather_for_metrics(rewards).mean().item()`), else the read's
    own call with its arguments as `...` (`.item(...)`, `float(...)`)."""
    call = call.with_changes(lpar=[], rpar=[])
    whole = _one_line(call)
    if len(whole) <= limit:
        return whole
    tail, best = "", None
    node: cst.BaseExpression = call
    while (inner := _receiver(node)) is not None:
        tail = _one_line(node)[len(_one_line(inner)):].strip() + tail
        if len(tail) > limit:
            break
        if tail.startswith("."):
            best = tail
        node = inner
    if best is not None:
        return best
    func = call.func
    name = f".{func.attr.value}" if isinstance(func, cst.Attribute) else \
        func.value if isinstance(func, cst.Name) else "call"
    return f"{name}(...)"


def _receiver(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """What a link of a chain applies to: `x.f` of `x.f(...)`, `x` of `x.a` and `x[i]`."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            not node.lpar:
        return node.func.value
    if isinstance(node, (cst.Attribute, cst.Subscript)) and not node.lpar:
        return node.value
    return None


def _one_line(node: cst.CSTNode) -> str:
    """The code of `node` on one line (a read can span several); no space before a dot."""
    return " ".join(cst.Module([]).code_for_node(node).split()).replace(" .", ".")


def _bound_names(statement: cst.SimpleStatementLine) -> set[str]:
    """Names a statement binds or mutates through a store (`x = `, `x[k] = `, `x.a += `)."""
    names: set[str] = set()
    for small in statement.body:
        targets: list[cst.BaseExpression] = []
        if isinstance(small, cst.Assign):
            targets = [t.target for t in small.targets]
        elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
            targets = [small.target]
        for target in targets:
            names.update(n.value for n in walk(target) if isinstance(n, cst.Name))
        names.update(n.target.value for n in walk(small)
                     if isinstance(n, cst.NamedExpr) and isinstance(n.target, cst.Name))
    return names


def _mentions(node: cst.CSTNode, names: set[str]) -> bool:
    return bool(names) and any(isinstance(n, cst.Name) and n.value in names for n in walk(node))


def _evaluation_order(run: list[_Statement]) -> tuple[dict[int, int], dict[int, int]]:
    """When each node starts and ends being evaluated, as positions in one sequence:
    children left to right, a call after its arguments, an assignment's value before its
    targets, a conditional expression's test before its branches (Python's order)."""
    start: dict[int, int] = {}
    end: dict[int, int] = {}
    clock = 0

    def visit(node: cst.CSTNode) -> None:
        nonlocal clock
        start[id(node)] = clock
        clock += 1
        children: list[cst.CSTNode] = list(node.children)
        if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None:
            children = [node.value] + [c for c in children if c is not node.value]
        elif isinstance(node, cst.IfExp):
            children = [node.test] + [c for c in children if c is not node.test]
        for child in children:
            visit(child)
        end[id(node)] = clock
        clock += 1

    for statement in run:
        visit(statement.node)
    return start, end


def _moves_code_across(run: list[_Statement], reads: list[Read]) -> str | None:
    """Why evaluating every read before the first statement could change behaviour."""
    inside = {id(n) for r in reads for n in walk(r.call)}
    start, end = _evaluation_order(run)
    last_read = max(start[id(r.call)] for r in reads)
    for statement in run:
        for node in walk(statement.node):
            if isinstance(node, cst.Call) and id(node) not in inside:
                func = node.func
                if isinstance(func, cst.Name) and func.value in _HARMLESS_CALLS:
                    continue
                if end[id(node)] > last_read:
                    continue  # it runs after every read has started: no read moves across it
                name = cst.Module([]).code_for_node(func)
                return f"`{name}(...)` runs before a later read and could change a tensor"
    if not all(r.facts.plain for r in reads):
        for statement in run[:-1]:
            for small in statement.node.body:
                if not (isinstance(small, cst.Assign) and all(
                        isinstance(t.target, cst.Name) for t in small.targets)):
                    return ("a tensor computed earlier than written could raise before "
                            "the statements in between have run")
    return None
