"""Opt-in code: a branch that runs only when a setting differs from its default
(`if self.batchwise_prompt:` with `batchwise_prompt=False` in `__init__`).

A read there is a sync on every step of a run that turns the option on, but most runs use
the default: such a finding is opt-in, not reported unless the user asks (`--opt-in`,
`opt-in = true`), and then its message says which option turns the code on ("only with
`batchwise_prompt=True`"). A site is opt-in when an `if` around it in its function (or the
left operand of an `and` it is the right of) tests a setting that with its default takes
the other branch. Defaults are read where the model sees them (issue 22, fresh8 L5 and
fresh9 L1):

- a parameter's constant default: the class's `__init__` through `self.name = param` at the
  top level of its body (`param` not rebound), or the enclosing function's own parameter
  where the function is per-step code by its role (`forward`, a hook), not None (`labels=
  None` is "given or not", which the caller decides), or a helper's `True`/`False` flag
  no project call passes (`normalize: bool = True`; eleventh draw F6);
- a field default of a class (`model/defaults.py`): the class's own (`use_counting =
  False`), or a configuration object's (`self.cfg.kl_threshold` with `self.cfg: PPO_CFG`
  annotated, or `cfg: PPO_CFG` given to `__init__` and kept, `kl_threshold: float = 0.0`);
- a key of a module-level dict literal of defaults (`PPO_DEFAULT_CONFIG = {...}`), read as
  `self.cfg["kl_threshold"]` or `cfg.get("kl_threshold", ...)`, directly or through an
  attribute `__init__` sets from it.
- a `getattr` of a settings holder with a literal default (`getattr(self.args,
  "batch_flattening", False)`; axolotl's trainers, fresh16 L1a): the holder is named as one
  (`args`, `self.config`, `cfg`, ...) or annotated with a class named `...Config`,
  `...Args`, `...Arguments`, and where its project class gives the field a default, that
  default wins (an unannotated holder: the default the settings classes the file sees
  give the field, where they agree); a module's attribute (`getattr(module, "weight",
  None)`) is no setting.
- an argparse option the project declares (`parser.add_argument("--use-cbhg",
  default=False)`; `model/options.py`), read off an options holder (`args.use_cbhg`,
  `self.args.use_cbhg`) or kept by `__init__` (`self.use_cbhg = args.use_cbhg`, set
  nowhere else): `analysis/opt_in_argparse.py` (fresh17 L3a).

A local the function binds once, at the top level of its body before the test
(`can_flatten = getattr(self.args, "batch_flattening", False) and not extra` ... `if
can_flatten:`), is tested as the value it holds; an attribute `__init__` sets only when an
option is on (`self._replay_buffer = None` unless `getattr(self.args, "replay_buffer_size",
0) > 0`) is tested as that option ("only with `replay_buffer_size > 0`"). A private
function or method every call of which in its module runs only with such an option
(`self._get_per_token_logps_flattened(...)` under `if can_flatten:`) is opt-in code as a
whole (`analysis/opt_in_callers.py`).

A setting without a visible default, or whose default turns the code on, is no opt-in.
How the project constructs the class does not matter: the default decides (a configuration
file may set the option for its users; the message names it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import libcst as cst

from synclint.analysis.cold import leaves
from synclint.analysis.opt_in_argparse import argparse_option, assigned_once, holder_read
from synclint.analysis.opt_in_syntax import (
    _annotation_names,
    _bound_names,
    _code,
    _dict_key,
    _differ,
    _is_self_attribute,
    _literal,
    _number,
    _ordered,
    _parameter,
    _set_attributes,
    _set_key,
    _set_literals,
    _single_locals,
    _top_level,
    _uniform_element,
    passed_on,
)
from synclint.analysis.tree import walk
from synclint.model.summaries import FileView

#: Per class (by identity): attribute -> (the option it holds, its default).
_DEFAULTS: dict[int, tuple[cst.ClassDef, dict[str, tuple[str, str]]]] = {}
#: Defaults a test of the attribute's truth reads as off.
_FALSY = frozenset({"False", "None", "0", "0.0", '""', "''"})
#: A module-level dict literal of defaults is named so (`PPO_DEFAULT_CONFIG`).
_DEFAULTS_DICT = "DEFAULT"
#: Names of objects that hold a run's settings, read through `getattr` with a default.
_HOLDER_NAMES = frozenset({"args", "config", "cfg", "hparams", "opt", "opts", "options",
                           "training_args"})
#: How the name of a settings class ends (`AsyncGRPOConfig`, `TrainingArguments`).
_HOLDER_SUFFIXES = ("Config", "Args", "Arguments")
#: Per file view (by identity): `Defaults._settings_fields`.
_SETTINGS_FIELDS: dict[int, tuple[FileView, dict[str, set[str]]]] = {}


@dataclass
class Defaults:
    """What resolves a tested operand to the option it reads and that option's default
    (as written: "False", "0.0", "None") in one function of one class."""

    cls: cst.ClassDef | None
    function: cst.FunctionDef | None
    view: FileView | None
    module: cst.Module | None
    #: Whether the function's own parameters count by their defaults: only where it is
    #: per-step code by its role (`forward`, a hook: the framework calls it), not a
    #: helper whose callers pass the argument (torchani's `supports_individual_pbc=False`).
    entry: bool = True
    _dicts: dict[str, str] | None = field(default=None, repr=False)
    _locals: dict[str, tuple[int, cst.BaseExpression]] | None = field(default=None,
                                                                        repr=False)

    def option(self, node: cst.BaseExpression) -> tuple[str, str] | None:
        """(the option's name as a message gives it, its default) of `node`, or None."""
        if isinstance(node, cst.Subscript) and _dict_key(node) is None:
            return self._element(node)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and \
                node.func.value == "getattr":
            return self._getattr(node)
        if isinstance(node, cst.Attribute):
            owner = node.value
            if isinstance(owner, cst.Name) and owner.value == "self" and self.cls is not None:
                found = self._kept(self.cls, node.attr.value)
                if found is not None:
                    return found
                text = self._field(self._own_class_keys(), node.attr.value)
                return (node.attr.value, text) if text is not None else None
            holder = self._holder(owner)
            if holder is not None:
                text = self._field(self._keys_of(holder[1]), node.attr.value)
                if text is not None:
                    return f"{holder[0]}.{node.attr.value}", text
            # `args.use_cbhg`: an argparse option the project declares (fresh17 L3a)
            return argparse_option(node, self.function, self.view)
        if isinstance(node, cst.Name) and self.function is not None and (
                self.entry or self.function.name.value == "__init__"
                or self._kept_flag(self.function, node.value)):
            param = _parameter(self.function, node.value)
            if param is not None and param.default is not None and \
                    node.value not in _bound_names(self.function.body):
                text = _code(param.default)
                # `labels=None` is "given or not", which the caller decides; in
                # `__init__` (`if noise is not None: self._noise = ...`) it is the option.
                if _literal(param.default) and (
                        text != "None" or self.function.name.value == "__init__"):
                    return node.value, text
            return None
        key = _dict_key(node)
        if key is not None:
            text = self._dict_defaults().get(key)
            return (key, text) if text is not None else None
        return None

    def local(self, node: cst.Name) -> cst.BaseExpression | None:
        """The value a local name tested in the function stands for: `can_flatten =
        getattr(self.args, "batch_flattening", False) and not extra` ... `if
        can_flatten:` (fresh16 L1a), where the function binds the name exactly once, by
        a plain assignment at the top level of its body before the statement that holds
        `node`; not a parameter. Else None."""
        function = self.function
        if function is None or _parameter(function, node.value) is not None:
            return None
        if self._locals is None:
            self._locals = _single_locals(function)
        found = self._locals.get(node.value)
        if found is None:
            return None
        index, value = found
        lines = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
        # the test comes after the assignment: in none of the lines up to it
        if any(node is part for line in lines[:index + 1] for part in walk(line)):
            return None
        return value

    def _getattr(self, node: cst.Call) -> tuple[str, str] | None:
        """`getattr(self.args, "batch_flattening", False)`: the option `batch_flattening`
        with the getattr's literal default (axolotl's trainers; fresh16 L1a), where the
        object is a holder of settings (`_settings_holder`). Where the holder's project
        class gives the field a default of its own, that default wins."""
        args = node.args
        if len(args) != 3 or any(a.keyword is not None or a.star for a in args) or \
                not isinstance(args[1].value, cst.SimpleString) or not _literal(args[2].value):
            return None
        name = args[1].value.evaluated_value
        if not isinstance(name, str) or not name.isidentifier():
            return None
        owner = args[0].value
        if not self._settings_holder(owner):
            return None
        holder = self._holder(owner)
        if holder is not None:
            text = self._field(self._keys_of(holder[1]), name)
            if text is not None:
                return name, text
        else:
            # An unannotated holder (a trainer's `self.args`): the settings classes the
            # file sees that give the field a default (axolotl's `FastAsyncGRPOConfig.
            # reroll_start_fraction = field(default=0.5)` against the getattr's 1.0).
            given = self._settings_fields().get(name)
            if given is not None:
                return (name, next(iter(given))) if len(given) == 1 else None
        return name, _code(args[2].value)

    def _settings_fields(self) -> dict[str, set[str]]:
        """Field -> the defaults the settings classes the file sees give it (classes
        named `...Config`, `...Args`, `...Arguments`, their bases' fields included)."""
        view = self.view
        if view is None:
            return {}
        cached = _SETTINGS_FIELDS.get(id(view))
        if cached is not None and cached[0] is view:
            return cached[1]
        if len(_SETTINGS_FIELDS) >= 8:
            _SETTINGS_FIELDS.clear()
        found: dict[str, set[str]] = {}
        for key in view.classes:
            if not key.rpartition(":")[2].rpartition(".")[2].endswith(_HOLDER_SUFFIXES):
                continue
            names: set[str] = set()
            pending, seen = [key], set()
            while pending:
                current = pending.pop(0)
                cls = view.classes.get(current)
                if current in seen or cls is None:
                    continue
                seen.add(current)
                names.update(n for n in cls.defaults if not n.endswith("[]"))
                pending.extend(cls.bases)
            for name in names:
                text = self._field([key], name)
                if text is not None:
                    found.setdefault(name, set()).add(text)
        _SETTINGS_FIELDS[id(view)] = (view, found)
        return found

    def _settings_holder(self, node: cst.BaseExpression) -> bool:
        """Whether `node` holds a run's settings by its name (`args`, `self.config`,
        `cfg`: `_HOLDER_NAMES`) or by its annotation (a class named `...Config`,
        `...Args`, `...Arguments`), so that an attribute it lacks is an option left at
        the getattr's default; not a module or a tensor (`getattr(module, "weight",
        None)`: real modules have one)."""
        if isinstance(node, cst.Name):
            name = node.value
            param = _parameter(self.function, name) if self.function is not None else None
            annotation = param.annotation.annotation if param is not None and \
                param.annotation is not None else None
        elif isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
                node.value.value == "self":
            name = node.attr.value
            annotation = _attribute_annotation(self.cls, name) if self.cls is not None \
                else None
        else:
            return False
        if name in _HOLDER_NAMES:
            return True
        return annotation is not None and any(
            found.rpartition(".")[2].endswith(_HOLDER_SUFFIXES)
            for found in _annotation_names(annotation))

    def _kept_flag(self, function: cst.FunctionDef, name: str) -> bool:
        """Whether the parameter `name` of a helper is a flag (`normalize: bool = True`)
        that no project call passes, nor any call whose `*args` / `**kwargs` hide what
        it passes: it keeps its default (eleventh draw F6), as a `device="cpu"` no call
        passes does (`flow._cpu_device_params`)."""
        param = _parameter(function, name)
        if param is None or not (isinstance(param.default, cst.Name) and
                                 param.default.value in ("True", "False")):
            return False
        if self.view is None:
            return False
        scope = (function.name.value,) if self.cls is None else \
            (self.cls.name.value, function.name.value)
        passed = self.view.passed_params(scope)  # None: a nested function, unknown
        return passed is not None and name not in passed and "*" not in passed

    def _kept(self, cls: cst.ClassDef, key: str, depth: int = 0) -> tuple[str, str] | None:
        """The option `self.<key>` holds by `cls`'s `__init__`, or else by the `__init__` of
        a base class defined in the same module where `cls`'s own never assigns it
        (rl_games' `DiscreteA2CBase.train` reads `A2CBase.__init__`'s `self.multi_gpu`)."""
        found = _defaults(cls, self).get(key)
        if found is not None or self.module is None or depth > 8:
            return found
        init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef)
                     and s.name.value == "__init__"), None)
        if init is not None and any(k == key for k, _, _ in _attribute_sets(init.body, [])):
            return None
        for base in cls.bases:
            if isinstance(base.value, cst.Name):
                parent = next((s for s in self.module.body if isinstance(s, cst.ClassDef)
                               and s.name.value == base.value.value), None)
                if parent is not None and parent is not cls:
                    found = self._kept(parent, key, depth + 1)
                    if found is not None:
                        return found if init is None else passed_on(init, parent, found)
        return None

    def _element(self, node: cst.Subscript) -> tuple[str, str] | None:
        """An element of a setting kept one value per network or per agent
        (`self.cfg.kl_threshold[uid]`, `self.cfg.learning_rate_scheduler[0]`,
        `self.schedulers[uid]`): the default of the field's elements where a method expands
        it (`model/defaults.py`: `name[]`), else the field's own default where that is a
        bool or a number, which only an expansion makes subscriptable (a string's element
        is a character, and `None[0]` is no default)."""
        base: cst.BaseExpression = node
        while isinstance(base, cst.Subscript):
            base = base.value
        if not isinstance(base, cst.Attribute):
            return None
        owner, name = base.value, base.attr.value
        if isinstance(owner, cst.Name) and owner.value == "self" and self.cls is not None:
            found = self._kept(self.cls, f"{name}[]")
            if found is not None:
                if found[0].endswith("[]"):
                    # `self.ctc_asr_only[-1]` of a `[False]` default (fresh17 M5): each
                    # element's default, named as the test reads it.
                    return _code(node).removeprefix("self."), found[1]
                return found
            keys, label = self._own_class_keys(), name
        else:
            holder = self._holder(owner)
            if holder is None:
                return None
            keys, label = self._keys_of(holder[1]), f"{holder[0]}.{name}"
        text = self._field(keys, f"{name}[]")
        if text is None:
            text = self._field(keys, name)
            if text is None or not _number(text):
                return None
        return label, text

    def _holder(self, node: cst.BaseExpression) -> tuple[str, cst.BaseExpression] | None:
        """A configuration object: `self.cfg` (annotated in the class, or an `__init__`
        parameter kept as it is) or an annotated parameter `cfg`; with its annotation."""
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
                node.value.value == "self" and self.cls is not None:
            found = _attribute_annotation(self.cls, node.attr.value)
            return (node.attr.value, found) if found is not None else None
        if isinstance(node, cst.Name) and self.function is not None and (
                self.entry or self.function.name.value == "__init__"):
            # A helper's argument is what its caller passes (diffusers' per-call
            # `forward_metadata.raw_vision`), not a configuration's default.
            param = _parameter(self.function, node.value)
            if param is not None and param.annotation is not None and \
                    node.value not in _bound_names(self.function.body):
                return node.value, param.annotation.annotation
        return None

    def _own_class_keys(self) -> list[str]:
        if self.cls is None or self.view is None:
            return []
        key = self.view.names.get(self.cls.name.value)
        return [key] if key is not None else []

    def _keys_of(self, annotation: cst.BaseExpression) -> list[str]:
        """The project classes an annotation names (`PPO_CFG | dict`, `Optional[C]`,
        `"C"`)."""
        if self.view is None:
            return []
        keys: list[str] = []
        for name in _annotation_names(annotation):
            key = self.view.names.get(name) or self.view.resolved.get(name)
            if key is not None and key in self.view.classes:
                keys.append(key)
        return keys

    def _field(self, keys: list[str], name: str) -> str | None:
        """The default the first class (or a base of it, in order) that gives one gives."""
        if self.view is None:
            return None
        seen: set[str] = set()
        pending = list(keys)
        while pending:
            key = pending.pop(0)
            cls = self.view.classes.get(key)
            if key in seen or cls is None:
                continue
            seen.add(key)
            if name in cls.defaults:
                return cls.defaults[name]
            pending[:0] = list(cls.bases)
        return None

    def _dict_defaults(self) -> dict[str, str]:
        """Keys of the module's dict literals of defaults -> their literal values (a key
        two dicts give different values has none)."""
        if self._dicts is None:
            found: dict[str, str] = {}
            clashing: set[str] = set()
            for line in self.module.body if self.module is not None else ():
                if not isinstance(line, cst.SimpleStatementLine):
                    continue
                for statement in line.body:
                    if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1
                            and isinstance(statement.targets[0].target, cst.Name)
                            and _DEFAULTS_DICT in statement.targets[0].target.value.upper()
                            and isinstance(statement.value, cst.Dict)):
                        continue
                    for element in statement.value.elements:
                        if isinstance(element, cst.DictElement) and \
                                isinstance(element.key, cst.SimpleString) and \
                                _literal(element.value):
                            key = str(element.key.evaluated_value)
                            text = _code(element.value)
                            if found.get(key, text) != text:
                                clashing.add(key)
                            found[key] = text
            self._dicts = {k: v for k, v in found.items() if k not in clashing}
        return self._dicts


