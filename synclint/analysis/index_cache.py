"""The whole-program index, kept between runs: a warm run parses only what changed.

`synclint check` indexes every checked file (and what it imports from its own tree) with
`ast` and computes function summaries to a fixed point before the rules run. Without a
cache, that index costs a warm run about as much as parsing every file again. This module
keeps, per set of checked files, one entry in the results cache directory with what each
module's indexing found (imports, definitions, classes, hook registrations, links, each
module keyed by the SHA-256 of its text) and every evaluation of the fixed point, in order.

The next run reads every file (the results cache does too), and:

- a changed module is parsed, indexed and evaluated afresh;
- a module whose text is unchanged is not parsed: the fixed point runs as in a cold
  run, but each evaluation of its functions is replayed from the record when what that
  evaluation read of the changing state (its callees' summaries, the attributes of its
  classes: `Reads`) is what it reads now. An edit that leaves what others read of the
  edited module unchanged (a comment, a body change that keeps its return kinds and
  syncs) re-parses that module only. Where a recorded evaluation no longer applies
  (a helper now syncs, returns another kind), its module is parsed and the function
  evaluated afresh: only modules that read what changed are parsed;
- when a changed module's links differ from its record (a definition or an import
  added, removed or renamed), names in the modules importing it may resolve
  differently: those, and every module that may reach a changed one through its
  imports, are parsed and linked again;
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
import json
import os
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple

from synclint.analysis.compiled import ModuleFacts
from synclint.analysis.index_codec import Encoder, decode_table
from synclint.analysis.index_store import INDEX_FORMAT, IndexStore, MemoryIndexStore
from synclint.analysis.kinds import Kind
from synclint.files_io import text_sha
from synclint.model.duck import candidates
from synclint.model.index import (
    MIN_IMPORTED_BYTES,
    Evaluated,
    StaleIndex,
    _Class,
    _Function,
    _Module,
    display_name,
    module_chains,
    module_imports,
    package_root,
    parse_module,
)
from synclint.model.project import Project, no_cyclic_gc
from synclint.model.reads import ClassRead, class_reads, closure_of, same_summary
from synclint.model.summaries import Hot

#: An entry's table is extended by this many incremental runs before it is written
#: afresh (rows of replaced evaluations stay in it until then).
MAX_REUSES = 16


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
    #: What `except ImportError:` imports instead (`_Module.fallbacks`).
    fallbacks: dict[str, tuple[str, ...]]
    #: Its syntax tree and hook registrations when parsed in this run.
    tree: ast.Module | None = None
    registrations: list[ast.Call] | None = None
    #: Its record in the cache entry, when its text is unchanged.
    record: dict[str, Any] | None = None


def build(paths: Iterable[str], display: Callable[[str], str],
          store: IndexStore | MemoryIndexStore | None,
          overlays: Mapping[str, str] | None = None, *, parallel: bool = False) -> Project:
    """The summarised project of `paths` (see `build_project_for_paths`), reusing and
    refreshing the cached index in `store` when there is one. `overlays` gives the text
    of files that differ from the disk (an editor's buffer, standard input, a file being
    fixed), by real path. With `parallel`, a cold build may solve part of the call graph
    in a second process (`model/ahead.py`)."""
    checked = list(paths)
    key = store.key(display(path) for path in checked) if store is not None else ""
    entry = _load_entry(store, key) if store is not None else None
    records = {record["filename"]: record for record in entry["modules"]} if entry else {}
    overlays = overlays or {}
    try:
        files = _walk(checked, display, records, overlays)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        entry, records = None, {}  # a damaged record: walk without the entry
        files = _walk(checked, display, records, overlays)
    project: Project | None = None
    base: Encoder | None = None
    same_files = entry is not None and [[f.name, f.module] for f in files] == entry["order"]
    if entry is not None and same_files:
        try:
            project, objects = _incremental(files, entry, store is not None)
            if int(entry.get("reuses", 0)) < MAX_REUSES:
                base = Encoder(entry["table"], objects, int(entry.get("reuses", 0)) + 1,
                                entry["types"])
        except (StaleIndex, KeyError, IndexError, TypeError, ValueError, AttributeError):
            project = None  # an entry that disagrees: index from scratch
    if project is None:
        project = _fresh(files, store is not None, parallel)
    memo = project.memo
    if store is not None and isinstance(memo, _Memo) and memo.log is not None and not (
            same_files and not project.parsed_files):
        # (an unchanged project would write the entry it read)
        try:
            data = _entry_of(project, key, base or Encoder(), memo.log)
        except (TypeError, ValueError):
            data = None  # something the codec cannot write: no entry, never a wrong one
        if data is not None:
            store.store(key, data)
    project.memo = None
    return project


def _load_entry(store: IndexStore | MemoryIndexStore, key: str) -> dict[str, Any] | None:
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
          records: dict[str, dict[str, Any]], overlays: Mapping[str, str]) -> list[_File]:
    """The checked files and what they import from their own trees, in the order a cold
    run indexes them; only files whose text is not in `records` are parsed."""
    from synclint.model.index import _decode, _module_file, _size

    files: list[_File] = []
    queue = deque(checked)
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
        path = queue.popleft()
        real = real_paths.get(path) or os.path.realpath(path)
        if real in seen:
            continue
        seen.add(real)
        if len(seen) > len(checked):
            budget -= _size(path)
            if budget < 0:
                continue
        text = overlays.get(real)
        if text is None:
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
        sha = text_sha(text)
        record = records.get(name)
        file = _File(path, name, dotted, module, text, sha, {}, {})
        if record is not None and record["sha"] == sha and record["module"] == module:
            file.record = record
            file.imports = dict(record["imports"])
            file.fallbacks = {local: tuple(targets) for local, targets in record["fallbacks"]}
        else:
            tree = parse_module(text, name)
            if tree is None:
                continue
            file.tree = tree
            file.imports, file.registrations, file.fallbacks = \
                module_imports(tree, module, name, text)
        taken.add(module)
        files.append(file)
        for target in _imported(file):
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


def _imported(file: _File) -> Iterable[str]:
    for target in _targets(file):
        yield target
        if "." in target:
            yield target.rsplit(".", 1)[0]


def _targets(file: _File) -> set[str]:
    """What the file's imports name, fallbacks included (`try: import fast` /
    `except ImportError: import helpers as fast`: either may be the project's)."""
    return {*file.imports.values(), *(t for found in file.fallbacks.values() for t in found)}


