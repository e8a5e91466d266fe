"""One checked file's view of the model: its own definitions, what it imports and the
classes those reach, with a digest that keys the results cache."""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from synclint.analysis.kinds import Instance
from synclint.model.aliases import expanded_alias
from synclint.model.index import module_chains
from synclint.model.kindops import holds_tensors
from synclint.model.options import project_options, view_options
from synclint.model.summaries import (
    SYNC_READ,
    SYNC_SHAPE,
    SYNC_TEST,
    TENSOR_VALUES,
    ClassView,
    FileView,
    Summary,
)

if TYPE_CHECKING:
    from synclint.model.index import _Module
    from synclint.model.project import Project


def defined_in(project: Project, module: str) -> list[str]:
    """The keys of the functions and classes defined in `module`, in index order."""
    if project._defined is None:
        project._defined = {}
        for key in (*project.functions, *project.classes):
            project._defined.setdefault(key.split(":", 1)[0], []).append(key)
    return project._defined.get(module, [])


def file_view(project: Project, filename: str) -> FileView | None:
    """What `filename` may ask of the project (None when it was not indexed): its own
    definitions, what it imports (one module deep: summaries are transitive already)
    and the classes those reach through bases and attributes."""
    cached = project._views.get(filename)
    if cached is not None:
        return cached
    module = project.by_file.get(filename)
    if module is None:
        return None
    summaries: dict[str, Summary] = {}
    classes: dict[str, ClassView] = {}
    modules: set[str] = set()
    pending = list(defined_in(project, module.name))
    for key in defined_in(project, module.name):
        # What its evaluations read beyond its imports (a callee reached through an
        # attribute, the attributes of a class known from a value), so that the model
        # evaluates the file the same way from the view alone (`facts.py`).
        pending.extend(project._callees.get(key, ()))
        pending.extend(project.attribute_reads.get(key, ()))
    for target in module.names.values():
        if target in project.modules:
            modules.add(target)
            pending.extend(defined_in(project, target))
        else:
            pending.append(target)
    seen: set[str] = set()
    while pending:
        key = pending.pop()
        if key in seen:
            continue
        seen.add(key)
        if key in project.summaries:
            summaries[key] = project.summaries[key]
        elif key in project.classes:
            cls = project.classes[key]
            classes[key] = _class_view(project, key)
            pending.extend(cls.bases)
            pending.extend(cls.methods.values())
            pending.extend(cls.attribute_classes.values())
            pending.extend(kind.cls for kind in cls.attributes.values()
                           if isinstance(kind, Instance))
    needed: set[str] = set()
    for key in defined_in(project, module.name):
        summary = project.summaries.get(key)
        if summary is None:
            continue
        if summary.hot is not None:
            needed.update((SYNC_READ, SYNC_TEST, SYNC_SHAPE, "SYN106"))
        for callee in project._callees.get(key, ()):
            called = project.summaries.get(callee)
            if called is not None:
                if holds_tensors(called.returns):
                    needed.add(TENSOR_VALUES)
                needed.update(effect.code for effect in called.syncs)
                needed.update(p.effect.code for p in called.param_effects)
    names = dict(module.names)
    links = _Links(project, module)
    resolved, aliases = links.view(0), links.view(1)
    compiled = project.regions.view(module.name)
    if compiled.regions:  # compiled code may break its graph (SYN401)
        needed.add("SYN401")
    view = FileView(filename, module.name, names, summaries, classes,
                    frozenset(modules), "", frozenset(needed), compiled, resolved,
                    module.sha, aliases, frozenset(
                        key for key in defined_in(project, module.name)
                        if key in project.tensor_free),
                    options=view_options(_options(project), module.option_reads),
                    option_holders=frozenset(module.option_holders),
                    digester=lambda made: _view_digest(project, made))
    project._views[filename] = view
    return view


