"""The whole-program index, kept between runs: a warm run parses only what changed.

`synclint check` indexes every checked file (and what it imports from its own tree) with
`ast` and computes function summaries to a fixed point before the rules run. Without a
cache, that index costs a warm run about as much as parsing every file again. This module
keeps, per set of checked files, one entry in the results cache directory with what each
module's indexing found (imports, definitions, classes, hook registrations, links, each
module keyed by the SHA-256 of its text) and every evaluation of the fixed point, in order.

The next run reads every file (the results cache does too), and:

- a module whose text is unchanged, and which imports (directly or through other
  modules) no changed module, is not parsed: its recorded evaluations are replayed, in
  the same first-in first-out order, so its summaries are those a fresh run computes
  (see `Project._evaluate`);
- a changed module, and every module that may reach one through its imports, is parsed
  and evaluated afresh, as a cold run would;
- when the files or their order change, or anything disagrees with the record, the
  index is built from scratch.

Entries are JSON (never pickle: a shared cache directory must not run code), written
atomically, keyed by synclint's code fingerprint (version and sources, as the results
cache), so another synclint never reads them. Settings do not enter the index (it
depends on the files only); the results cache keys carry them. An unreadable entry is a
miss.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from synclint.analysis.project import (
    MIN_IMPORTED_BYTES,
    Evaluated,
    Hot,
    Project,
    StaleIndex,
    _Class,
    _Function,
    _Module,
    module_imports,
    package_root,
    parse_module,
)

#: Bumped whenever the entry layout changes; part of every key.
INDEX_FORMAT = 1
INDEX_DIR_NAME = "index"
#: An entry's table is extended by this many incremental runs before it is written
#: afresh (rows of replaced evaluations stay in it until then).
MAX_REUSES = 16
#: Only frozen dataclasses and enums of these packages are ever built from an entry.
_DECODABLE = "synclint.analysis."


@dataclass(frozen=True)
class IndexStore:
    """Where index entries live: a folder of the results cache directory."""

    directory: Path

    def key(self, checked: Iterable[str]) -> str:
        from synclint.cache import code_fingerprint

        digest = hashlib.sha256()
        digest.update(f"{code_fingerprint()}\0{INDEX_FORMAT}".encode())
        for name in checked:
            digest.update(b"\0")
            digest.update(name.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / INDEX_DIR_NAME / key[:2] / f"{key[2:]}.json"

    def load(self, key: str) -> dict[str, Any] | None:
        """The entry, or None when absent, unreadable or not ours."""
        try:
            with open(self._path(key), encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        return data

    def store(self, key: str, data: dict[str, Any]) -> None:
        """Write one entry atomically; failures (read-only disk, races) are ignored."""
        from synclint.cache import ResultCache, _remove

        try:
            ResultCache(self.directory)._ensure_directory()
            target = self._path(key)
            target.parent.mkdir(parents=True, exist_ok=True)
            payload = json.dumps(data, separators=(",", ":"))
            descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-",
                                                     suffix=".json")
            try:
                with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                    handle.write(payload)
                os.replace(temporary, target)
            except BaseException:
                _remove(temporary)
                raise
        except OSError:
            return


# --- one run -------------------------------------------------------------------------------
@dataclass
class _File:
    """One file the index reads, in the order it is reached."""

    path: str
    name: str  # the display name: what findings and the project call it
    dotted: str  # its module name from the package layout
    module: str  # the name the project gives it (`dotted`, or `dotted@N` for a clash)
    text: str
    sha: str
    imports: dict[str, str]
    #: Its syntax tree and hook registrations when parsed in this run.
    tree: ast.Module | None = None
    registrations: list[ast.Call] | None = None
    #: Its record in the cache entry, when its text is unchanged.
    record: dict[str, Any] | None = None


def build(paths: Iterable[str], display: Callable[[str], str],
          store: IndexStore | None) -> Project:
    """The summarised project of `paths` (see `build_project_for_paths`), reusing and
    refreshing the cached index in `store` when there is one."""
    checked = list(paths)
    key = store.key(display(path) for path in checked) if store is not None else ""
    entry = _load_entry(store, key) if store is not None else None
    records = {record["filename"]: record for record in entry["modules"]} if entry else {}
    try:
        files = _walk(checked, display, records)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        entry, records = None, {}  # a damaged record: walk without the entry
        files = _walk(checked, display, records)
    project: Project | None = None
    base: _Encoder | None = None
    same_files = entry is not None and [[f.name, f.module] for f in files] == entry["order"]
    if entry is not None and same_files:
        try:
            project, objects = _incremental(files, entry, store is not None)
            if int(entry.get("reuses", 0)) < MAX_REUSES:
                base = _Encoder(entry["table"], objects, int(entry.get("reuses", 0)) + 1)
        except (StaleIndex, KeyError, IndexError, TypeError, ValueError, AttributeError):
            project = None  # an entry that disagrees: index from scratch
    if project is None:
        project = _fresh(files, store is not None)
    if store is not None and not (same_files and not project.parsed_files):
        # (an unchanged project would write the entry it read)
        try:
            data = _entry_of(project, key, base or _Encoder())
        except (TypeError, ValueError):
            data = None  # something the codec cannot write: no entry, never a wrong one
        if data is not None:
            store.store(key, data)
    project.log = None
    return project


def _load_entry(store: IndexStore, key: str) -> dict[str, Any] | None:
    entry = store.load(key)
    if entry is None:
        return None
    try:
        if entry["format"] != INDEX_FORMAT or not isinstance(entry["modules"], list):
            return None
        for record in entry["modules"]:
            if not isinstance(record, dict) or not isinstance(record["filename"], str):
                return None
    except (KeyError, TypeError):
        return None
    return entry


def _walk(checked: list[str], display: Callable[[str], str],
          records: dict[str, dict[str, Any]]) -> list[_File]:
    """The checked files and what they import from their own trees, in the order a cold
    run indexes them; only files whose text is not in `records` are parsed."""
    from synclint.analysis.project import _decode, _module_file, _size

    files: list[_File] = []
    queue: list[str] = list(checked)
    seen: set[str] = set()
    taken: set[str] = set()
    # Many modules import the same targets: look each up on disk once per run.
    found: dict[tuple[Path, str], str | None] = {}
    real_paths: dict[str, str] = {}
    # Modules outside the checked files are indexed, closest imports first, up to a
    # quarter of the checked sources' size (at least MIN_IMPORTED_BYTES): the index of a
    # directory must not grow into the whole installation it imports from.
    budget = max(MIN_IMPORTED_BYTES, sum(_size(path) for path in checked) // 4)
    while queue:
        path = queue.pop(0)
        real = real_paths.get(path) or os.path.realpath(path)
        if real in seen:
            continue
        seen.add(real)
        if len(seen) > len(checked):
            budget -= _size(path)
            if budget < 0:
                continue
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError:
            continue
        text = _decode(data)
        if text is None:
            continue
        root, dotted = package_root(Path(path))
        name = display(path)
        module = f"{dotted}@{len(taken)}" if dotted in taken else dotted
        sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        record = records.get(name)
        file = _File(path, name, dotted, module, text, sha, {})
        if record is not None and record["sha"] == sha and record["module"] == module:
            file.record = record
            file.imports = dict(record["imports"])
        else:
            tree = parse_module(text, name)
            if tree is None:
                continue
            file.tree = tree
            file.imports, file.registrations = module_imports(tree, module, name, text)
        taken.add(module)
        files.append(file)
        for target in _imported(file.imports):
            if (root, target) not in found:
                found[root, target] = _module_file(root, target)
            candidate = found[root, target]
            if candidate is None:
                continue
            if candidate not in real_paths:
                real_paths[candidate] = os.path.realpath(candidate)
            if real_paths[candidate] not in seen:
                queue.append(candidate)
    return files


def _imported(imports: dict[str, str]) -> Iterable[str]:
    for target in imports.values():
        yield target
        if "." in target:
            yield target.rsplit(".", 1)[0]


def _fresh(files: list[_File], recording: bool) -> Project:
    """A cold build: every file parsed and evaluated."""
    project = Project()
    project.log = {} if recording else None
    for file in files:
        _add_parsed(project, file, release=True)
    project.analyse()
    return project


def _add_parsed(project: Project, file: _File, release: bool = False) -> None:
    tree = file.tree if file.tree is not None else parse_module(file.text, file.name)
    if tree is None:
        raise StaleIndex(f"{file.name} parsed before and does not now")
    indexed = (file.imports, file.registrations) if file.registrations is not None else None
    project.add_source(file.name, file.text, file.dotted, tree=tree, indexed=indexed)
    if release:  # the project has what it needs: a large tree's sources can go
        file.text, file.tree, file.registrations = "", None, None
    module = project.by_file[file.name]
    if module.name != file.module:
        raise StaleIndex(f"{file.name} is module {module.name} now")
    module.sha, module.dotted = file.sha, file.dotted


def _incremental(files: list[_File], entry: dict[str, Any], recording: bool,
                 ) -> tuple[Project, list[Any]]:
    """Parse the changed files and those that may reach one through imports; replay the
    recorded evaluations of the rest."""
    objects = _decode_table(entry["table"])
    stale = _reaching_changes(files)
    project = Project()
    project.log = {} if recording else None
    replay: dict[str, list[Evaluated]] = {}
    for file in files:
        if file.record is None or file.module in stale:
            _add_parsed(project, file)
        else:
            _add_cached(project, file.record, objects)
            for key in file.record["functions"]:
                replay[key[0]] = []
    for key, refs in entry["log"]:
        if key in replay:
            evaluations = [objects[ref] for ref in refs]
            if not all(isinstance(e, Evaluated) for e in evaluations):
                raise StaleIndex(f"bad record for {key}")
            replay[key] = evaluations
    project.replay = replay
    project.analyse()
    return project, objects


def _reaching_changes(files: list[_File]) -> set[str]:
    """Changed modules and every module whose imports may reach one.

    A module depends on the module it imports from (`from a.b import f`: `a.b` and, if a
    module, `a.b.f`) and, for an imported package, on its submodules that it may name
    through it (`import a` then `a.b.c.f()`): those whose every dotted part appears in
    its text. What its evaluation can read lies in these modules and their own imports.
    """
    modules = {file.module: file for file in files}
    below: dict[str, list[str]] = {}
    for name in modules:
        parts = name.split(".")
        for end in range(1, len(parts)):
            below.setdefault(".".join(parts[:end]), []).append(name)
    importers: dict[str, set[str]] = {}
    for file in files:
        for target in set(file.imports.values()):
            reached = {target, target.rpartition(".")[0]}
            for name in below.get(target, ()):
                if all(part in file.text for part in name[len(target) + 1:].split(".")):
                    reached.add(name)
            for name in reached:
                if name in modules and name != file.module:
                    importers.setdefault(name, set()).add(file.module)
    stale = {file.module for file in files if file.record is None}
    pending = list(stale)
    while pending:
        for importer in importers.get(pending.pop(), ()):
            if importer not in stale:
                stale.add(importer)
                pending.append(importer)
    return stale


def _add_cached(project: Project, record: dict[str, Any], objects: list[Any]) -> None:
    """A module as an earlier run indexed and linked it, without its syntax tree."""
    name = project.unique_name(record["dotted"])
    if name != record["module"]:
        raise StaleIndex(f"{record['filename']} is module {name} now")
    module = _Module(name, record["filename"], None, imports=dict(record["imports"]),
                     names=dict(record["defined"]), torch=bool(record["torch"]),
                     defined=dict(record["defined"]), linked=dict(record["names"]),
                     hooks=[(key, _hot(objects[ref])) for key, ref in record["hooks"]],
                     sha=record["sha"], dotted=record["dotted"])
    project.modules[name] = module
    project.by_file[module.filename] = module
    for key, qualname, class_key, params, display, entry in record["functions"]:
        project.functions[key] = _Function(
            key, module, None, qualname, class_key, tuple(params), {}, display,
            None if entry is None else _hot(objects[entry]))
    for key, base_names, methods, bases, external in record["classes"]:
        project.classes[key] = _Class(key, module, None, list(base_names), dict(methods),
                                      list(bases), list(external))


def _hot(value: object) -> Hot:
    if not isinstance(value, Hot):
        raise StaleIndex("bad hook record")
    return value


# --- writing an entry ------------------------------------------------------------------------
def _entry_of(project: Project, key: str, encoder: _Encoder) -> dict[str, Any]:
    functions: dict[str, list[_Function]] = {}
    for function in project.functions.values():
        functions.setdefault(function.module.name, []).append(function)
    classes: dict[str, list[_Class]] = {}
    for cls in project.classes.values():
        classes.setdefault(cls.module.name, []).append(cls)
    records = []
    for module in project.modules.values():
        records.append({
            "filename": module.filename,
            "module": module.name,
            "dotted": _dotted_of(module),
            "sha": module.sha,
            "imports": list(module.imports.items()),
            "defined": list(module.defined.items()),
            "names": list(module.names.items()),
            "torch": module.torch,
            "hooks": [[target, encoder.ref(hot)] for target, hot in module.hooks],
            "functions": [[f.key, f.qualname, f.class_key, list(f.params),
                           f.display or _display_of(f),
                           None if f.entry is None else encoder.ref(f.entry)]
                          for f in functions.get(module.name, ())],
            "classes": [[c.key, c.base_names, list(c.methods.items()), c.bases, c.external]
                        for c in classes.get(module.name, ())],
        })
    log = project.log or {}
    return {
        "key": key,
        "format": INDEX_FORMAT,
        "reuses": encoder.reuses,
        "order": [[module.filename, module.name] for module in project.modules.values()],
        "modules": records,
        "log": [[name, [encoder.ref(e) for e in evaluations]]
                for name, evaluations in log.items()],
        "table": encoder.table,
    }


def _dotted_of(module: _Module) -> str:
    return module.dotted or module.name


def _display_of(function: _Function) -> str:
    from synclint.analysis.project import _display

    return _display(function)


class _Encoder:
    """Values as a table of JSON rows, each written once (summaries share most parts);
    a row refers to earlier rows by position.

    Started from an entry's table and its decoded values, it extends that table: values
    replayed from it are found by identity, without hashing them again.
    """

    def __init__(self, table: list[list[Any]] | None = None,
                 objects: list[Any] | None = None, reuses: int = 0) -> None:
        self.table: list[list[Any]] = list(table or [])
        self.reuses = reuses
        self._memo: dict[tuple[type, object], int] = {}
        self._objects = objects or []  # kept alive: their ids key `_known`
        self._known = {id(value): index for index, value in enumerate(self._objects)}

    def ref(self, value: object) -> int:
        known = self._known.get(id(value))
        if known is not None:
            return known
        key = (type(value), value)
        try:
            found = self._memo.get(key)
        except TypeError:  # unhashable (a dict): written each time
            key, found = None, None  # type: ignore[assignment]
        if found is not None:
            return found
        row = self._row(value)
        self.table.append(row)
        index = len(self.table) - 1
        if key is not None:
            self._memo[key] = index
        return index

    def _row(self, value: object) -> list[Any]:
        if value is None or isinstance(value, (bool, int, float, str)):
            return ["v", value]
        if isinstance(value, tuple):
            return ["t", *(self.ref(item) for item in value)]
        if isinstance(value, enum.Enum):
            return ["e", _type_name(type(value)), value.value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return ["c", _type_name(type(value)),
                    *(self.ref(getattr(value, f.name)) for f in dataclasses.fields(value))]
        raise TypeError(f"the index cache cannot write {type(value).__name__}")


def _type_name(cls: type) -> str:
    name = f"{cls.__module__}.{cls.__qualname__}"
    if not name.startswith(_DECODABLE):
        raise TypeError(f"the index cache cannot write {name}")
    return name


def _decode_table(table: list[list[Any]]) -> list[Any]:
    """The values of an entry's table. Only frozen dataclasses and enums defined in
    synclint's analysis package are built, from values of the rows before them."""
    objects: list[Any] = []
    types: dict[str, Any] = {}
    for row in table:
        tag = row[0]
        if tag == "v":
            objects.append(row[1])
        elif tag == "t":
            objects.append(tuple(objects[i] for i in row[1:]))
        elif tag == "e":
            objects.append(_type(types, row[1], is_enum=True)(row[2]))
        elif tag == "c":
            objects.append(_type(types, row[1], is_enum=False)(*(objects[i] for i in row[2:])))
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