def opt_in(tests: Sequence[tuple[cst.BaseExpression, bool]], defaults: Defaults) -> str | None:
    """"`batchwise_prompt=True`": the option a guarded branch needs that its default
    turns off, from the tests it runs under (each with whether it holds, outermost
    first); None when no test is one."""
    for test, holds in reversed(tests):
        found = _needs(test, holds, defaults.option, defaults.local)
        if found is not None:
            return found
    return None


def site_tests(node: cst.CSTNode, parents: Sequence[cst.CSTNode]
               ) -> tuple[list[tuple[cst.BaseExpression, bool]], cst.FunctionDef | None,
                          cst.ClassDef | None]:
    """The tests `node` runs under in its function (each with whether it holds there,
    outermost first: an `if` or a conditional expression around it, the left operand of
    an `and` or `or` it is the right of, and, for an `and` reported whole, its first
    operand), with the function and the class that defines it."""
    chain = list(parents)
    if not chain or chain[-1] is not node:
        chain.extend(_path(chain[-1], node)[1:] if chain else [node])
    start = len(chain) - 1
    while start >= 0 and not isinstance(chain[start], (cst.FunctionDef, cst.Lambda)):
        start -= 1
    tests: list[tuple[cst.BaseExpression, bool]] = []
    for parent, child in zip(chain[start + 1:], chain[start + 2:]):
        if isinstance(parent, (cst.If, cst.IfExp)):
            if child is parent.body:
                tests.append((parent.test, True))
            elif child is parent.orelse:
                tests.append((parent.test, False))
        elif isinstance(parent, cst.BooleanOperation) and child is parent.right:
            tests.append((parent.left, isinstance(parent.operator, cst.And)))
        elif isinstance(parent, cst.IndentedBlock):
            # `if self.cfg.exploration_scheduler is None: return ...` before it: the code
            # after runs only when the test fails.
            for statement in parent.body:
                if statement is child:
                    break
                if isinstance(statement, cst.If) and statement.orelse is None and \
                        leaves(statement.body):
                    tests.append((statement.test, False))
    if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.And):
        first = node.left
        while isinstance(first, cst.BooleanOperation) and isinstance(first.operator, cst.And):
            first = first.left
        tests.append((first, True))
    function = chain[start] if start >= 0 else None
    cls = chain[start - 2] if start >= 2 else None
    return (tests, function if isinstance(function, cst.FunctionDef) else None,
            cls if isinstance(cls, cst.ClassDef) else None)