class _Links:
    """What the dotted names of one module's code link to: the project definition each
    reaches (`FileView.resolved`) and the type alias each names (`FileView.aliases`).
    Each name is resolved the first time the evaluation asks for it; all the module's
    names (`module_chains`, a walk of its tree) only where a view is iterated (its
    digest, a pickle). A lint worker that evaluates little of a file (the gate's
    questions) resolves little of it."""

    def __init__(self, project: Project, module: _Module) -> None:
        self._project = project
        self._module = module
        self._heads = frozenset(module.chain_heads) if module.chains is None else None
        self._found: dict[str, tuple[str | None, str | None]] = {}
        self._all: tuple[dict[str, str], dict[str, str]] | None = None

    def view(self, which: int) -> Mapping[str, str]:
        if self._heads is None:  # the chains are known already (the index cache's)
            return self.all()[which]
        return _LinkView(self, which)

    def get(self, dotted: str, which: int) -> str | None:
        found = self._found.get(dotted)
        if found is None:
            if self._all is not None:
                return self._all[which].get(dotted)
            assert self._heads is not None
            if dotted.partition(".")[0] not in self._heads:
                return None  # not a chain of the module's code (`name_chains`)
            found = self._found[dotted] = self._links(dotted)
        return found[which]

    def _links(self, dotted: str) -> tuple[str | None, str | None]:
        project, module = self._project, self._module
        key = project._name_key(module, dotted)
        text = expanded_alias(project, module, dotted, key) if (
            key is not None and ":" in key or dotted in module.aliases) else None
        return key, text

    def all(self) -> tuple[dict[str, str], dict[str, str]]:
        if self._all is None:
            resolved: dict[str, str] = {}
            aliases: dict[str, str] = {}
            for dotted in module_chains(self._module):
                key, text = self._found.get(dotted) or self._links(dotted)
                if key is not None:
                    resolved[dotted] = key
                if text is not None:
                    aliases[dotted] = text
            self._all = resolved, aliases
        return self._all


class _LinkView(Mapping[str, str]):
    """`FileView.resolved` or `.aliases` as `_Links` resolves them."""

    def __init__(self, links: _Links, which: int) -> None:
        self._links = links
        self._which = which

    def get(self, dotted: str, default: Any = None) -> Any:
        found = self._links.get(dotted, self._which)
        return default if found is None else found

    def __getitem__(self, dotted: str) -> str:
        found = self._links.get(dotted, self._which)
        if found is None:
            raise KeyError(dotted)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._links.all()[self._which])

    def __len__(self) -> int:
        return len(self._links.all()[self._which])

    def __reduce__(self) -> tuple[type, tuple[dict[str, str]]]:
        return dict, (dict(self._links.all()[self._which]),)


def _view_digest(project: Project, view: FileView) -> str:
    """The digest of a view: each summary and class is digested once for all the views
    that hold it."""
    return _sha256(repr((view.module, sorted(view.names.items()),
                         sorted((key, _digest(project, key, summary))
                                for key, summary in view.summaries.items()),
                         sorted((key, _digest(project, key, cls))
                                for key, cls in view.classes.items()),
                         sorted(view.modules), view.compiled.key(),
                         sorted(view.resolved.items()), sorted(view.aliases.items()),
                         sorted(view.options.items()), sorted(view.option_holders))))


#: Per project: its argparse options with one default each (`_options`).
_OPTIONS: weakref.WeakKeyDictionary[Project, dict[str, str]] = weakref.WeakKeyDictionary()


def _options(project: Project) -> dict[str, str]:
    """The project's argparse options with one default each (`model/options.py`), found
    once the first view is made (the model is final by then)."""
    found = _OPTIONS.get(project)
    if found is None:
        found = _OPTIONS[project] = project_options(
            m.options for m in project.modules.values())
    return found


def _class_view(project: Project, key: str) -> ClassView:
    """What a view holds of a class: the same object for every view that reaches it."""
    found = project._class_views.get(key)
    if found is None:
        cls = project.classes[key]
        # Sorted, so that the digest is the same from a fresh index and a cached one.
        found = project._class_views[key] = ClassView(
            key, tuple(cls.bases), dict(sorted(cls.methods.items())),
            dict(sorted(cls.attributes.items())), dict(sorted(cls.attribute_classes.items())),
            project.is_lightning(key), project.is_nn_module(key), tuple(project._externals(key)),
            dict(sorted(cls.properties.items())), dict(cls.overrides),
            dict(sorted(cls.defaults.items())))
    return found


def _digest(project: Project, key: str, item: Summary | ClassView) -> str:
    """The digest of a summary or a class view (by key: the model is final by now)."""
    slot = (type(item).__name__, key)
    found = project._digests.get(slot)
    if found is None:
        found = project._digests[slot] = _sha256(repr(item))
    return found


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
