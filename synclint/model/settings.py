"""Guards that test a setting: a choice made once for a run, not the data of a step.

`if self.include_std:`, `if reduction == "max":`, `if labels is not None:`, `if "segm" in
iou_type:`, `if self.kv_cache is None: ... else: ...`, `if dist.get_world_size() > 1:` each
test a module option, a mode argument, whether an optional argument was given, a
configuration value, or how the run is distributed (`Summary.run_setting`). Such a test
gives the same answer on every step of a run, so a read under it in per-step code runs on
every step whenever the setting holds: the walker keeps such a branch per-step
(`Context.hot_here`) and a summary keeps its syncs (`Flow._add`), saying which setting.

A guard on the step's data is not a setting: a size (`y.numel() > 1`), a local computed in
the function (`if losses:`), a counter (`batch_idx == 0`, `step > warmup`), a tensor. Nor
are diagnostics switches and periodic flags (`verbose`, `should_log`), which cold code
(`analysis/cold.py`) keeps silent or periodic.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Callable, Collection, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass

from synclint.analysis.kinds import TENSORS, Kind
from synclint.analysis.roles import is_debug_flag, is_periodic_flag
from synclint.model.kindops import holds_tensors
from synclint.model.param_groups import entry_key, param_group_names
from synclint.model.syntax import _dotted, _is_self

#: A setting code runs under, as an evaluation keeps it: the `if` test (None for the
#: `else` of an `elif` chain, whose own test says it), whether it holds there, and the
#: positions of the parameters it reads (`Effect.when`).
Setting = tuple["ast.expr | None", bool, tuple[int, ...]]

#: Names of counters and indices: a test of one picks some steps, not all of them.
_COUNTER = re.compile(
    r"^_*(i|j|k|n|t|it|idx|index|step|steps|global_step|iteration|iterations|iter|epoch|"
    r"epochs|count|counter|num_updates|num_steps|n_iter|n_steps|current_step|step_count)$"
    r"|_(idx|index|step|count|counter|iter|iteration|epoch)$")
#: Positions an object is configured with (`self.padding_idx`, `self.ignore_index`,
#: `self.layer_idx`, `self.weights_index`): a counter by the name's ending above, never
#: as an attribute's.
_POSITION = re.compile(r".(_idx|_index)$")
#: The calls a setting test may make of its operands.
_TYPE_TESTS = frozenset({"isinstance", "hasattr", "callable"})
#: The longest test a message quotes; with a longer one the message says "under a setting"
#: and the related location names the conditions.
_QUOTED = 40
#: The longest list of conditions a related location names whole; a longer one is named by
#: its first condition and how many more there are (never cut).
_NAMED = 160
#: What the conditions of a guard test (`Conditions.about`).
SETTING, ARGUMENT, ARGUMENTS, BOTH = "setting", "argument", "arguments", "both"
_BUILTINS = frozenset(dir(builtins))


def setting_test(test: ast.expr, kind_of: Callable[[ast.expr], Kind],
                 local: Container[str], run: Callable[[ast.Call], bool] | None = None,
                 groups: frozenset[str] = frozenset()) -> bool:
    """Whether `test` reads only settings: constants, parameters not rebound before it,
    module names, attributes of these and of `self`, compared, negated and
    combined; `x is None` of a parameter or attribute whatever it holds; `isinstance` and
    `hasattr` of one; a call `run` says gives a setting of the run (`dist.get_world_size()`,
    a project helper that returns it). `kind_of` gives an operand's kind as just
    evaluated, `local` the names the function has bound before the test (or binds in a
    loop around it); `groups` its names of optimiser param groups, whose hyperparameters
    (`group["lr"]`) are settings (`param_groups.py`)."""
    return _setting(test, kind_of, local, run or _no_call, groups)


def run_setting_value(node: ast.expr, run: Callable[[ast.Call], bool]) -> bool:
    """Whether `node`, a function's returned value, is a setting of the run alone: calls
    `run` accepts and constants, compared, negated, combined or chosen between
    (`dist.get_world_size() if dist.is_initialized() else 1`)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Call):
        return run(node)
    if isinstance(node, ast.IfExp):
        return all(run_setting_value(part, run) for part in (node.test, node.body, node.orelse))
    if isinstance(node, ast.UnaryOp):
        return run_setting_value(node.operand, run)
    if isinstance(node, ast.BoolOp):
        return all(run_setting_value(value, run) for value in node.values)
    if isinstance(node, ast.Compare):
        return all(run_setting_value(part, run) for part in (node.left, *node.comparators))
    return False


