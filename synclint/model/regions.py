"""The compiled regions of the whole-program model: `analysis/compiled.py`'s region
finder run over the project's index, and each compiled function made per-step code."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from synclint.analysis.compiled import ModuleFacts, find_regions
from synclint.model.dispatch import overrides
from synclint.model.index import display_name
from synclint.model.summaries import Hot, Site

if TYPE_CHECKING:
    from synclint.model.project import Project


class ProjectIndex:
    """`RegionIndex` over the whole-program index (`model/project.py`).

    Reads of the Project: `modules` (each `_Module`'s `name`, `filename`, `compile`
    facts), `functions` (`class_key`, `display`), `classes` (`methods`, `bases`,
    `attribute_classes`), the call graph `_callees`, `_name_key` (a dotted name in a
    module's scope) and `is_nn_module`.
    """

    def __init__(self, project: Project) -> None:
        self.project = project

    def facts(self) -> Iterator[tuple[str, str, ModuleFacts]]:
        for module in self.project.modules.values():
            if module.compile is not None:
                yield module.name, module.filename, module.compile

    def resolve(self, module: str, scope: str, dotted: str) -> str | None:
        project = self.project
        head, _, rest = dotted.partition(".")
        if head == "self" and rest and scope:
            # `self.forward`, `self._step` (a bound method), `self.model.encoder` (a
            # submodule, through the classes of the attributes on the way).
            owner = project.functions.get(f"{module}:{scope}")
            cls = owner.class_key if owner is not None else None
            *path, last = rest.split(".")
            for attribute in path:
                cls = self._attribute_class(cls, attribute) if cls is not None else None
            if cls is None:
                return None
            method = next((c.methods[last] for c in project._mro(cls) if last in c.methods),
                          None)
            return method if method is not None else self._attribute_class(cls, last)
        if scope and not rest:
            parts = scope.split(".")
            for depth in range(len(parts), 0, -1):
                nested = f"{module}:{'.'.join(parts[:depth])}.{dotted}"
                if nested in project.functions:
                    return nested
        info = project.modules.get(module)
        if info is None:
            return None
        key = project._name_key(info, dotted)
        return key if key is not None and (key in project.functions or key in project.classes) \
            else None

    def _attribute_class(self, class_key: str, attribute: str) -> str | None:
        for cls in self.project._mro(class_key):
            found = cls.attribute_classes.get(attribute)
            if found is not None:
                return found
        return None

    def forward(self, class_key: str) -> str | None:
        project = self.project
        if class_key not in project.classes or not project.is_nn_module(class_key):
            return None
        for cls in project._mro(class_key):
            found = cls.methods.get("forward")
            if found is not None:
                return found
        return None

    def attribute_classes(self, function: str) -> Iterator[str]:
        owner = self.project.functions.get(function)
        if owner is None or owner.class_key is None or owner.name != "forward":
            return  # a module's `forward` calls its submodules (`self.block(x)`)
        for cls in self.project._mro(owner.class_key):
            yield from cls.attribute_classes.values()

    def callees(self, function: str) -> Iterable[str]:
        # A declaration reads its overrides' summaries (`dispatch.py`) but calls none of
        # them: a compiled base method reaches an override only through `self`.
        dispatched = overrides(self.project, function)
        return sorted(key for key in self.project._callees.get(function, ())
                      if key not in dispatched)

    def display(self, function: str) -> str:
        found = self.project.functions.get(function)
        # The name its summary shows, from a fresh index or a cached one alike.
        return "" if found is None else display_name(found)


def mark_compiled(project: Project) -> None:
    """Find the project's regions (`project.regions`) and make each compiled function
    per-step code, as a module's `forward` is: it runs on every call of the compiled
    callable, so the sync rules report in it as they do in `forward`."""
    project.regions = regions = find_regions(ProjectIndex(project))
    for key, region in regions.functions.items():
        summary = project.summaries.get(key)
        function = project.functions.get(key)
        if summary is None or function is None or summary.hot is not None:
            continue
        name = summary.display
        reason = (region.reason if name == region.root
                  else f"`{name}` runs in compiled `{region.root}`")
        site = Site(region.filename, region.line, 1, "compiled here")
        hot = Hot(reason, site, called=name != region.root)
        project.summaries[key] = replace(summary, hot=hot, cold=None)