def _fresh(files: list[_File], recording: bool, parallel: bool = False) -> Project:
    """A cold build: every file parsed and evaluated."""
    project = Project()
    project.memo = _Memo({}, {}, True) if recording else None
    project.parallel = parallel
    for file in files:
        _add_parsed(project, file, release=True)
    project.analyse()
    return project


def _add_parsed(project: Project, file: _File, release: bool = False) -> None:
    tree = file.tree if file.tree is not None else parse_module(file.text, file.name)
    if tree is None:
        raise StaleIndex(f"{file.name} parsed before and does not now")
    indexed = (file.imports, file.registrations, file.fallbacks) \
        if file.registrations is not None else None
    project.add_source(file.name, file.text, file.dotted, tree=tree, indexed=indexed)
    if release:  # the project has what it needs: a large tree's sources can go
        file.text, file.tree, file.registrations = "", None, None
    module = project.by_file[file.name]
    if module.name != file.module:
        raise StaleIndex(f"{file.name} is module {module.name} now")
    module.sha, module.dotted = file.sha, file.dotted


def _incremental(files: list[_File], entry: dict[str, Any], recording: bool,
                 ) -> tuple[Project, list[Any]]:
    """Parse the changed files, replay the recorded evaluations that still apply and
    evaluate the rest afresh (parsing their modules then)."""
    objects = decode_table(entry["table"], entry["types"])
    log = _decode_log(entry["log"], objects)
    changed = {file.module for file in files if file.record is None}
    project = _assemble(files, changed, objects, log, recording, in_step=True)
    project.prepare()
    old = {record["filename"]: record for record in entry["modules"]}
    if any(_links_of(project, project.by_file[file.name]) != _recorded_links(old[file.name])
           for file in files if file.module in changed):
        # The changed modules' names link differently: the modules that import them
        # must be linked again, from their syntax trees.
        project = _assemble(files, _reaching_changes(files), objects, log, recording,
                            in_step=False)
    project.analyse()
    return project, objects