def local_settings(function: ast.AST, param_groups: bool, calls: Collection[str] | None
                   ) -> tuple[frozenset[str], frozenset[str]]:
    """The function's optimiser param-group names and the locals that hold a setting all
    the same (`flow.Bound`): a group's hyperparameters (`lr = group["lr"]`, where the
    module uses param groups: `param_groups.py`) and copies of what an argument holds
    (`argument_copies`). `calls` are the dotted names its text calls (`Sketch.calls`;
    None: not known): with no `getattr` nor move among them, it has no copy, unwalked."""
    groups, entries = param_group_names(function, _judged_elsewhere) if param_groups \
        else (frozenset(), frozenset())
    if calls is not None and not any(c == "getattr" or c.endswith(_MOVE_CALLS) for c in calls):
        return groups, entries
    return groups, entries | argument_copies(function)


#: Methods that give their receiver itself or its copy on another device or dtype.
_MOVES = frozenset({"to", "cuda", "cpu"})
_MOVE_CALLS = tuple(f".{name}" for name in sorted(_MOVES))


def argument_copies(function: ast.AST) -> frozenset[str]:
    """Locals that hold a setting as an argument does (fresh12 M1), each binding of one
    being:

    - `getattr(obj, "name", None)` (any constant default, or none) of an object other
      than `self` or `cls`, where the function sets no attribute `name` (`x.name = ...`,
      `setattr(x, "name", ...)`, a cache it fills): whether an object carries an
      attribute is how the code that built it builds every such object, not the step's
      data, so `numbers is not None` asks what `state.atomic_numbers is not None` asks;
    - a move (`state.to(device)`, `.cuda()`, `.cpu()`) of a parameter the function never
      rebinds, or of another such local, or of an attribute chain of one.

    A counter or a switch cold code judges (`step = getattr(state, "step", 0)`) is none,
    and neither is an attribute of `self`, whose presence its own methods decide (a latch,
    a lazily built cache)."""
    args = getattr(function, "args", None)
    if not isinstance(args, ast.arguments):
        return frozenset()
    values: dict[str, list[ast.expr | None]] = {}
    for name, value in _local_bindings(getattr(function, "body", [])):
        values.setdefault(name, []).append(value)
    looked_up = {_looked_up(v) for bound in values.values() for v in bound} - {None}
    if not looked_up and not any(_moved(v) is not None for b in values.values() for v in b):
        return frozenset()
    set_here = _set_attributes(function) if looked_up else set()
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    sources = params - values.keys()
    copies: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, bound in values.items():
            if name not in copies and name not in params and not _judged_elsewhere(name) \
                    and all(_copy_of(v, sources | copies, set_here) for v in bound):
                copies.add(name)
                changed = True
    return frozenset(copies)


def _local_bindings(body: list[ast.stmt]) -> Iterator[tuple[str, ast.expr | None]]:
    """Each name the statements bind with the value bound (None: not one value), nested
    blocks included, by statements alone (a walk of every expression cost a tenth of the
    evaluation): a nested function or class binds its name, not its own locals."""
    for statement in body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield statement.name, None
            continue
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                yield from _bound_names(target, statement.value)
        elif isinstance(statement, ast.AnnAssign):
            yield from _bound_names(statement.target, statement.value)
        elif isinstance(statement, (ast.AugAssign, ast.For, ast.AsyncFor)):
            yield from _bound_names(statement.target, None)
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            for item in statement.items:
                if item.optional_vars is not None:
                    yield from _bound_names(item.optional_vars, None)
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            for alias in statement.names:
                yield (alias.asname or alias.name).partition(".")[0], None
        for field in ("body", "orelse", "finalbody"):
            yield from _local_bindings(getattr(statement, field, []))
        for handler in getattr(statement, "handlers", []):
            if handler.name:
                yield handler.name, None
            yield from _local_bindings(handler.body)
        for case in getattr(statement, "cases", []):
            yield from _local_bindings(case.body)
        tested = statement.value if isinstance(statement, ast.Expr) else \
            getattr(statement, "test", None) if isinstance(statement, (ast.If, ast.While)) \
            else None
        for node in ast.walk(tested) if tested is not None else ():
            if isinstance(node, ast.NamedExpr):  # `if (m := getattr(x, "m", None)):`
                yield node.target.id, None