def _path(top: cst.CSTNode, node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes from `top` down to `node`, both included ([`node`] when `node` is not
    below `top`)."""
    stack: list[tuple[cst.CSTNode, list[cst.CSTNode]]] = [(top, [top])]
    while stack:
        current, path = stack.pop()
        if current is node:
            return path
        stack.extend((child, [*path, child]) for child in current.children)
    return [node]


def _needs(test: cst.BaseExpression, holds: bool,
           option_of: Callable[[cst.BaseExpression], tuple[str, str] | None],
           local: Callable[[cst.Name], cst.BaseExpression | None] | None = None,
           depth: int = 0) -> str | None:
    """The option `test` needs to hold (`holds`) or fail that its default turns off, or
    None; `local` gives the value a local name tested stands for (`Defaults.local`)."""
    if isinstance(test, cst.BooleanOperation):
        # Every operand of `a and b` holds in its body; of `a or b`, in its `else`.
        if isinstance(test.operator, cst.And) == holds:
            for operand in (test.right, test.left):
                found = _needs(operand, holds, option_of, local, depth)
                if found is not None:
                    return found
        return None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _needs(test.expression, not holds, option_of, local, depth)
    if isinstance(test, cst.Name) and local is not None and depth < 4:
        held = local(test)  # `can_flatten = getattr(self.args, "batch_flattening", ...)`
        if held is not None:
            found = _needs(held, holds, option_of, local, depth + 1)
            if found is not None:
                return found
    if isinstance(test, cst.Call) and isinstance(test.func, cst.Name) and \
            test.func.value == "isinstance" and len(test.args) == 2 and holds:
        option = option_of(test.args[0].value)  # `isinstance(self.scheduler, KLAdaptiveLR)`
        return _set(option[0]) if option is not None and option[1] == "None" else None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        option = option_of(test.left)
        if option is None or not _literal(target.comparator):
            return None
        param, text = option
        value = _code(target.comparator)
        if isinstance(target.operator, tuple(_ORDER)):
            # `self.reset_every > 0` with `reset_every=0`: false with the default
            at_default = _ordered(text, _ORDER[type(target.operator)], value)
            if at_default is None or at_default == holds:
                return None
            words = _ORDER[type(target.operator)] if holds else \
                _NEGATED[_ORDER[type(target.operator)]]
            return f"`{param} {words} {value}`"
        equal = isinstance(target.operator, (cst.Equal, cst.Is))
        unequal = isinstance(target.operator, (cst.NotEqual, cst.IsNot))
        if (equal and holds) or (unequal and not holds):
            return f"`{param}={value}`" if _differ(value, text) else None  # `x == "max"`
        if ((unequal and holds) or (equal and not holds)) and not _differ(value, text):
            # `x is not None` with None the default
            return _set(param) if text == "None" else f"`{param}` other than {text}"
        return None
    option = option_of(test)
    if option is None:
        return None
    param, text = option
    if holds and text in _FALSY:
        return f"`{param}=True`" if text == "False" else _set(param)
    if not holds and text == "True":
        return f"`{param}=False`"
    return None


def _set(option: str) -> str:
    """"`cfg.noise` set"; an attribute `__init__` sets only when a condition holds is
    named by the condition itself (`_switched`: "`replay_buffer_size > 0`")."""
    return f"`{option}`" if " " in option else f"`{option}` set"


#: Ordering comparisons a default is compared by, and each one's negation.
_ORDER: dict[type[cst.BaseCompOp], str] = {
    cst.GreaterThan: ">", cst.GreaterThanEqual: ">=", cst.LessThan: "<",
    cst.LessThanEqual: "<="}
_NEGATED = {">": "<=", ">=": "<", "<": ">=", "<=": ">"}


def _attribute_annotation(cls: cst.ClassDef, name: str) -> cst.BaseExpression | None:
    """The annotation of `self.name`: `self.name: T` in a method, `name: T` in the class
    body, or `__init__`'s parameter `name: T` kept as `self.name = name`."""
    for statement in cls.body.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) \
                        and small.target.value == name:
                    return small.annotation.annotation
    for method in cls.body.body:
        if not isinstance(method, cst.FunctionDef):
            continue
        for small in _top_level(method):
            if isinstance(small, cst.AnnAssign) and _is_self_attribute(small.target, name):
                return small.annotation.annotation
            if method.name.value == "__init__" and isinstance(small, cst.Assign) and \
                    len(small.targets) == 1 and \
                    _is_self_attribute(small.targets[0].target, name) and \
                    isinstance(small.value, cst.Name):
                param = _parameter(method, small.value.value)
                if param is not None and param.annotation is not None:
                    return param.annotation.annotation
    return None