def _assemble(files: list[_File], stale: set[str], objects: list[Any],
              log: dict[str, list[tuple[Evaluated, Reads]]], recording: bool, *,
              in_step: bool) -> Project:
    """A project of the `stale` modules parsed and the others from their records, with
    the recorded evaluations of the latter to replay (`in_step`: every module links as
    recorded, see `_Memo`)."""
    project = Project()
    recorded: dict[str, list[tuple[Evaluated, Reads]]] = {}
    cached: dict[str, _File] = {}
    for file in files:
        if file.record is None or file.module in stale:
            _add_parsed(project, file)
        else:
            _add_cached(project, file.record, objects)
            cached[file.module] = file
            for row in file.record["functions"]:
                recorded[row[0]] = log.get(row[0], [])
    project.memo = _Memo(recorded, cached, recording, before=log, in_step=in_step)
    return project


def _decode_log(rows: list[Any], objects: list[Any],
                ) -> dict[str, list[tuple[Evaluated, Reads]]]:
    log: dict[str, list[tuple[Evaluated, Reads]]] = {}
    shared: dict[tuple[tuple[int, ...], int, int, int], Reads] = {}  # most are alike: ()
    for key, evaluations in rows:
        decoded = []
        for evaluated_ref, sources, classes_ref, closure_ref, ducks_ref in evaluations:
            evaluated = objects[evaluated_ref]
            if not isinstance(evaluated, Evaluated) or len(sources) != len(evaluated.callees):
                raise StaleIndex(f"bad record for {key}")
            sources = tuple(sources)  # ints, or comparing them raises: index afresh
            reads = shared.get((sources, classes_ref, closure_ref, ducks_ref))
            if reads is None:
                classes, closure = objects[classes_ref], objects[closure_ref]
                ducks = objects[ducks_ref]
                if not all(isinstance(o, tuple) for o in (classes, closure, ducks)):
                    raise StaleIndex(f"bad record for {key}")
                reads = shared[sources, classes_ref, closure_ref, ducks_ref] = Reads(
                    sources, classes, closure, ducks)
            decoded.append((evaluated, reads))
        log[str(key)] = decoded
    return log


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
        for target in _targets(file):
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
                     fallbacks={local: tuple(found) for local, found in record["fallbacks"]},
                     names=dict(record["defined"]), torch=bool(record["torch"]),
                     defined=dict(record["defined"]), linked=dict(record["names"]),
                     hooks=[(key, _hot(objects[ref])) for key, ref in record["hooks"]],
                     sha=record["sha"], dotted=record["dotted"],
                     chains=tuple(record["chains"]),
                     globals=dict(objects[record["globals"]]),
                     aliases=dict(record["aliases"]),
                     options=tuple((name, default) for name, default in record["options"]),
                     option_reads=tuple(record["option_reads"]),
                     option_holders=tuple(record["option_holders"]))
    facts = record.get("compile")
    if facts is not None:  # what it compiles (`compiled.py`), kept with the module
        module.compile = _compile_facts(objects[facts])
    project.modules[name] = module
    project.by_file[module.filename] = module
    for key, qualname, class_key, params, display, entry, calls, reads, writes, assigns \
            in record["functions"]:
        project.functions[key] = _Function(
            key, module, None, qualname, class_key, tuple(params), {}, display,
            None if entry is None else _hot(objects[entry]), tuple(calls), tuple(reads),
            bool(writes), tuple(assigns))
    for key, base_names, methods, bases, external, attribute_classes, properties, \
            abstract, defaults in record["classes"]:
        project.classes[key] = _Class(key, module, None, list(base_names), dict(methods),
                                      list(bases), list(external),
                                      attribute_classes=dict(attribute_classes),
                                      properties=dict(properties), abstract=tuple(abstract),
                                      defaults=dict(defaults))
        project.property_names.update(name for name, _ in properties)


def _compile_facts(value: object) -> ModuleFacts:
    if not isinstance(value, ModuleFacts):
        raise StaleIndex("bad compile record")
    return value


def _hot(value: object) -> Hot:
    if not isinstance(value, Hot):
        raise StaleIndex("bad hook record")
    return value