def _bound_names(target: ast.expr, value: ast.expr | None) -> Iterator[tuple[str, ast.expr | None]]:
    """The names a target binds: a plain name the value, an element of an unpacking
    None."""
    if isinstance(target, ast.Name):
        yield target.id, value
    elif isinstance(target, (ast.Tuple, ast.List, ast.Starred)):
        for element in (target.elts if not isinstance(target, ast.Starred) else [target.value]):
            yield from _bound_names(element, None)


def _looked_up(value: ast.expr | None) -> str | None:
    """The attribute name of `getattr(obj, "name"[, constant])` of an object other than
    `self` or `cls`, else None."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and \
            value.func.id == "getattr" and 2 <= len(value.args) <= 3 and \
            not value.keywords and isinstance(value.args[1], ast.Constant) and \
            isinstance(value.args[1].value, str) and \
            all(isinstance(a, ast.Constant) for a in value.args[2:]) and \
            not (isinstance(value.args[0], ast.Name) and value.args[0].id in ("self", "cls")):
        return value.args[1].value
    return None


def _moved(value: ast.expr | None) -> ast.expr | None:
    """The receiver of `x.to(...)`, `x.cuda()`, `x.cpu()` (`_MOVES`), else None."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
            value.func.attr in _MOVES:
        return value.func.value
    return None


def _set_attributes(function: ast.AST) -> set[str]:
    """The attribute names the function assigns (`x.name = ...`) or sets by name
    (`setattr(x, "name", ...)`)."""
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            found.add(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "setattr" and len(node.args) >= 2 and \
                isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
            found.add(node.args[1].value)
    return found


def _copy_of(value: ast.expr | None, sources: Container[str], set_here: Container[str]
             ) -> bool:
    """Whether `value` binds a copy (`argument_copies`): a lookup of an attribute the
    function never sets, or a move of a name in `sources` or of an attribute chain of
    one."""
    name = _looked_up(value)
    if name is not None:
        return name not in set_here and not _judged_elsewhere(name)
    moved = _moved(value)
    while isinstance(moved, ast.Attribute):
        if _judged_elsewhere(moved.attr):
            return False
        moved = moved.value
    return isinstance(moved, ast.Name) and moved.id in sources


def _no_call(_: ast.Call) -> bool:
    return False


@dataclass(frozen=True)
class Conditions:
    """How the tests a guarded read runs under read in words.

    `named` names every condition whole, for a related location ("`self.a` and not
    `x is None`"; a very long list: "`self.a` and 4 more conditions"); `quoted` is the same
    when every test is short enough for a message, else None (the message then says
    "under a setting" once). `about` says what the tests read: settings (attributes,
    module names, constants: `SETTING`), parameters of the guarded function alone
    (`ARGUMENT`, `ARGUMENTS`: how the caller calls it), or both (`BOTH`)."""

    named: str
    quoted: str | None
    about: str


def describe(tests: Sequence[tuple[str, bool]], parameters: Collection[str] = ()) -> Conditions:
    """How the tests (each its code and whether it holds, outermost first) read in a
    message and a related location; `parameters` are the names of the guarded function's
    parameters (`self` and `cls` aside), which a caller passes rather than a setting."""
    texts = [_positive(" ".join(test.split()), holds) for test, holds in tests]
    parts = [f"`{text}`" if holds else f"not `{text}`" for text, holds in texts]
    named = " and ".join(parts)
    operands = [operand for text, holds in texts for operand in _operands(text, holds)]
    if len(named) > _NAMED and len(operands) > 1:
        more = len(operands) - 1
        named = f"{operands[0]} and {more} more condition{'s' if more > 1 else ''}"
    quoted = " and ".join(parts) if all(len(text) <= _QUOTED for text, _ in texts) else None
    read = [_names(text) for text, _ in texts]
    arguments = {name for names in read for name in names if name in parameters}
    other = any(name not in parameters and name not in _BUILTINS
                for names in read for name in names)
    about = SETTING if not arguments else BOTH if other else \
        ARGUMENT if len(arguments) == 1 else ARGUMENTS
    return Conditions(named, quoted, about)


def _positive(text: str, holds: bool) -> tuple[str, bool]:
    """A test that fails, read without its own `not`: the `else` of `if not diag:` is
    "when `diag`", never "when not `not diag`"."""
    tree = _parsed(text)
    if not holds and isinstance(tree, ast.UnaryOp) and isinstance(tree.op, ast.Not):
        operand = ast.get_source_segment(f"({text})", tree.operand)
        if operand:
            return " ".join(operand.split()), True
    return text, holds


def _operands(text: str, holds: bool) -> list[str]:
    """The conditions of one test as a related location names them: each operand of an
    `and` that holds, else the test whole."""
    tree = _parsed(text)
    if holds and isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And):
        segments = [ast.get_source_segment(f"({text})", value) for value in tree.values]
        if all(segments):
            return [f"`{' '.join(str(s).split())}`" for s in segments]
    return [f"`{text}`" if holds else f"not `{text}`"]