def _defaults(cls: cst.ClassDef, defaults: Defaults) -> dict[str, tuple[str, str]]:
    """`self.name` -> (the option it holds, its default), from `__init__`: `self.name =
    param` (a parameter with a literal default the body never rebinds) or `self.name =`
    a read of a configuration object's field or a defaults dict's key, at the top level
    of its body, the only assignment of `self.name` there."""
    cached = _DEFAULTS.get(id(cls))
    if cached is not None and cached[0] is cls:
        return cached[1]
    found: dict[str, tuple[str, str]] = {}
    if len(_DEFAULTS) > 256:
        _DEFAULTS.clear()
    _DEFAULTS[id(cls)] = (cls, found)  # while it is read: `_switched` reads other options
    init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef)
                 and s.name.value == "__init__"), None)
    if init is not None:
        # A parameter the body rebinds (`if local_optimization is None: local_optimization =
        # "lm"`) may not hold its default on the default path.
        rebound = _bound_names(init.body)
        params = {p.name.value: p.default for p in (*init.params.params,
                                                    *init.params.kwonly_params)
                  if p.default is not None and _literal(p.default)
                  and p.name.value not in rebound}
        lists = {p.name.value: p.default for p in (*init.params.params,
                                                   *init.params.kwonly_params)
                 if isinstance(p.default, (cst.List, cst.Tuple))
                 and p.name.value not in rebound}
        reads = Defaults(None, init, defaults.view, defaults.module)
        assigned: dict[str, int] = {}
        for statement in _top_level(init):
            if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
                target = statement.targets[0].target
                if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                        and target.value.value == "self":
                    name = target.attr.value
                    assigned[name] = assigned.get(name, 0) + 1
                    value = statement.value
                    element = _uniform_element(_code(lists[value.value])) \
                        if isinstance(value, cst.Name) and value.value in lists else None
                    if element is not None:
                        assert isinstance(value, cst.Name)
                        found[f"{name}[]"] = (f"{value.value}[]", element)  # `[False]`
                    if isinstance(value, cst.Name) and value.value in params:
                        default = params[value.value]
                        assert default is not None
                        found[name] = (value.value, _code(default))
                    elif not isinstance(value, cst.Name):
                        option = _through_self_cfg(value, cls, reads) or _get_default(value)
                        # an option's attribute another method sets is no setting
                        if option is not None and (not holder_read(value, defaults.view)
                                                   or assigned_once(cls, name)):
                            found[name] = option
        # An attribute assigned twice may not hold the argument.
        found = {name: option for name, option in found.items()
                 if assigned[name.removesuffix("[]")] == 1}
        found.update(_switched(init, cls, reads, assigned))
        for name, option in _kept_unless_set(init, cls, reads).items():
            found.setdefault(name, option)
    _DEFAULTS[id(cls)] = (cls, found)
    return found


