"""Template methods (issue 22, sixth draw M6): a method a base class's per-step role calls
on `self` (`Representation.forward` calls `self._plain_forward()`) is per-step code in
every subclass that overrides it and still runs the base's role; an override the role
never calls, or that a subclass's own `forward` bypasses, is not."""

from __future__ import annotations

from pathlib import Path

from synclint.cache import ResultCache
from synclint.config import Overrides, resolve_settings
from synclint.runner import check_paths
from tests.model.probe import findings, line_of

BASE = '''import torch
from torch import nn


class Representation(nn.Module):
    def _plain_forward(self, indices=None):
        raise NotImplementedError

    def forward(self, indices=None):
        return self._plain_forward(indices=indices)
'''

SUBCLASS = '''import torch
from torch import nn

from base import Representation


class Relational(Representation):
    def __init__(self, edges: torch.Tensor) -> None:
        super().__init__()
        self.register_buffer("edge_types", edges[:, 1])

    def _plain_forward(self, indices=None):
        n = self.edge_types.max().item()
        return self.edge_types[:n]
'''


def reads(files: dict[str, str], filename: str = "sub.py") -> list[tuple[int, str]]:
    return [(d.location.row, str(d.related[0].message) if d.related else "")
            for d in findings(files, filename) if d.code == "SYN101"]


def test_an_override_of_a_method_the_base_forward_calls_is_per_step() -> None:
    found = reads({"base.py": BASE, "sub.py": SUBCLASS})
    assert [row for row, _ in found] == [line_of(SUBCLASS, ".item()")]


def test_the_reason_names_the_role_and_the_template_call() -> None:
    (finding,) = findings({"base.py": BASE, "sub.py": SUBCLASS}, "sub.py")
    assert finding.message == "`.item()` syncs with the GPU in per-step code (`forward`)"
    assert [(r.filename, r.location.row, r.message) for r in finding.related] == [
        ("base.py", line_of(BASE, "def forward"),
         "`forward` runs on every call of the module, and calls `_plain_forward`")]


def test_an_override_the_role_does_not_call_is_not_per_step() -> None:
    base = BASE.replace("return self._plain_forward(indices=indices)", "return indices")
    assert reads({"base.py": base, "sub.py": SUBCLASS}) == []


def test_a_subclass_that_overrides_the_role_itself_does_not_run_the_base_role() -> None:
    sub = SUBCLASS + "\n    def forward(self, indices=None):\n        return indices\n"
    assert reads({"base.py": BASE, "sub.py": sub}) == []


def test_a_method_of_the_base_itself_is_not_made_per_step_by_its_own_name() -> None:
    base = BASE.replace("raise NotImplementedError",
                        "return int(self.table.sum().item())")
    base = base.replace("    def forward", "    def export(self):\n        return "
                        "self._plain_forward()\n\n    def forward").replace(
        "return self._plain_forward(indices=indices)", "return indices")
    assert reads({"base.py": base, "sub.py": SUBCLASS}, "base.py") == []


def _check(paths: list[str], cache: Path | None) -> list[tuple[str, int, str]]:
    settings = resolve_settings(paths, None, Overrides(select=("ALL",)))
    outcomes = check_paths(paths, settings, jobs=1,
                           cache=ResultCache(cache) if cache is not None else None)
    return sorted((Path(d.filename).name, d.location.row, d.message)
                  for o in outcomes for d in o.result.diagnostics)


def test_warm_runs_follow_an_edit_of_the_base_role(tmp_path: Path) -> None:
    """The subclass's module is cached while the base changes whether its forward calls
    the template method: the warm findings are the cold ones, both ways."""
    (tmp_path / "base.py").write_text(BASE)
    (tmp_path / "sub.py").write_text(SUBCLASS)
    paths = [str(tmp_path / "base.py"), str(tmp_path / "sub.py")]
    cache = tmp_path / "cache"
    first = _check(paths, cache)
    assert [row for name, row, _ in first if name == "sub.py"] == [line_of(SUBCLASS, ".item()")]
    (tmp_path / "base.py").write_text(
        BASE.replace("return self._plain_forward(indices=indices)", "return indices"))
    assert _check(paths, cache) == _check(paths, None) == []
    (tmp_path / "base.py").write_text(BASE)
    assert _check(paths, cache) == _check(paths, None) == first