def _names(text: str) -> set[str]:
    """The names a test reads (`self`, a parameter, a module name, a builtin); the types an
    `isinstance` names are none of these (`isinstance(x, MetaTensor)` tests the input)."""
    tree = _parsed(text)
    if tree is None:
        return set()
    types = {id(name) for call in ast.walk(tree) if isinstance(call, ast.Call)
             and isinstance(call.func, ast.Name) and call.func.id in _CLASS_TESTS
             for arg in call.args[1:] for name in ast.walk(arg)
             if isinstance(name, ast.Name) and name.id not in ("self", "cls")}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in types}


_CLASS_TESTS = frozenset({"isinstance", "issubclass"})


def _parsed(text: str) -> ast.expr | None:
    try:
        return ast.parse(f"({text})", mode="eval").body
    except SyntaxError:
        return None


def parameters_read(test: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef
                    | ast.Lambda, params: Sequence[str]) -> tuple[int, ...] | None:
    """The positions in `params` (a summary's positional parameters, then its
    keyword-only ones: `Summary.settable`) of the parameters of `function` that `test`
    reads, `self` and `cls` aside; None when it reads one without a position (`*args`,
    `**kwargs`: what a call puts there is not known). A test of a parameter is a setting
    only where the caller passes one (`self.iou_type`, not `step > 0`): the caller
    judges."""
    arguments = function.args
    names = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             arguments.vararg, arguments.kwarg) if a is not None}
    names -= {"self", "cls"}
    read = {node.id for node in ast.walk(test) if isinstance(node, ast.Name)
            and node.id in names}
    if not read <= set(params):
        return None
    return tuple(sorted(params.index(name) for name in read))


def default_path(test: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef
                 | ast.Lambda) -> bool | None:
    """Which branch of `if test:` the function takes with the defaults of its parameters,
    where the test compares parameters with constants and every one it reads has a
    constant default other than None: True the body, False the `else`, None not known.
    `if eps == -1.0:` with `eps: float = -1.0` is the default path (issue 22, M4), not a
    rare guard; `if x is None:` stays "given or not" (a caller that passes one never
    takes it)."""
    defaults = _constant_defaults(function.args)
    if not _compares_to_constants(test):
        return None
    names = {node.id for node in ast.walk(test) if isinstance(node, ast.Name)}
    if not names or not names <= defaults.keys():
        return None
    try:
        return bool(_value(test, defaults))
    except (TypeError, ValueError):
        return None


