"""Small questions about `ast` nodes that the index and the evaluation share."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping

from synclint import knowledge
from synclint.analysis.kinds import (
    HOST,
    TENSORS,
    Kind,
    Seq,
    Tup,
)
from synclint.analysis.roles import is_debug_flag, is_periodic_flag, step_counter
from synclint.analysis.torch_api import (
    HOST_MEMORY_FUNCTIONS,
    TORCH_FACTORIES,
)

#: Annotation names that mean "a sequence of", "a mapping of", "maybe".
SEQUENCE_ANNOTATIONS = frozenset(
    {"list", "List", "Sequence", "Iterable", "Iterator", "Collection", "tuple", "Tuple",
     "set", "Set", "Generator", "MutableSequence", "Reversible"})
MAPPING_ANNOTATIONS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict"})
OPTIONAL_ANNOTATIONS = frozenset({"Optional", "Final", "Annotated"})


def _first(pair: tuple[str, Kind]) -> str:
    return pair[0]

def _dotted(node: ast.AST) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def qualify(func: ast.expr, imports: Mapping[str, str]) -> str:
    """The dotted name `func` names, its first part as the module imports it
    (`np.stack` -> `numpy.stack`); "" when it is no dotted name."""
    dotted = _dotted(func)
    if dotted is None:
        return ""
    head, dot, rest = dotted.partition(".")
    target = imports.get(head)
    return f"{target}{dot}{rest}" if target is not None else dotted


def _uses_as_tensor(value: ast.expr, name: str, qualified: Callable[[str], str]) -> bool:
    """`value` (already known to be a device tensor) applies a tensor op to `name`: an
    operator with it as an operand, a method chain that starts at it, or a torch function
    (not a factory, which takes data) taking it; the ast form of `infer.uses_as_tensor`."""
    if isinstance(value, ast.BinOp):
        # `expressions.combine` makes a device tensor of an unknown operand only with a
        # device one.
        return any(isinstance(side, ast.Name) and side.id == name
                   for side in (value.left, value.right))
    if not isinstance(value, ast.Call):
        return False
    dotted = _dotted(value.func)
    full = qualified(dotted) if dotted is not None else ""
    if full.startswith("torch."):
        last = full.rsplit(".", 1)[1]
        if last in TORCH_FACTORIES or last in HOST_MEMORY_FUNCTIONS or last.endswith("_like"):
            return False
        for arg in value.args:
            items = arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]
            if any(isinstance(item, ast.Name) and item.id == name for item in items):
                return True
        return False
    node: ast.expr = value.func
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return isinstance(value.func, ast.Attribute) and isinstance(node, ast.Name) and \
        node.id == name


def _is_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _is_comparison(node: ast.AST) -> bool:
    return isinstance(node, ast.Compare) and not any(
        isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops)


def _is_cpu(node: ast.AST | None) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.split(":")[0] == "cpu"
    if isinstance(node, ast.Call) and node.args:
        return _is_cpu(node.args[0])
    return False


def _to_cpu(node: ast.Call) -> bool:
    for keyword in node.keywords:
        if keyword.arg == "non_blocking" and not (
                isinstance(keyword.value, ast.Constant) and keyword.value.value is False):
            return False
    first = node.args[0] if node.args else next(
        (k.value for k in node.keywords if k.arg == "device"), None)
    return _is_cpu(first)

def _ends_abruptly(body: list[ast.stmt]) -> bool:
    """The block never falls through: it ends in return, raise, continue or break, or in
    an `if` all of whose branches do."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.If):
        return _ends_abruptly(last.body) and _ends_abruptly(last.orelse)
    return isinstance(last, (ast.Return, ast.Raise, ast.Continue, ast.Break))


def _is_placeholder(node: ast.expr) -> bool:
    return _is_none(node) or (isinstance(node, ast.List) and not node.elts)


def _placeholders(targets: list[ast.expr], value: ast.expr) -> Iterator[str]:
    """Names an assignment binds to a placeholder: `x = None`, `xs = []`, and each name
    of `a, b = [], []`."""
    for target in targets:
        if isinstance(target, ast.Name) and _is_placeholder(value):
            yield target.id
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, ast.Tuple) \
                and len(target.elts) == len(value.elts):
            for element, part in zip(target.elts, value.elts):
                if isinstance(element, ast.Name) and _is_placeholder(part):
                    yield element.id


def _always_raises(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Raise)


