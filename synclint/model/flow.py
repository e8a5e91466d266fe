"""The state of one evaluation: bindings along the paths of a function, merged after
branches, and the syncs it records (unconditional or through a parameter)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    NUMPY,
    UNKNOWN,
    Branch,
    Kind,
    Seq,
    elem_of,
    item_of,
    join,
    merge,
    proved_kinds,
)
from synclint.model.index import _Function
from synclint.model.kindops import _bounded, _join_attribute
from synclint.model.summaries import SYNC_TEST, Effect, ParamEffect, Site
from synclint.model.syntax import _dotted, _is_comparison, _is_self, _uses_as_tensor

if TYPE_CHECKING:
    from synclint.model.project import Project


Value = tuple[Kind, int | None]
_UNKNOWN_VALUE: Value = (UNKNOWN, None)
#: Methods that may put a tensor on another device than the one it was on.
_DEVICE_MOVES = frozenset({"to", "cuda", "xpu", "npu", "hpu", "mps", "mtia", "ipu", "type",
                           "to_device", "move_to"})
#: Kinds of arguments that never live on an accelerator.
_HOST_ARGUMENTS = (HOST, HOST_TENSOR, NUMPY)
#: The bindings along one path: names, names bound to `None`, `self.<attr>` kinds.
_State = tuple[dict[str, Value], frozenset[str], dict[str, Kind]]


class Flow:
    """Bindings and effects of one evaluation (the expression and call evaluators
    build on it)."""

    def __init__(self, project: Project, function: _Function) -> None:
        self.project = project
        self.function = function
        self.module = function.module
        self.env: dict[str, Value] = {}
        self.callees: set[str] = set()
        #: Each call of a project function: the callee and the kind of each parameter it
        #: fills (None when `*args`/`**kwargs` hide which).
        self.call_arguments: list[tuple[str, dict[str, Kind] | None]] = []
        self.attribute_reads: set[str] = set()
        self.self_kinds: dict[str, Kind] = {}
        self.self_classes: dict[str, str] = {}
        self.syncs: dict[str, Effect] = {}
        self.param_effects: dict[tuple[int, str], ParamEffect] = {}
        self.returns: list[Kind] = []
        self.return_params: list[int | None] = []
        #: Parameters a value derived from is moved to a device (`.to(device)`, `.cuda()`).
        self.moved_params: set[int] = set()
        #: Lengths of the tuple displays returned (`return a, b`): checks the annotation.
        self.tuple_returns: set[int] = set()
        self.conditional = 0
        self.cold = 0
        #: Names whose current value is the literal `None` (a placeholder a branch fills).
        self.nones: set[str] = set()
        #: `torch.set_default_device` in the file: factories without `device=` may make
        #: accelerator tensors.
        self.default_device = function.module.default_device
        #: One frame per `if` branch being evaluated (see `infer.Branch`).
        self.branches: list[Branch] = []
        args = function.node.args
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        offset = len(positional) - len(function.params)
        for index, name in enumerate(positional):
            annotation = function.annotations.get(name)
            kind = UNKNOWN if annotation is None else self._annotation(annotation) if name in (
                "self", "cls") else self._parameter(annotation)
            param = index - offset if index >= offset else None
            self.env[name] = (kind, param)
        for arg in args.kwonlyargs:
            annotation = function.annotations.get(arg.arg)
            self.env[arg.arg] = (self._parameter(annotation) if annotation is not None
                                 else UNKNOWN, None)


    # -- what the evaluators built on this define --------------------------------------
    def expr(self, node: ast.expr | None) -> Value:
        raise NotImplementedError

    def _qualified(self, dotted: str) -> str:
        raise NotImplementedError

    def _annotation(self, node: ast.expr | None) -> Kind:
        raise NotImplementedError

    def _parameter(self, node: ast.expr) -> Kind:
        raise NotImplementedError

    def _append(self, name: str, kind: Kind) -> None:
        """`name.append(value)`: the first append decides an empty list's elements."""
        current = self.env.get(name)
        if current is None or not isinstance(current[0], Seq):
            return
        elem = current[0].elem
        if name in self.nones and elem is UNKNOWN:
            self.env[name] = (Seq(_bounded(kind, 1)), current[1])
            self.nones.discard(name)
        elif elem != kind:
            self.env[name] = (Seq(join(elem, kind)), current[1])

    # -- paths ----------------------------------------------------------------------------

    def _prove_tensor(self, name: str, source: ast.expr | None, kind: Kind) -> None:
        """`name = <a tensor op on name>` (`source`; None for `name &= mask`) where `name`
        is unknown and not yet rebound in this branch: its old value is a tensor."""
        frame = self.branches[-1]
        current = self.env.get(name)
        if current is None or current[0] is not UNKNOWN or name in frame.rebound or \
                kind not in DEVICE_TENSORS:
            return
        if source is None or _uses_as_tensor(source, name, self._qualified):
            frame.proved.add(name)

    def _state(self) -> _State:
        return dict(self.env), frozenset(self.nones), dict(self.self_kinds)

    def _restore(self, state: _State) -> None:
        self.env, self.nones, self.self_kinds = dict(state[0]), set(state[1]), dict(state[2])

    def _merge_paths(self, first: _State | None, second: _State | None,
                     branches: tuple[Branch, Branch] | None = None) -> None:
        """What holds after either path (None: a path that never falls through); a
        tensor op on a name's value from before the `if` proves it a tensor on the path
        that did not rebind it (`infer.Env.merge_paths`)."""
        if first is None or second is None:
            chosen = first if second is None else second
            assert chosen is not None
            self._restore(chosen)
            return
        env: dict[str, Value] = {}
        nones: set[str] = set()
        for name in first[0].keys() | second[0].keys():
            a, b = first[0].get(name), second[0].get(name)
            if a is None or (name in first[1] and b is not None):
                assert b is not None
                env[name] = b
                if name in second[1]:
                    nones.add(name)
            elif b is None or name in second[1]:
                env[name] = a
                if name in first[1]:
                    nones.add(name)
            else:
                left, right = a[0], b[0]
                if branches is not None and left is not right and UNKNOWN in (left, right):
                    left, right = proved_kinds(name, left, right, branches)
                env[name] = (merge(left, right), a[1] if a[1] is not None else b[1])
        attributes: dict[str, Kind] = {}
        for name in first[2].keys() | second[2].keys():
            x, y = first[2].get(name), second[2].get(name)
            # An attribute one path leaves alone keeps its kind from the other methods.
            if x is None or y is None:
                kept = x if y is None else y
                assert kept is not None
                attributes[name] = kept
            else:
                attributes[name] = _join_attribute(x, y)
        self.env, self.nones, self.self_kinds = env, nones, attributes

    def _bind(self, target: ast.expr, value: Value, source: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = value
            self.nones.discard(target.id)
            if self.branches:
                self.branches[-1].rebound.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for index, element in enumerate(target.elts):
                if isinstance(element, ast.Starred):
                    self._bind(element.value, (Seq(elem_of(value[0])), None), None)
                else:
                    self._bind(element, (item_of(value[0], index), value[1]), None)
        elif isinstance(target, ast.Attribute) and _is_self(target.value):
            kind = value[0]
            if kind is not UNKNOWN and not (isinstance(source, ast.Constant)
                                            and source.value is None):
                # The last assignment on a path wins: `self.sigmas = ...` then
                # `self.sigmas = self.sigmas.to("cpu")` leaves a CPU tensor; the class
                # joins what each method leaves.
                self.self_kinds[target.attr] = kind
            if isinstance(source, ast.Call):
                dotted = _dotted(source.func)
                if dotted is not None:
                    key = self.project._name_key(self.module, dotted)
                    if key is not None and key in self.project.classes:
                        self.self_classes[target.attr] = key
        elif isinstance(target, ast.Subscript):
            self.expr(target.value)

    # -- effects --------------------------------------------------------------------------
    def _effect(self, code: str, node: ast.AST, message: str, value: Value,
                strength: str | None = None, likely: bool = False) -> None:
        """Record a sync on `value` at `node`: unconditional, or through a parameter."""
        if self.cold:
            return
        site = Site(self.module.filename, getattr(node, "lineno", 0),
                    getattr(node, "col_offset", 0) + 1, message)
        effect = Effect(code, (site,), likely)
        self._add(effect, value, strength)

    def _add(self, effect: Effect, value: Value, strength: str | None) -> None:
        """Keep the first sync per rule made on every call (not under an `if`, an
        exception handler or a loop's `else`): unconditional, or on a parameter."""
        if self.conditional:
            return
        kind, param = value
        if param is not None and strength is not None:
            name = self.function.params[param] if param < len(self.function.params) else "?"
            key = (param, effect.code)
            if key not in self.param_effects:
                self.param_effects[key] = ParamEffect(param, name, strength, effect)
            return
        if param is not None or effect.code in self.syncs or effect.likely:
            # A callee's `.item()` on a value nobody proved a tensor is not enough to
            # report its callers (state-dict conversion reads CPU tensors that way).
            return
        self.syncs[effect.code] = effect

    def _test(self, node: ast.expr) -> None:
        """A truth test: `if`, `while`, `assert`, `not`, boolean operands."""
        operands = node.values if isinstance(node, ast.BoolOp) else [node]
        for operand in operands:
            if isinstance(operand, ast.UnaryOp) and isinstance(operand.op, ast.Not):
                operand = operand.operand
            value = self.expr(operand)
            kind, param = value
            if kind in DEVICE_TENSORS:
                self._effect(SYNC_TEST, operand, "a tensor tested as a Python bool", value,
                             "tensor")
            elif kind is UNKNOWN and param is not None and _is_comparison(operand) and \
                    self._compares_a_parameter(operand):
                self._effect(SYNC_TEST, operand, "a tensor tested as a Python bool", value,
                             "value")

    def _compares_a_parameter(self, node: ast.expr) -> bool:
        """`x > 0` where `x` is a parameter itself (not a method result or attribute of
        one, whose kind is anybody's guess)."""
        assert isinstance(node, ast.Compare)
        return any(isinstance(operand, ast.Name) and operand.id in self.function.params
                   for operand in (node.left, *node.comparators))