#: The comparisons `default_path` evaluates.
_EQUALITIES = (ast.Eq, ast.NotEq)


def _compares_to_constants(test: ast.expr) -> bool:
    if isinstance(test, ast.BoolOp):
        return all(_compares_to_constants(value) for value in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _compares_to_constants(test.operand)
    return isinstance(test, ast.Compare) and len(test.ops) == 1 and \
        isinstance(test.ops[0], _EQUALITIES) and isinstance(test.left, ast.Name) and \
        _literal(test.comparators[0]) is not None


def _constant_defaults(arguments: ast.arguments) -> dict[str, object]:
    """The parameters whose default is a constant other than None, with it."""
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = [*zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults),
             *((a, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults)
               if d is not None)]
    found: dict[str, object] = {}
    for argument, default in pairs:
        value = _literal(default)
        if value is not None:
            found[argument.arg] = value
    return found


def _literal(node: ast.expr) -> object | None:
    """A number, string or bool written in place (`-1.0`, `"auto"`), else None."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, (int, float, str, bool)) else None


def _value(node: ast.expr, names: dict[str, object]) -> object:
    if isinstance(node, ast.BoolOp):
        values = [bool(_value(value, names)) for value in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.UnaryOp):
        return not _value(node.operand, names)
    if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name):
        left, right = names[node.left.id], _literal(node.comparators[0])
        return left == right if isinstance(node.ops[0], ast.Eq) else left != right
    raise ValueError("not a comparison of parameters with constants")


def main_path_else(body_leaves: bool, names: Iterable[str]) -> bool:
    """Whether the `else` (or `elif`) of an `if` whose test is no setting is the main path
    all the same: the body always leaves (`if max_length == 0: return ...`), so the
    `else` runs whenever code after the `if` would; `names` are the names and attribute
    names the test reads, none of which may be a counter or a switch (`if batch_idx > 0:
    return` leaves the `else` to the first step; `verbose`, `should_log`: cold code's)."""
    return body_leaves and not any(_judged_elsewhere(name) for name in names)


def ast_test_names(test: ast.expr) -> Iterator[str]:
    """The names and attribute names an `ast` test reads (`main_path_else`)."""
    for node in ast.walk(test):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr


def latched(node: ast.If) -> bool:
    """Whether a branch of `node` assigns an attribute its test reads (`if not
    self._checked: ...; self._checked = True`): a latch that holds once, not a setting."""
    read = {dotted for n in ast.walk(node.test) if isinstance(n, ast.Attribute)
            and (dotted := _dotted(n)) is not None}
    return bool(read) and any(_dotted(target) in read
                              for target in _assigned_attributes([*node.body, *node.orelse]))


def _assigned_attributes(statements: list[ast.stmt]) -> Iterator[ast.expr]:
    """The attribute targets the statements assign, nested blocks included."""
    for statement in statements:
        if isinstance(statement, ast.Assign):
            yield from (t for t in statement.targets if isinstance(t, ast.Attribute))
        elif isinstance(statement, (ast.AugAssign, ast.AnnAssign)):
            if isinstance(statement.target, ast.Attribute):
                yield statement.target
        elif not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                yield from _assigned_attributes(getattr(statement, field, []))
            for handler in getattr(statement, "handlers", []):
                yield from _assigned_attributes(handler.body)
            for case in getattr(statement, "cases", []):
                yield from _assigned_attributes(case.body)


def _setting(node: ast.expr, kind_of: Callable[[ast.expr], Kind],
             local: Container[str], run: Callable[[ast.Call], bool],
             groups: frozenset[str] = frozenset()) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if groups and (key := entry_key(node, groups)) is not None:
        return not _judged_elsewhere(key)  # `group["lr"]`, not `group["step"]`
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return isinstance(node.operand, ast.Constant)  # a negative literal: `eps == -1.0`
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _setting(node.operand, kind_of, local, run, groups)
    if isinstance(node, ast.BoolOp):
        return all(_setting(value, kind_of, local, run, groups) for value in node.values)
    if isinstance(node, ast.Compare):
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)) and \
                _is_none(node.comparators[0]) and _given(node.left, local):
            return True  # an optional argument given or not, an attribute set or not
        return all(_setting(operand, kind_of, local, run, groups)
                   for operand in (node.left, *node.comparators))
    if isinstance(node, ast.Call):
        if run(node):
            return True  # the world size, an initialised process group: the run's
        return isinstance(node.func, ast.Name) and node.func.id in _TYPE_TESTS and \
            not node.keywords and bool(node.args) and _given(node.args[0], local) and \
            all(_setting(arg, kind_of, local, run, groups)
                or isinstance(arg, (ast.Attribute, ast.Tuple)) for arg in node.args[1:])
    if isinstance(node, (ast.Name, ast.Attribute)):
        return _given(node, local) and not _of_a_tensor(node, kind_of)
    if isinstance(node, ast.Subscript) and _constant_index(node.slice) and \
            isinstance(node.value, ast.Attribute) and _is_self(node.value.value):
        # An element of a list-valued setting the object keeps (`self.ctc_asr_only[-1]`
        # of a `[False]` default; fresh17 M5), not of a container of tensors; an
        # argument's element (`labels[0]`) is the caller's data.
        return _given(node.value, local) and not _of_a_tensor(node.value, kind_of) and \
            not holds_tensors(kind_of(node.value)) and kind_of(node) not in TENSORS
    return False