def _switched(init: cst.FunctionDef, cls: cst.ClassDef, reads: Defaults,
              assigned: dict[str, int]) -> dict[str, tuple[str, str]]:
    """Attributes `__init__` sets only when an option is on (`if cfg.noise is not None:
    self._noise = ... else: self._noise = None`, or `self._noise = None` then `if ...:
    self._noise = ...`): on the default path they hold the literal, and a test of one is a
    test of the option."""
    found: dict[str, tuple[str, str]] = {}
    with_class = Defaults(cls, init, reads.view, reads.module)
    body = init.body.body if isinstance(init.body, cst.IndentedBlock) else ()
    literal: dict[str, str] = {}
    for statement in _top_level(init):
        if isinstance(statement, cst.Assign) and len(statement.targets) == 1 and \
                isinstance(statement.targets[0].target, cst.Attribute) and \
                _literal(statement.value):
            target = statement.targets[0].target
            if isinstance(target.value, cst.Name) and target.value.value == "self":
                literal[target.attr.value] = _code(statement.value)
    for branch in body:
        if not isinstance(branch, cst.If) or isinstance(branch.orelse, cst.If):
            continue
        message = _needs(branch.test, True, with_class.option)
        if message is None:
            continue
        option = message.split("`")[1]
        if " " not in option:  # `replay_buffer_size > 0` stays whole, as `_set` names it
            option = option.partition("=")[0]
        set_in_body = _set_attributes(branch.body)
        if isinstance(branch.orelse, cst.Else):
            for name, value in _set_literals(branch.orelse.body).items():
                if name in set_in_body and assigned.get(name, 0) == 0:
                    found[name] = (option, value)
        else:
            for name in set_in_body:
                if name in literal and assigned.get(name, 0) == 1:
                    found[name] = (option, literal[name])
    return found