# --- replaying evaluations ------------------------------------------------------------------
class Reads(NamedTuple):
    """What one evaluation read of the state the fixed point changes, when it ran: an
    evaluation that reads the same again (with the same text and links) finds the same.

    `_Evaluation` reads that state in three places only: a project call reads the
    callee's summary (and records the callee in `callees`); `self.<name>` reads the
    attribute kinds of the method's class and its bases (and records the class in
    `attribute_reads`); `self.a.b()` reads the classes of attributes, from the method's
    class on. Everything else it reads is the text and links, fixed for a run. A new
    read of changing state there must be recorded here too, or warm runs may differ
    from cold ones (tests/project/test_index_cache.py checks every replay).
    """

    #: Per callee (in the order of `Evaluated.callees`), which of its evaluations, in
    #: the order of the run's log, gave the summary read (the last so far; -1: none
    #: yet, its first summary). The summary itself is in that evaluation's record.
    sources: tuple[int, ...]
    #: For a method: its class and bases, then the classes of attributes they reach.
    classes: tuple[ClassRead, ...]
    #: For a nested function: the names it saw from the enclosing one (a closure).
    closure: tuple[tuple[str, Kind], ...] = ()
    #: The attributes it read of its unannotated parameters (`duck.uses`): the classes
    #: that have them now must be those its summary names (`Summary.ducks`).
    duck_uses: tuple[tuple[str, tuple[str, ...]], ...] = ()


