"""Properties: reading `obj.name`, where `name` is a `@property` of the class of `obj`
(or of a base in the project), runs the getter. The read is a call of it: what the
getter returns is what the read gives, and its syncs happen at every read. A
`functools.cached_property` runs once per instance: its return kind applies, its
syncs are not paid per read.

The index marks each class's properties (`classify`, `_Class.properties`); a setter or
deleter (`@name.setter`) is indexed apart from the getter, under `accessor_key`, so the
getter keeps the name's key. Static and class methods are methods: naming one without
a call runs nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from synclint.model.syntax import _last

#: How a getter runs at a read: on every read, or once per instance.
PROPERTY = "property"
CACHED = "cached"
#: A setter or deleter of a property (`@name.setter`): no method of its own name.
ACCESSOR = "accessor"

#: Decorators that make a method a property evaluated on every read.
_PROPERTIES = frozenset({"property", "abstractproperty"})
#: Decorators that make a method a property evaluated once per instance (the standard
#: library's, and the look-alikes of other libraries: `lazy_property`, pandas'
#: `cache_readonly`).
_CACHED = frozenset({"cached_property", "lazy_property", "lazyproperty", "cache_readonly",
                     "cachedproperty"})


def classify(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """What the decorators of a method make of it: PROPERTY, CACHED, ACCESSOR or None
    (a plain method). A property stacked with a caching decorator (`@property` over
    `@functools.cache` or a project's `_cache_value`) is CACHED."""
    found: str | None = None
    caching = False
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Call):
            decorator = decorator.func  # `@functools.lru_cache(maxsize=1)`
        name = _last(decorator)
        if isinstance(decorator, ast.Attribute) and isinstance(decorator.value, ast.Name) \
                and decorator.value.id == node.name:
            if decorator.attr in ("setter", "deleter"):
                return ACCESSOR
            if decorator.attr == "getter":  # `@lr.getter`: the property's getter again
                found = PROPERTY
                continue
        if name in _CACHED:
            found = CACHED
        elif name in _PROPERTIES and found is None:
            found = PROPERTY
        elif "cache" in name.lower():
            caching = True
    if found == PROPERTY and caching:
        return CACHED
    return found


def computes_its_value(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A property (`@property`, run at every read) some `return` of which gives more than
    a literal: what its body proves of the value (an attribute that is a Python int
    counter, a helper's int) says more than its annotation (`-> torch.Tensor` over `return
    self._current_tokens`, deepspeed's `return to_padded(cur_toks)` or `None`). A getter
    whose returns are all literals (a base class's `return 0.0` stub) keeps it."""
    if classify(node) != PROPERTY:
        return False
    returns = [n.value for n in ast.walk(node) if isinstance(n, ast.Return)]
    return any(value is not None and not isinstance(value, ast.Constant) for value in returns)


def accessor_key(name: str, node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """The name a property's setter or deleter is indexed by (`lr@setter`, its key
    `mod:Cls.lr@setter`): apart from the getter's (`mod:Cls.lr`), and from any nested
    function's (those add `.name`)."""
    decorator = next(d for d in node.decorator_list if isinstance(d, ast.Attribute)
                     and d.attr in ("setter", "deleter"))
    assert isinstance(decorator, ast.Attribute)
    return f"{name}@{decorator.attr}"


class _ClassLike(Protocol):
    @property
    def methods(self) -> Mapping[str, str]: ...
    @property
    def properties(self) -> Mapping[str, str]: ...


class _Model(Protocol):
    def _mro(self, key: str) -> Iterator[Any]: ...


def getter(model: _Model, class_key: str, name: str) -> tuple[str, str] | None:
    """The getter a read of `.name` on an instance of `class_key` runs and how
    (PROPERTY, CACHED), or None when the name is no property there: the first class of
    the MRO that defines `name` decides (a subclass's plain method hides a base's
    property)."""
    for cls in model._mro(class_key):
        found: _ClassLike = cls
        if name in found.methods:
            how = found.properties.get(name)
            return None if how is None else (found.methods[name], how)
    return None


def property_names(classes: Mapping[str, Any]) -> frozenset[str]:
    """Every name some class of `classes` makes a property: a read of any other
    attribute needs no look-up of getters."""
    return frozenset(name for cls in classes.values() for name in cls.properties)