def _get_default(value: cst.BaseExpression) -> tuple[str, str] | None:
    """A configuration's `get` with its own default, as `__init__` keeps it (rl_games:
    `self.multi_gpu = config.get("multi_gpu", False)`): the key and the default, where
    that is a literal other than None (`get("labels")` or `None`: given or not, as the
    configuration decides)."""
    key = _dict_key(value)
    if key is None or not isinstance(value, cst.Call) or len(value.args) != 2:
        return None
    default = value.args[1]
    if default.keyword is not None and default.keyword.value != "default":
        return None
    if not _literal(default.value) or _code(default.value) == "None":
        return None
    return key, _code(default.value)


def _kept_unless_set(init: cst.FunctionDef, cls: cst.ClassDef,
                     reads: Defaults) -> dict[str, tuple[str, str]]:
    """Attributes `__init__` sets from an option, anywhere in its body, and sets again only
    under a test of themselves that the option's default fails (skrl: `self.scheduler =
    self.cfg.learning_rate_scheduler[0]`, then `if self.scheduler is not None:
    self.scheduler = ...(self.optimizer)`; `self.schedulers[uid]` alike, as
    `schedulers[]`): on the default path they keep the default."""
    with_class = Defaults(cls, init, reads.view, reads.module)
    sets: dict[str, list[tuple[cst.BaseSmallStatement, list[cst.If]]]] = {}
    for key, statement, guards in _attribute_sets(init.body, []):
        sets.setdefault(key, []).append((statement, guards))
    found: dict[str, tuple[str, str]] = {}
    for key, assignments in sets.items():
        first = assignments[0][0]
        if len(assignments) < 2 or not isinstance(first, cst.Assign):
            continue
        option = with_class.option(first.value)
        if option is None:
            continue
        def own(node: cst.BaseExpression, key: str = key,
                held: tuple[str, str] = option) -> tuple[str, str] | None:
            return held if _set_key(node) == key else None

        if all(isinstance(statement, cst.Assign) and any(
                _needs(guard.test, True, own) is not None for guard in guards)
                for statement, guards in assignments[1:]):
            found[key] = option
    return found