class _Memo:
    """The recorded evaluations of the cached modules' functions, replayed while they
    still apply, and the record of this run's (`Project.memo`).

    The fixed point runs as in a cold run; `recall` gives an evaluation of a cached
    function whose `Reads` match the state now (the next one in recorded order first,
    else any: an evaluation is a function of what it reads). When none matches, what it
    reads changed: its module is parsed (once) and the function evaluated afresh.

    Until then, checking `Reads` is mostly not needed: when every module links as
    recorded, the run is "in step" with the recorded one (the same queue, the same
    state, up to functions' own `hot`, which no evaluation reads) for as long as every
    fresh evaluation (of a changed module's functions) gives what the recorded run's
    evaluation at the same step gave. While in step, the next recorded evaluation of a
    cached function is its result; the first fresh one that differs ends that.
    """

    def __init__(self, recorded: dict[str, list[tuple[Evaluated, Reads]]],
                 cached: dict[str, _File], recording: bool,
                 before: dict[str, list[tuple[Evaluated, Reads]]] | None = None,
                 in_step: bool = False) -> None:
        #: The recorded evaluations of the cached modules' functions.
        self.recorded = recorded
        #: The recorded run's evaluations of every function (what `Reads.sources` of
        #: the recorded evaluations point into).
        self.before = before or {}
        self.in_step = in_step
        #: Cached modules, by name, not parsed yet: their text, to parse on demand.
        self.cached = cached
        #: Every evaluation of this run, in order, per function; None when nobody will
        #: store it.
        self.log: dict[str, list[tuple[Evaluated, Reads]]] | None = {} if recording else None
        #: How many times each function was evaluated so far in this run.
        self._count: dict[str, int] = {}
        self._next: dict[str, int] = {}
        self._recalled = False
        #: While in step: the recalled evaluation's `Reads`, this run's too (the same
        #: evaluations came before it, in the same order).
        self._in_step_reads: Reads | None = None
        #: What a method reads of classes is kept until one of them changes (the
        #: project says when: `attributes_changed`), per class (`_versions`; `_epoch`
        #: counts every change).
        self._versions: dict[str, int] = {}
        self._epoch = 0
        self._class_rows: dict[tuple[str | None, tuple[str, ...]],
                               tuple[tuple[ClassRead, ...], tuple[int, ...], int]] = {}
        self._kept: list[object] = []  # alive: their ids key `_same`
        self._same: dict[tuple[int, int], bool] = {}

    def recall(self, project: Project, function: _Function) -> Evaluated | None:
        self._recalled, self._in_step_reads = False, None
        recorded = self.recorded.get(function.key)
        if self.in_step:
            if recorded is None:
                return None  # a changed module's function: evaluated afresh
            step = self._count.get(function.key, 0)
            if step < len(recorded) and _same_ducks(project, *recorded[step]):
                self._recalled = True
                self._next[function.key] = step + 1
                evaluated, self._in_step_reads = recorded[step]
                return evaluated
            # (never, when in step, but where another module's class now has, or lacks,
            # the attributes a parameter is read with: `duck.py`): check from here on
            self.in_step = False
        if recorded:
            start = self._next.get(function.key, 0)
            for step in range(len(recorded)):
                index = (start + step) % len(recorded)
                evaluated, reads = recorded[index]
                if self._still_reads(project, function, evaluated, reads):
                    self._next[function.key] = index + 1
                    self._recalled = True
                    if function.definition is None:
                        function.duck_uses = reads.duck_uses  # of the same text
                    return evaluated
        if function.definition is None:
            self._parse(project, function.module)
        return None

    def remember(self, project: Project, function: _Function, evaluated: Evaluated) -> None:
        count = self._count
        step = count.get(function.key, 0)
        if self.log is not None:
            reads = self._in_step_reads
            if reads is None:
                reads = Reads(tuple(count.get(callee, 0) - 1 for callee in evaluated.callees),
                              self._class_reads(project, function, evaluated.attribute_reads),
                              closure_of(project, function), function.duck_uses or ())
            self.log.setdefault(function.key, []).append((evaluated, reads))
        self._in_step_reads = None
        count[function.key] = step + 1
        if self.in_step and not self._recalled:
            before = self.before.get(function.key, ())
            if step >= len(before) or not _same_result(before[step][0], evaluated):
                self.in_step = False  # out of step: check what each evaluation reads
        self._recalled = False

    def attributes_changed(self, classes: Iterable[str]) -> None:
        versions = self._versions
        for key in classes:
            versions[key] = versions.get(key, 0) + 1
        self._epoch += 1

    def _still_reads(self, project: Project, function: _Function, evaluated: Evaluated,
                     reads: Reads) -> bool:
        """Whether `function` evaluated now would read what it read when recorded."""
        summaries, count, before = project.summaries, self._count, self.before
        for callee, source in zip(evaluated.callees, reads.sources):
            if source < 0:  # its first summary: it must not have been evaluated yet
                if count.get(callee, 0):
                    return False
                continue
            seen = before[callee][source][0].summary
            now = summaries.get(callee)
            if now is not seen and not same_summary(seen, now):
                return False
        if reads.closure != closure_of(project, function):
            return False
        if not _same_ducks(project, evaluated, reads):
            return False
        if function.class_key is None and not evaluated.attribute_reads:
            return True
        current = self._class_reads(project, function, evaluated.attribute_reads)
        pair = (id(reads.classes), id(current))
        same = self._same.get(pair)
        if same is None:
            same = self._same[pair] = reads.classes == current
            self._kept.append(reads.classes)
        return same

    def _class_reads(self, project: Project, function: _Function,
                     readers: tuple[str, ...]) -> tuple[ClassRead, ...]:
        if function.class_key is None and not readers:
            return ()
        versions, epoch = self._versions, self._epoch
        key = (function.class_key, readers)
        cached = self._class_rows.get(key)
        if cached is not None:
            rows, seen, then = cached
            if then == epoch:
                return rows
            if all(versions.get(row[0], 0) == version for row, version in zip(rows, seen)):
                self._class_rows[key] = (rows, seen, epoch)
                return rows
        rows = class_reads(project, function.class_key, readers)
        self._kept.append(rows)
        self._class_rows[key] = (rows, tuple(versions.get(row[0], 0) for row in rows), epoch)
        return rows

    def _parse(self, project: Project, module: _Module) -> None:
        """Give a cached module's functions their syntax trees, to evaluate them afresh
        (what they read changed). Its text is the recorded one: its index is too."""
        file = self.cached.pop(module.name, None)
        tree = parse_module(file.text, file.name) if file is not None else None
        if file is None or tree is None:
            raise StaleIndex(f"{module.filename} cannot be evaluated afresh")
        scratch = Project()
        scratch._index_body(_Module(module.name, module.filename, tree), tree.body, (), None)
        mine = [f for f in project.functions.values() if f.module is module]
        if len(mine) != len(scratch.functions):
            raise StaleIndex(f"{module.filename} indexes differently from its record")
        for function in mine:
            found = scratch.functions.get(function.key)
            if found is None or (found.qualname, found.class_key, found.params) != (
                    function.qualname, function.class_key, function.params):
                raise StaleIndex(f"{function.key} indexes differently from its record")
            function.definition, function.annotations = found.definition, found.annotations
        module.default_device = "set_default_device" in file.text
        project.parsed_files.append(file.name)


def _same_ducks(project: Project, evaluated: Evaluated, reads: Reads) -> bool:
    """Whether the classes that have the attributes the function read of its parameters
    (`duck.py`) are those its recorded summary names: another module's class may have
    gained or lost them."""
    return not reads.duck_uses or candidates(project, reads.duck_uses) == \
        evaluated.summary.ducks


def _same_result(recorded: Evaluated, fresh: Evaluated) -> bool:
    """The same evaluation result, up to the function's own `hot` (see `_Memo`)."""
    if recorded == fresh:
        return True
    hot = recorded.summary.hot
    return fresh.summary.hot != hot and replace(
        fresh, summary=replace(fresh.summary, hot=hot)) == recorded