#: Statements whose bodies hold statements (an assignment is never inside an expression).
_HOLDERS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try,
            ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _assignments(body: list[ast.stmt]) -> Iterator[ast.Assign]:
    """The `Assign` statements in `body`, nested blocks (and definitions) included, in
    source order."""
    stack = list(reversed(body))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Assign):
            yield node
        elif isinstance(node, _HOLDERS) or (hasattr(ast, "Match") and isinstance(node, ast.Match)):
            inner: list[ast.stmt] = []
            for name in ("body", "orelse", "finalbody"):
                inner.extend(getattr(node, name, ()) or ())
            for handler in getattr(node, "handlers", ()):
                inner.extend(handler.body)
            for case in getattr(node, "cases", ()):
                inner.extend(case.body)
            stack.extend(reversed(inner))


def _last(node: ast.AST) -> str:
    """The name a called expression ends in (`register_hook`, `Engine`), or ""."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _per_step_event(node: ast.AST | None) -> bool:
    """An event that fires once per iteration: ignite's `Events.ITERATION_COMPLETED` (with
    arguments, `Events.ITERATION_COMPLETED(every=100)`, it is periodic), a TorchRL trainer
    stage named by a string (`"pre_steps_log"`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return knowledge.per_step_event(node.value, False)  # a TorchRL trainer stage
    called = isinstance(node, ast.Call)
    if isinstance(node, ast.Call):
        node = node.func
    return node is not None and knowledge.per_step_event(_last(node) or None, called)


def positional_args(args: ast.arguments) -> list[ast.arg]:
    return [*args.posonlyargs, *args.args]


def _tensor_inputs(kinds: list[Kind]) -> list[Kind]:
    """The tensors among a torch op's inputs, elements of lists and tuples included
    (`torch.cat((a, b))`)."""
    flat: list[Kind] = []
    for kind in kinds:
        if kind in TENSORS:
            flat.append(kind)
        elif isinstance(kind, Seq):
            flat.append(kind.elem)
        elif isinstance(kind, Tup):
            # `torch.cat((a, b))`; not the Python numbers of `F.pad(x, (0, 1))`.
            flat.extend(item for item in kind.items if item is not HOST)
    return flat


def _cold_from(body: list[ast.stmt], function_body: bool) -> int:
    """Where a block's cold part starts (`len(body)`: none): after an `if not <debug
    flag>: return`, in a function body after `if <step counter> % n != 0: return` (the
    rest runs every n steps, as the body of `if step % n == 0:` does), or, in a function
    body that ends in `raise`, after the last statement that can return."""
    for index, statement in enumerate(body):
        if isinstance(statement, ast.If) and not statement.orelse and \
                isinstance(statement.test, ast.UnaryOp) and \
                isinstance(statement.test.op, ast.Not) and \
                is_debug_flag(_last(statement.test.operand)) and statement.body and \
                isinstance(statement.body[-1], (ast.Return, ast.Continue, ast.Break)):
            return index + 1
        if function_body and isinstance(statement, ast.If) and not statement.orelse and \
                len(statement.body) == 1 and isinstance(statement.body[0], ast.Return) and \
                _skips_steps(statement.test):
            return index + 1
    if function_body and _always_raises(body):
        returning = [i for i, statement in enumerate(body) if any(
            isinstance(node, ast.Return) for node in _walk_statement(statement))]
        if returning:
            return returning[-1] + 1
    return len(body)


def _skips_steps(test: ast.expr) -> bool:
    """`counter % n != 0`, `counter % n` or `not counter % n == 0` of a step counter
    (`roles.step_counter`) and a divisor other than 0 and 1: true on all steps but one in n."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and
                isinstance(test.ops[0], ast.Eq)):
            return False
    elif isinstance(test, ast.Compare):
        if len(test.ops) != 1 or not isinstance(test.ops[0], ast.NotEq):
            return False
    if isinstance(test, ast.Compare):
        zero = test.comparators[0]
        if not (isinstance(zero, ast.Constant) and zero.value == 0):
            return False
        test = test.left
    return isinstance(test, ast.BinOp) and isinstance(test.op, ast.Mod) and \
        step_counter(_dotted(test.left)) and not (
            isinstance(test.right, ast.Constant) and test.right.value in (0, 1))


def periodic_guard(test: ast.expr, tensor: Callable[[ast.expr], bool]) -> bool:
    """Whether `if test:` runs its body once every few steps, as `analysis/cold.py` reads
    it for the rules: `counter % n == 0` of host values (n not 0 or 1), `not counter % n`,
    a periodic flag by name (`should_log`, `self._should_log()`), or an `and` with one of
    these (an `or` of two). `tensor` says whether an operand is a tensor (a tensor
    remainder is a tensor test, not a guard)."""
    if isinstance(test, ast.BoolOp):
        found = [periodic_guard(value, tensor) for value in test.values]
        return any(found) if isinstance(test.op, ast.And) else all(found)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _host_modulo(test.operand, tensor)
    if isinstance(test, ast.Compare):
        if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
            return False
        left, right = test.left, test.comparators[0]
        return (_host_modulo(left, tensor) and not tensor(right)) or \
            (_host_modulo(right, tensor) and not tensor(left))
    if isinstance(test, ast.Call):
        test = test.func  # `self._should_log()`, `is_log_step(step)`
    return isinstance(test, (ast.Name, ast.Attribute)) and is_periodic_flag(_last(test))


def _host_modulo(node: ast.expr, tensor: Callable[[ast.expr], bool]) -> bool:
    """`counter % divisor` of host values, not string formatting, the divisor not 0 or 1."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod)):
        return False
    if isinstance(node.left, ast.JoinedStr) or (
            isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)):
        return False
    if tensor(node.left) or tensor(node.right):
        return False
    return not (isinstance(node.right, ast.Constant) and node.right.value in (0, 1))