def _attribute_sets(block: cst.BaseSuite, guards: list[cst.If]
                    ) -> Iterator[tuple[str, cst.BaseSmallStatement, list[cst.If]]]:
    """Each assignment of `self.x` or `self.x[...]` in `block` (nested functions and classes
    aside), in order: its key (`_set_key`), the statement, and the `if`s whose body it is
    in."""
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    for line in lines:
        if isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in line.body:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) \
                    else [small.target] if isinstance(small, (cst.AugAssign, cst.AnnAssign)) \
                    else []
                for target in targets:
                    key = _set_key(target)
                    if key is not None:
                        yield key, small, guards
        elif isinstance(line, cst.If):
            yield from _attribute_sets(line.body, [*guards, line])
            if line.orelse is not None:
                orelse = line.orelse
                yield from (_attribute_sets(orelse.body, guards) if isinstance(orelse, cst.Else)
                            else _attribute_sets(cst.IndentedBlock(body=[orelse]), guards))
        elif isinstance(line, (cst.For, cst.While, cst.With, cst.Try)):
            for part in (line.body, getattr(line, "orelse", None),
                         getattr(line, "finalbody", None),
                         *(h for h in getattr(line, "handlers", ()))):
                if isinstance(part, (cst.Else, cst.Finally, cst.ExceptHandler)):
                    part = part.body
                if isinstance(part, cst.BaseSuite):
                    yield from _attribute_sets(part, guards)


def _through_self_cfg(value: cst.BaseExpression, cls: cst.ClassDef,
                      reads: Defaults) -> tuple[str, str] | None:
    """A configuration read `__init__` keeps in an attribute (`self._kl_threshold =
    self.cfg["kl_threshold"]`, `cfg.kl_threshold` of an annotated parameter)."""
    if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Attribute) and \
            isinstance(value.value.value, cst.Name) and value.value.value.value == "self":
        with_class = Defaults(cls, reads.function, reads.view, reads.module)
        holder = with_class._holder(value.value)
        if holder is None:
            return None
        text = with_class._field(with_class._keys_of(holder[1]), value.attr.value)
        return (f"{holder[0]}.{value.attr.value}", text) if text is not None else None
    if isinstance(value, (cst.Attribute, cst.Subscript, cst.Call)):
        return reads.option(value)
    return None