# --- writing an entry ------------------------------------------------------------------------
def _entry_of(project: Project, key: str, encoder: Encoder,
              log: dict[str, list[tuple[Evaluated, Reads]]]) -> dict[str, Any]:
    functions: dict[str, list[_Function]] = {}
    for function in project.functions.values():
        functions.setdefault(function.module.name, []).append(function)
    classes: dict[str, list[_Class]] = {}
    for cls in project.classes.values():
        classes.setdefault(cls.module.name, []).append(cls)
    records = [_record_of(module, functions.get(module.name, []),
                          classes.get(module.name, []), encoder)
               for module in project.modules.values()]
    return {
        "key": key,
        "format": INDEX_FORMAT,
        "reuses": encoder.reuses,
        "order": [[module.filename, module.name] for module in project.modules.values()],
        "modules": records,
        "log": [[name, [[encoder.ref(e), list(r.sources), encoder.ref_shared(r.classes),
                          encoder.ref(r.closure), encoder.ref(r.duck_uses)]
                         for e, r in evaluations]]
                for name, evaluations in log.items()],
        "types": encoder.types,
        "table": encoder.table,
    }


def _record_of(module: _Module, functions: list[_Function], classes: list[_Class],
               encoder: Encoder | None) -> dict[str, Any]:
    """A module's record; without an encoder, only what other modules' links and
    evaluations may read of it (not its hooks nor its functions' per-step roles, which
    reach others through summaries only)."""
    record: dict[str, Any] = {
        "filename": module.filename,
        "module": module.name,
        "dotted": _dotted_of(module),
        "imports": list(module.imports.items()),
        "fallbacks": [[local, list(found)] for local, found in module.fallbacks.items()],
        "defined": list(module.defined.items()),
        "names": list(module.names.items()),
        # A changed alias changes what its importers' annotations mean: a link.
        "aliases": sorted(module.aliases.items()),
        "functions": [[f.key, f.qualname, f.class_key, list(f.params),
                       f.display or display_name(f)] for f in functions],
        "classes": [[c.key, c.base_names, list(c.methods.items()), c.bases, c.external,
                     sorted(c.attribute_classes.items()), sorted(c.properties.items()),
                     list(c.abstract), sorted(c.defaults.items())]
                    for c in classes],
    }
    if encoder is not None:
        record["sha"] = module.sha
        record["torch"] = module.torch
        record["hooks"] = [[target, encoder.ref(hot)] for target, hot in module.hooks]
        record["compile"] = None if module.compile is None else encoder.ref(module.compile)
        record["chains"] = list(module_chains(module))
        record["options"] = [list(pair) for pair in module.options]
        record["option_reads"] = list(module.option_reads)
        record["option_holders"] = list(module.option_holders)
        record["globals"] = encoder.ref(tuple(sorted(module.globals.items())))
        for row, function in zip(record["functions"], functions):
            row.append(None if function.entry is None else encoder.ref(function.entry))
            row.extend((list(function.calls), list(function.reads), function.writes,
                        list(function.assigns)))
    return record


def _links_of(project: Project, module: _Module) -> Any:
    """What other modules may read of `module`'s links, as JSON reads it back."""
    functions = [f for f in project.functions.values() if f.module is module]
    classes = [c for c in project.classes.values() if c.module is module]
    return json.loads(json.dumps(_record_of(module, functions, classes, None)))


def _recorded_links(record: dict[str, Any]) -> Any:
    links = {name: record[name] for name in
             ("filename", "module", "dotted", "imports", "fallbacks", "defined", "names",
              "aliases", "classes")}
    links["functions"] = [row[:5] for row in record["functions"]]
    return links


def _dotted_of(module: _Module) -> str:
    return module.dotted or module.name


def build_project_for_paths(paths: Iterable[str],
                            display: Callable[[str], str] = lambda path: path,
                            cache_dir: Path | None = None) -> Project:
    """Index the checked files and what they import from their own trees (a single
    checked file brings the modules it imports along). Files are known to the project
    by `display(path)`, the name findings show. With `cache_dir` (the results cache
    directory) the index is kept there, and a warm run parses only what changed."""
    with no_cyclic_gc():
        return build(paths, display, IndexStore(cache_dir) if cache_dir is not None else None)
