"""The index cache's table codec: values as JSON rows, each written once and referred
to by position (summaries share most of their parts), and the rows read back. Only
frozen dataclasses and enums of synclint's analysis and model packages are ever built
from an entry (a shared cache directory must not run code: no pickle)."""

from __future__ import annotations

import dataclasses
import enum
import sys
from typing import Any

#: Only frozen dataclasses and enums of these packages are ever built from an entry.
_DECODABLE = ("synclint.analysis.", "synclint.model.")


class Encoder:
    """Values as a table of JSON rows, each written once (summaries share most parts);
    a row refers to earlier rows by position.

    Started from an entry's table and its decoded values, it extends that table: values
    replayed from it are found by identity, without hashing them again.
    """

    def __init__(self, table: list[list[Any]] | None = None,
                 objects: list[Any] | None = None, reuses: int = 0,
                 types: list[str] | None = None) -> None:
        self.table: list[list[Any]] = list(table or [])
        self.reuses = reuses
        #: The types rows name, each written once (rows give a position in it).
        self.types: list[str] = list(types or [])
        self._type_positions = {name: index for index, name in enumerate(self.types)}
        self._memo: dict[tuple[type, object], int] = {}
        #: Per dataclass or enum: its position in `types` and its fields.
        self._layouts: dict[type, tuple[int, tuple[str, ...]]] = {}
        self._objects = list(objects or [])  # kept alive: their ids key `_known`
        self._known = {id(value): index for index, value in enumerate(self._objects)}

    def ref(self, value: object) -> int:
        known = self._known.get(id(value))
        if known is not None:
            return known
        key = (type(value), value)  # (`1`, `1.0` and `True` are equal, not their rows)
        try:
            found = self._memo.get(key)
        except TypeError:  # unhashable (a dict): written each time
            self.table.append(self._row(value))
            return len(self.table) - 1
        if found is None:
            self.table.append(self._row(value))
            found = self._memo[key] = len(self.table) - 1
        return found

    def ref_shared(self, value: object) -> int:
        """`ref` of a value many rows share (the same object): hashed once."""
        found = self._known.get(id(value))
        if found is None:
            found = self._known[id(value)] = self.ref(value)
            self._objects.append(value)  # kept alive: its id stays its own
        return found

    def _row(self, value: object) -> list[Any]:
        if value is None or isinstance(value, (bool, int, float, str)):
            return ["v", value]
        if isinstance(value, tuple):
            return ["t", *(self.ref(item) for item in value)]
        layout = self._layouts.get(type(value))
        if layout is None:
            if isinstance(value, enum.Enum):
                layout = self._layouts[type(value)] = (self._type_position(type(value)), ())
            elif dataclasses.is_dataclass(value) and not isinstance(value, type):
                layout = self._layouts[type(value)] = (
                    self._type_position(type(value)),
                    tuple(f.name for f in dataclasses.fields(value)))
            else:
                raise TypeError(f"the index cache cannot write {type(value).__name__}")
        if isinstance(value, enum.Enum):
            return ["e", layout[0], value.value]
        return ["c", layout[0], *(self.ref(getattr(value, name)) for name in layout[1])]

    def _type_position(self, cls: type) -> int:
        name = _type_name(cls)
        position = self._type_positions.get(name)
        if position is None:
            position = self._type_positions[name] = len(self.types)
            self.types.append(name)
        return position


def _type_name(cls: type) -> str:
    name = f"{cls.__module__}.{cls.__qualname__}"
    if not name.startswith(_DECODABLE):
        raise TypeError(f"the index cache cannot write {name}")
    return name


def decode_table(table: list[list[Any]], names: list[str]) -> list[Any]:
    """The values of an entry's table (its types named in `names`). Only frozen
    dataclasses and enums defined in synclint's analysis package are built, from values
    of the rows before them."""
    objects: list[Any] = []
    types: dict[str, Any] = {}
    for row in table:
        tag = row[0]
        if tag == "v":
            objects.append(row[1])
        elif tag == "t":
            objects.append(tuple(objects[i] for i in row[1:]))
        elif tag == "e":
            objects.append(_type(types, names[row[1]], is_enum=True)(row[2]))
        elif tag == "c":
            objects.append(_type(types, names[row[1]], is_enum=False)(
                *(objects[i] for i in row[2:])))
        else:
            raise ValueError(f"unknown row {tag!r}")
    return objects


def _type(types: dict[str, Any], name: str, *, is_enum: bool) -> Any:
    found = types.get(name)
    if found is not None:
        return found
    if not isinstance(name, str) or not name.startswith(_DECODABLE):
        raise ValueError(f"not an analysis type: {name!r}")
    module_name, _, qualname = name.rpartition(".")
    module = sys.modules.get(module_name)  # never imports: the types are loaded already
    cls = getattr(module, qualname, None) if module is not None else None
    if not isinstance(cls, type):
        raise ValueError(f"unknown type {name!r}")
    if is_enum != issubclass(cls, enum.Enum):
        raise ValueError(f"wrong type {name!r}")
    if not is_enum and not (dataclasses.is_dataclass(cls)
                         and cls.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        raise ValueError(f"not a frozen dataclass: {name!r}")
    types[name] = cls
    return cls