def _walk_statement(statement: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of a statement, outside nested functions and classes."""
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                      ast.Lambda, ast.expr)):
                stack.append(child)


#: Per `ast` node type, the fields that may hold nodes (`ast.iter_child_nodes` looks
#: them up, and tests every value, on every call: a third of a walk's time).
_FIELDS: dict[type, tuple[str, ...]] = {}
_NO_CODE = frozenset({"ctx", "type_comment", "type_ignores"})


def children(node: ast.AST) -> list[ast.AST]:
    """The child nodes of `node`, in field order (what `ast.iter_child_nodes` gives)."""
    fields = _FIELDS.get(type(node))
    if fields is None:
        fields = _FIELDS[type(node)] = tuple(f for f in node._fields if f not in _NO_CODE)
    found: list[ast.AST] = []
    for name in fields:
        value = getattr(node, name, None)
        if isinstance(value, ast.AST):
            found.append(value)
        elif isinstance(value, list):
            found.extend(item for item in value if isinstance(item, ast.AST))
    return found


#: For walks that look for calls, tests and such (`candidates.py`): nodes that hold none
#: (names, constants, imports ...)
#: and what a field holds where it holds no node (None, `MatchSingleton`'s value).
#: Operators and contexts are never visited.
LEAF_TYPES = frozenset({ast.Name, ast.Constant, ast.Import, ast.ImportFrom, ast.Pass,
                         ast.Break, ast.Continue, ast.Global, ast.Nonlocal, type(None), bool,
                         int, float, complex, str, bytes})
#: Fields that never hold a node that could hold a site: names (strings), flags (ints),
#: operators and contexts.
_NOT_CHILDREN = frozenset({"ctx", "op", "ops", "type_comment", "type_ignores", "name", "id",
                           "attr", "arg", "module", "names", "kwd_attrs", "rest", "kind",
                           "conversion", "is_async", "simple", "level", "tag"})
#: Per node type, the fields the walk enters, in field order (`ast.iter_child_nodes`
#: looks them up, and tests every value, on every call).
CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def child_fields(node_type: type) -> tuple[str, ...]:
    """`CHILD_FIELDS` of a node type, found the first time it is asked for."""
    fields = () if node_type in LEAF_TYPES else tuple(
        f for f in node_type._fields if f not in _NOT_CHILDREN)  # type: ignore[attr-defined]
    CHILD_FIELDS[node_type] = fields
    return fields


_DISPLAYS = (ast.List, ast.Tuple, ast.Set)
#: Sequence displays: what a sequence repeated by a tensor count is reported for (SYN101;
#: a named list would cost the gate an evaluation of every `a * b` in a loop).
SEQUENCE_DISPLAYS = (ast.List, ast.Tuple, ast.ListComp)
#: Displays shorter than this are evaluated element by element as any expression is.
PLAIN_DATA_MIN = 32


def plain_data(node: ast.AST) -> bool:
    """Whether `node` is a long display (list, tuple, set, dict) of constants and such
    displays only: data (a vocabulary, a table), in which no name, call or tensor can
    appear. Walks and evaluations skip its elements: a 2 MB literal holds ~400 000."""
    if isinstance(node, ast.Dict):
        if len(node.keys) < PLAIN_DATA_MIN:
            return False
    elif not isinstance(node, _DISPLAYS) or len(node.elts) < PLAIN_DATA_MIN:
        return False
    stack: list[ast.AST] = [node]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is ast.Constant:
            continue
        if kind is ast.List or kind is ast.Tuple or kind is ast.Set:
            stack.extend(item.elts)  # type: ignore[attr-defined]
        elif kind is ast.Dict:
            if None in item.keys:  # type: ignore[attr-defined]
                return False  # `**other`
            stack.extend(item.keys)  # type: ignore[attr-defined]
            stack.extend(item.values)  # type: ignore[attr-defined]
        else:
            return False
    return True


def statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of `body` and of the blocks in it (functions, classes, branches,
    loops, handlers, match cases), outer first; no expression is visited."""
    stack: list[ast.AST] = list(reversed(body))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.stmt):
            yield node
        for name in _BLOCKS:
            block = getattr(node, name, None)
            if block:
                stack.extend(reversed(block))