def _constant_index(node: ast.expr) -> bool:
    """A literal integer index: `0`, `-1`. (A string key is not: `self.ivars["istep"]`
    of torch's LOBPCG is iteration state kept in a dict, updated every step.)"""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, int) and \
        not isinstance(node.value, bool)


def _of_a_tensor(node: ast.expr, kind_of: Callable[[ast.expr], Kind]) -> bool:
    """A tensor, or an attribute of one (`x.is_cuda`, `x.dtype`: the data's)."""
    while True:
        if kind_of(node) in TENSORS:
            return True
        if not isinstance(node, ast.Attribute):
            return False
        node = node.value


def none_by_setting(value: ast.expr) -> bool:
    """`None if self.weights_index is None else self.weights_index % count` (or the
    reverse): whether the value is `None` only a test of `self`'s attributes and constants
    decides, so a test of the local that holds it (`if weights_at is not None:`) tests a
    setting (transformer-lens' MoE bridge, fresh15 M2b)."""
    return isinstance(value, ast.IfExp) and _is_none(value.body) != _is_none(value.orelse) \
        and _of_self(value.test)


def _of_self(test: ast.expr) -> bool:
    """A test of constants and `self`'s attributes (none a counter or a debug switch)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _of_self(test.operand)
    if isinstance(test, ast.BoolOp):
        return all(_of_self(value) for value in test.values)
    if isinstance(test, ast.Compare):
        return all(_of_self(part) for part in (test.left, *test.comparators))
    if isinstance(test, ast.Constant):
        return True
    root = test
    while isinstance(root, ast.Attribute):
        root = root.value
    return isinstance(test, ast.Attribute) and isinstance(root, ast.Name) and \
        root.id == "self" and _given(test, ())


def _given(node: ast.expr, local: Container[str]) -> bool:
    """A parameter the function never rebinds, a module name, `self` or `cls`, or an
    attribute chain of one, none of whose names is a counter or a switch that cold code
    judges (`verbose`, `should_log`)."""
    while isinstance(node, ast.Attribute):
        if _judged_elsewhere(node.attr) and not _POSITION.search(node.attr):
            return False
        node = node.value
    if not isinstance(node, ast.Name):
        return False
    if node.id in ("self", "cls"):
        return True
    return node.id not in local and not _judged_elsewhere(node.id)


def _judged_elsewhere(name: str) -> bool:
    return bool(_COUNTER.search(name)) or is_debug_flag(name) or is_periodic_flag(name)


def judged_elsewhere(name: str) -> bool:
    """Whether `name` is a counter or a switch that cold code judges: never a setting."""
    return _judged_elsewhere(name)


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None