#: The fields of statements (and of `except` handlers and `case`s) that hold blocks.
_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")


def own_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every node of a body, in source order, without the bodies of the functions and
    classes defined in it (their definitions themselves are yielded)."""
    stack: list[ast.AST] = list(reversed(body))
    definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, definitions):
            found = children(node)
            found.reverse()
            stack.extend(found)


#: Expressions whose parts may not all run (a branch, a short circuit, a body run later or
#: per element): a `.numpy()` inside one proves nothing once the statement has run.
_MAYBE_RUN = (ast.IfExp, ast.BoolOp, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
              ast.GeneratorExp)


def numpy_forced(node: ast.Call) -> bool:
    """`t.numpy(force=True)`: copies an accelerator tensor to the host (a read), where a
    plain `t.numpy()` raises on one."""
    return any(k.arg == "force" and not (isinstance(k.value, ast.Constant)
                                         and k.value.value is False) for k in node.keywords)


def host_proved_names(statement: ast.stmt) -> set[str]:
    """The names `x` on which a simple statement calls `x.numpy()` where the call always
    runs: `Tensor.numpy()` raises on an accelerator tensor, so once the statement has run
    without raising, `x` holds a tensor on the host. Names the statement rebinds are left
    out."""
    if not isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr)):
        return set()
    targets = statement.targets if isinstance(statement, ast.Assign) else \
        [] if isinstance(statement, ast.Expr) else [statement.target]
    rebound = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return numpy_receivers(statement) - rebound


def numpy_receivers(statement: ast.stmt) -> set[str]:
    """The names `x` of `x.numpy()` or `x.detach().numpy()` that a simple statement always
    runs (not under a conditional expression, a boolean operand, a lambda or a
    comprehension): what they held before the statement is on the host."""
    if not isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr,
                                  ast.Return)):
        return set()
    found: set[str] = set()
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if isinstance(node, _MAYBE_RUN):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "numpy" and not node.args and not numpy_forced(node):
            receiver = node.func.value
            while isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute) \
                    and receiver.func.attr == "detach" and not receiver.args:
                receiver = receiver.func.value
            if isinstance(receiver, ast.Name):
                found.add(receiver.id)
        stack.extend(ast.iter_child_nodes(node))
    return found


def forward_input(function: ast.AST | None) -> str | None:
    """The first parameter after `self` of a `forward`, when unannotated: the batch a
    module is called with, if `forward` is an `nn.Module`'s (the caller checks)."""
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or \
            function.name != "forward":
        return None
    params = [*function.args.posonlyargs, *function.args.args]
    return params[1].arg if len(params) >= 2 and params[1].annotation is None else None


#: Builtins that call a function once per element of their iterables: `map(f, *its)` and
#: `filter(f, it)` take it first, `sorted`, `min` and `max` as `key=` (`calls.py`, and
#: `analysis.loops.run_per_element` for the walker).
ELEMENT_CALLS = frozenset({"map", "filter", "sorted", "min", "max"})


def enclosing_function(key: str, functions: Mapping[str, object]) -> str | None:
    """The key of the function whose names the function `key` sees (a closure): the one
    it is defined in (`m:f.g` in `m:f`), or the one that defines its class (`m:f.C.g`:
    a class body is no scope of its methods); None at a module's top or in a class there."""
    parent = key.rpartition(".")[0]
    if ":" not in parent:
        return None
    if parent in functions:
        return parent
    grandparent = parent.rpartition(".")[0]
    return grandparent if ":" in grandparent and grandparent in functions else None


def any_all(node: ast.expr) -> bool:
    """`x.any()` / `x.all()`: what SYN102 follows back to a module's input batch."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr in ("any", "all")
