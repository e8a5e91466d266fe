"""The whole-program index kept between runs: a warm run parses only what changed, and
its index is the one a cold run builds (summaries, classes, views), findings included."""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from synclint.analysis import index_cache, index_store
from synclint.analysis.project import (
    Evaluated,
    Project,
    _Function,
    _Module,
    build_project_for_paths,
)
from synclint.config import Overrides, resolve_settings
from synclint.runner import check_paths

FILES = {
    "pkg/__init__.py": "",
    "pkg/helpers.py": (
        "import torch\n\n\n"
        "def to_float(t):\n    return t.item()\n\n\n"
        "def identity(x):\n    return x\n"
    ),
    "pkg/layers.py": (
        "import torch\n\nfrom .helpers import identity\n\n\n"
        "class Block(torch.nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.total = torch.zeros(())\n\n"
        "    def forward(self, x):\n"
        "        if self.total > 1:\n"
        "            x = identity(x)\n"
        "        return x\n"
    ),
    "pkg/train.py": (
        "import torch\n\nfrom .helpers import to_float\nfrom .layers import Block\n\n\n"
        "def run(params):\n"
        "    norms = []\n"
        "    for p in params:\n"
        "        norms.append(to_float(p.norm()))\n"
        "    return norms\n\n\n"
        "def one(t):\n    return to_float(t)\n"
    ),
    "pkg/leaf.py": (
        "import torch\n\n\n"
        "def scale(t):\n    return t * 2\n"
    ),
    "pkg/hooks.py": (
        "import torch\n\nfrom .leaf import scale\n\n\n"
        "def on_grad(g):\n    return g\n\n\n"
        "def install(t):\n    t.register_hook(on_grad)\n"
    ),
}


def write_tree(root: Path, files: dict[str, str]) -> list[str]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return sorted(str(root / name) for name in files)


def state(project: Project, paths: list[str]) -> tuple[object, ...]:
    """Everything the rules and the results cache see of the index."""
    views = {path: project.view(path) for path in paths}
    classes = {key: (sorted(cls.attributes.items(), key=str),
                     sorted(cls.attribute_classes.items()), cls.bases, cls.external)
               for key, cls in project.classes.items()}
    return project.summaries, classes, views


def build(paths: list[str], cache: Path | None) -> Project:
    return build_project_for_paths(paths, lambda path: path, cache)


@pytest.fixture
def tree(tmp_path: Path) -> tuple[list[str], Path]:
    return write_tree(tmp_path / "src", FILES), tmp_path / "cache"


def test_warm_run_with_nothing_changed_parses_no_file(tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    cold = build(paths, cache)
    assert sorted(cold.parsed_files) == paths
    warm = build(paths, cache)
    assert warm.parsed_files == []
    assert state(warm, paths) == state(build(paths, None), paths)


def test_a_comment_or_a_body_change_reparses_the_edited_file_only(
        tree: tuple[list[str], Path]) -> None:
    """What other modules read of helpers.py is unchanged: their recorded evaluations
    are replayed, though train.py and layers.py import it."""
    paths, cache = tree
    build(paths, cache)
    helpers = next(p for p in paths if p.endswith("helpers.py"))
    for text in (FILES["pkg/helpers.py"] + "\n# a comment\n",
                 FILES["pkg/helpers.py"].replace("return x\n", "y = x\n    return y\n")):
        Path(helpers).write_text(text)
        warm = build(paths, cache)
        assert warm.parsed_files == [helpers]
        assert state(warm, paths) == state(build(paths, None), paths)


def test_a_changed_summary_reparses_the_modules_that_read_it_only(
        tree: tuple[list[str], Path], verified: list[int]) -> None:
    """`to_float` now returns its argument: train.py calls it and is evaluated afresh;
    layers.py imports helpers.py too, but only reads `identity`, which is unchanged."""
    paths, cache = tree
    build(paths, cache)
    helpers = next(p for p in paths if p.endswith("helpers.py"))
    train = next(p for p in paths if p.endswith("train.py"))
    Path(helpers).write_text(FILES["pkg/helpers.py"].replace("return t.item()", "return t"))
    warm = build(paths, cache)
    assert sorted(warm.parsed_files) == sorted([helpers, train])
    assert state(warm, paths) == state(build(paths, None), paths)


def test_a_new_definition_reindexes_the_file_and_its_importers(
        tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    build(paths, cache)
    leaf = next(p for p in paths if p.endswith("leaf.py"))
    Path(leaf).write_text(FILES["pkg/leaf.py"] + "\n\ndef more(t):\n    return t.sum()\n")
    warm = build(paths, cache)
    # leaf.py's names link differently: hooks.py, which imports it, may resolve its
    # own names differently, so it is indexed (and linked) again too.
    assert sorted(warm.parsed_files) == sorted(
        p for p in paths if p.endswith(("leaf.py", "hooks.py")))
    assert state(warm, paths) == state(build(paths, None), paths)
    assert build(paths, cache).parsed_files == []


ATTRIBUTES = {
    "pkg/__init__.py": "",
    "pkg/base.py": (
        "import torch\n\n\n"
        "class Base:\n    def __init__(self):\n        self.total = torch.zeros((), device=\"cuda\")\n"
    ),
    "pkg/child.py": (
        "from .base import Base\n\n\n"
        "class Child(Base):\n    def check(self):\n        if self.total > 1:\n"
        "            return 1\n        return 0\n\n    def other(self, x):\n"
        "        return x\n"
    ),
    "pkg/parts.py": (
        "class Inner:\n    def run(self, t):\n        return t.item()\n\n\n"
        "class Quiet:\n    def run(self, t):\n        return t\n\n\n"
        "class Outer:\n    def __init__(self):\n        self.inner = Inner()\n"
    ),
    "pkg/trainer.py": (
        "from .parts import Outer\n\n\n"
        "class Model:\n    def __init__(self):\n        self.outer = Outer()\n\n"
        "    def step(self, t):\n        return self.outer.inner.run(t)\n"
    ),
}


def test_attribute_kinds_set_in_another_module(tmp_path: Path, verified: list[int]) -> None:
    """`Child.check` reads `self.total`, which `Base.__init__` (base.py) assigns: when
    that becomes a Python float, child.py is evaluated afresh; when it stays a tensor,
    it is not."""
    paths = write_tree(tmp_path / "src", ATTRIBUTES)
    cache = tmp_path / "cache"
    assert build(paths, cache).summaries["pkg.child:Child.check"].syncs
    base = next(p for p in paths if p.endswith("base.py"))
    child = next(p for p in paths if p.endswith("child.py"))
    for text, parsed in (
            (ATTRIBUTES["pkg/base.py"].replace("zeros", "ones"), [base]),
            (ATTRIBUTES["pkg/base.py"].replace('torch.zeros((), device="cuda")', "0.0"),
             [base, child]),
            (ATTRIBUTES["pkg/base.py"], [base, child])):
        Path(base).write_text(text)
        warm = build(paths, cache)
        assert sorted(warm.parsed_files) == sorted(parsed), text
        assert state(warm, paths) == state(build(paths, None), paths)
    assert verified[0] > 0


def test_attribute_classes_set_in_another_module(tmp_path: Path, verified: list[int]) -> None:
    """`Model.step` calls `self.outer.inner.run(t)`: which `run` depends on the class
    `Outer.__init__` (parts.py) gives `inner`. Changing it changes the callee, whose
    own summary is unchanged: trainer.py is evaluated afresh all the same."""
    paths = write_tree(tmp_path / "src", ATTRIBUTES)
    cache = tmp_path / "cache"
    first = build(paths, cache)
    assert first.summaries["pkg.trainer:Model.step"].param_effects
    parts = next(p for p in paths if p.endswith("parts.py"))
    trainer = next(p for p in paths if p.endswith("trainer.py"))
    Path(parts).write_text(ATTRIBUTES["pkg/parts.py"].replace(
        "self.inner = Inner()", "self.inner = Quiet()"))
    warm = build(paths, cache)
    assert sorted(warm.parsed_files) == sorted([parts, trainer])
    assert not warm.summaries["pkg.trainer:Model.step"].param_effects
    assert state(warm, paths) == state(build(paths, None), paths)
    assert verified[0] > 0


DUCKS = {
    "pkg/__init__.py": "",
    "pkg/graphs.py": (
        "import torch\n\n\n"
        "class KnowledgeGraph:\n    def __init__(self, heads, relations):\n"
        "        self.head_idx = torch.tensor(heads)\n"
        "        self.relations = torch.tensor(relations)\n"
    ),
    "pkg/utils.py": (
        "def sizes(kg, n):\n    out = []\n    for r in range(n):\n"
        "        out.append(kg.head_idx[kg.relations == r].sum().item())\n    return out\n"
    ),
    "pkg/other.py": "import torch\n",
}


def test_a_class_added_elsewhere_with_a_parameter_s_attributes(tmp_path: Path,
                                                               verified: list[int]) -> None:
    """`sizes(kg, n)` reads `kg.head_idx` and `kg.relations`, which only `KnowledgeGraph`
    has, on the host (`model/duck.py`). A class in another module that has them (on the
    GPU) is a candidate too, though utils.py did not change: warm and cold runs agree at
    every step, and removing it again gives the first summary back."""
    paths = write_tree(tmp_path / "src", DUCKS)
    cache = tmp_path / "cache"
    first = build(paths, cache).summaries["pkg.utils:sizes"]
    assert first.ducks == (("kg", ("pkg.graphs:KnowledgeGraph",)),)
    other = next(p for p in paths if p.endswith("other.py"))
    Path(other).write_text(DUCKS["pkg/other.py"] + (
        "\n\nclass DeviceGraph:\n    def __init__(self, n):\n"
        "        self.head_idx = torch.zeros(n, device='cuda')\n"
        "        self.relations = torch.zeros(n, device='cuda')\n"))
    warm = build(paths, cache)
    assert len(warm.summaries["pkg.utils:sizes"].ducks[0][1]) == 2
    assert state(warm, paths) == state(build(paths, None), paths)
    Path(other).write_text(DUCKS["pkg/other.py"])
    warm = build(paths, cache)
    assert warm.summaries["pkg.utils:sizes"] == first
    assert state(warm, paths) == state(build(paths, None), paths)
    assert verified[0] > 0


@pytest.mark.parametrize("parts_module", ["aparts", "zparts"])
def test_a_call_through_attribute_classes_does_not_depend_on_file_order(
        tmp_path: Path, parts_module: str) -> None:
    """`self.outer.inner.run(t)` in `Model.step`: whether `Outer` is evaluated before or
    after `Model` (its module sorts before or after trainer.py), the step reads `t` on
    the host. The classes of `self.outer` and `outer.inner` are read state: when
    `Outer.__init__` sets them later, `Model.step` is evaluated again."""
    files = {name.replace("parts", parts_module): text.replace(".parts", f".{parts_module}")
             for name, text in ATTRIBUTES.items()}
    paths = write_tree(tmp_path / "src", files)
    assert build(paths, None).summaries["pkg.trainer:Model.step"].param_effects


def test_a_module_evaluated_afresh_keeps_its_default_device(tmp_path: Path) -> None:
    """user.py sets the default device: parsed again because `to_host` changed, its
    `torch.zeros(3)` is still a device tensor, tested as a bool."""
    files = {"pkg/__init__.py": "",
             "pkg/helpers.py": "def to_host(t):\n    return t\n",
             "pkg/user.py": ("import torch\n\nfrom .helpers import to_host\n\n"
                             "torch.set_default_device('cuda')\n\n\n"
                             "def f():\n    x = torch.zeros(3)\n    if x.sum() > 0:\n"
                             "        pass\n    return to_host(x)\n")}
    paths = write_tree(tmp_path / "src", files)
    cache = tmp_path / "cache"
    assert build(paths, cache).summaries["pkg.user:f"].syncs
    helpers = next(p for p in paths if p.endswith("helpers.py"))
    Path(helpers).write_text("def to_host(t):\n    return t.item()\n")
    warm = build(paths, cache)
    assert len(warm.parsed_files) == 2
    assert state(warm, paths) == state(build(paths, None), paths)


RECURSIVE = {
    "pkg/__init__.py": "",
    "pkg/even.py": (
        "from .odd import odd\n\n\n"
        "def even(t, n):\n    if n == 0:\n        return t\n    return odd(t, n - 1)\n"
    ),
    "pkg/odd.py": (
        "from .even import even\n\n\n"
        "def odd(t, n):\n    t.item()\n    if n == 0:\n        return t\n"
        "    return even(t, n - 1)\n"
    ),
    "pkg/loop.py": (
        "from .even import even\n\n\n"
        "def run(ts):\n    out = []\n    for t in ts:\n        out.append(even(t, 3))\n"
        "    return out\n"
    ),
}


def test_mutually_recursive_functions_across_modules(tmp_path: Path,
                                                      verified: list[int]) -> None:
    """`even` and `odd` call each other from two modules: the fixed point goes round
    the cycle; warm runs after each edit of either module equal cold ones."""
    paths = write_tree(tmp_path / "src", RECURSIVE)
    cache = tmp_path / "cache"
    first = build(paths, cache)
    assert _reads_on_host(first, "pkg.even:even")  # t.item() in odd, through the cycle
    odd = next(p for p in paths if p.endswith("odd.py"))
    even = next(p for p in paths if p.endswith("even.py"))
    edits = [
        (odd, RECURSIVE["pkg/odd.py"] + "# comment\n", 1),
        (odd, RECURSIVE["pkg/odd.py"].replace("    t.item()\n", "    t.sum()\n"), None),
        (odd, RECURSIVE["pkg/odd.py"], None),
        (even, RECURSIVE["pkg/even.py"].replace("return t\n", "return t.item()\n"), None),
        (even, RECURSIVE["pkg/even.py"] + "# comment\n", None),
    ]
    for path, text, parsed in edits:
        Path(path).write_text(text)
        warm = build(paths, cache)
        cold = build(paths, None)
        assert state(warm, paths) == state(cold, paths), text
        if parsed is not None:
            assert warm.parsed_files == [path]
    Path(odd).write_text(RECURSIVE["pkg/odd.py"].replace("    t.item()\n", "    t.sum()\n"))
    Path(even).write_text(RECURSIVE["pkg/even.py"])
    warm = build(paths, cache)
    assert not _reads_on_host(warm, "pkg.even:even")
    assert state(warm, paths) == state(build(paths, None), paths)
    assert verified[0] > 0


def _reads_on_host(project: Project, key: str) -> list[str]:
    return [p.name for p in project.summaries[key].param_effects if p.effect.code == "SYN101"]


def test_editing_a_helper_changes_its_callers_summary_and_view(
        tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    first = build(paths, cache)
    train = next(p for p in paths if p.endswith("train.py"))
    helpers = next(p for p in paths if p.endswith("helpers.py"))
    assert first.summaries["pkg.train:one"].param_effects  # through to_float
    Path(helpers).write_text(FILES["pkg/helpers.py"].replace("return t.item()", "return t"))
    warm = build(paths, cache)
    assert helpers in warm.parsed_files and train in warm.parsed_files
    assert not warm.summaries["pkg.train:one"].param_effects
    assert warm.view(train).digest != first.view(train).digest  # its results go stale
    assert state(warm, paths) == state(build(paths, None), paths)


def test_a_hook_registered_in_a_changed_file_reaches_a_cached_one(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "",
             "pkg/fns.py": "def on_grad(g):\n    return g.item()\n",
             "pkg/install.py": "from .fns import on_grad\n\ndef install(t):\n    pass\n"}
    paths = write_tree(tmp_path / "src", files)
    cache = tmp_path / "cache"
    build(paths, cache)
    install = next(p for p in paths if p.endswith("install.py"))
    Path(install).write_text(files["pkg/install.py"].replace(
        "pass", "t.register_hook(on_grad)"))
    warm = build(paths, cache)
    assert not any(p.endswith("fns.py") for p in warm.parsed_files)
    assert warm.summaries["pkg.fns:on_grad"].hot is not None
    assert state(warm, paths) == state(build(paths, None), paths)


@pytest.mark.parametrize("damage", ["garbage", "truncate", "bad-type", "bad-ref",
                                    "missing-key", "bad-imports"])
def test_a_damaged_entry_is_ignored(tree: tuple[list[str], Path], damage: str) -> None:
    paths, cache = tree
    build(paths, cache)
    (entry,) = (cache / index_store.INDEX_DIR_NAME).rglob("*.json")
    text = entry.read_text()
    if damage == "garbage":
        entry.write_text("{not json")
    elif damage == "truncate":
        entry.write_text(text[: len(text) // 2])
    else:
        data = json.loads(text)
        if damage == "bad-type":  # rows naming a class outside the analysis package
            data["types"] = ["subprocess.Popen" for _ in data["types"]]
        elif damage == "missing-key":
            del data["modules"][0]["sha"]
        elif damage == "bad-imports":
            for record in data["modules"]:
                record["imports"] = 7
        else:
            data["log"] = [[key, [10**9]] for key, _ in data["log"]]
        entry.write_text(json.dumps(data))
    warm = build(paths, cache)
    assert sorted(warm.parsed_files) == paths  # indexed from scratch, no crash
    assert state(warm, paths) == state(build(paths, None), paths)


def test_entries_of_another_synclint_are_not_read(tree: tuple[list[str], Path],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    paths, cache = tree
    build(paths, cache)
    monkeypatch.setattr("synclint.cache._CODE_FINGERPRINT", "another synclint")
    assert sorted(build(paths, cache).parsed_files) == paths


def test_added_file_rebuilds_from_scratch(tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    build(paths, cache)
    extra = Path(paths[0]).parent / "extra.py"
    extra.write_text("from .helpers import to_float\n\ndef g(t):\n    return to_float(t)\n")
    # The checked list is the same, but train.py now imports extra.py.
    train = next(p for p in paths if p.endswith("train.py"))
    Path(train).write_text("from . import extra\n" + FILES["pkg/train.py"])
    warm = build(paths, cache)
    assert state(warm, paths) == state(build(paths, None), paths)
    assert "pkg.extra:g" in warm.summaries


def _findings(paths: list[str], cache: Path | None) -> list[tuple[str, int, str]]:
    settings = resolve_settings(paths, None, Overrides(select=("ALL",)))
    from synclint.cache import ResultCache

    outcomes = check_paths(paths, settings, jobs=1,
                           cache=ResultCache(cache) if cache is not None else None)
    return sorted((d.filename, d.location.row, d.message)
                  for o in outcomes for d in o.result.diagnostics)


def test_findings_are_the_same_warm_and_cold_across_edits(
        tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    helpers = next(p for p in paths if p.endswith("helpers.py"))
    assert _findings(paths, cache) == _findings(paths, None)
    cached = _findings(paths, cache)
    assert any("to_float()" in message for _, _, message in cached)
    Path(helpers).write_text(FILES["pkg/helpers.py"].replace("return t.item()", "return t"))
    warm = _findings(paths, cache)
    assert warm == _findings(paths, None)
    assert not any("to_float()" in message for _, _, message in warm)


def test_replay_is_exact_across_processes(tree: tuple[list[str], Path]) -> None:
    """Another process hashes strings differently: the order of the fixed point, which
    the cache replays, must not depend on it."""
    paths, cache = tree
    script = ("import sys; from pathlib import Path\n"
              "from synclint.analysis.project import build_project_for_paths\n"
              "p = build_project_for_paths(sys.argv[2:], lambda x: x, Path(sys.argv[1]))\n"
              "print(len(p.parsed_files))\n")
    leaf = next(p for p in paths if p.endswith("leaf.py"))
    counts = []
    for seed, edit in (("1", None), ("2", "\ndef again(t):\n    return t\n"), ("3", None),
                       ("4", "\n# a comment\n")):
        if edit is not None:
            Path(leaf).write_text(Path(leaf).read_text() + edit)
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", script, str(cache), *paths], env=env,
                              capture_output=True, text=True, check=True)
        counts.append(int(done.stdout))
    assert counts == [len(paths), 2, 0, 1]
    assert state(build(paths, cache), paths) == state(build(paths, None), paths)


def test_no_cache_writes_no_index(tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    _findings(paths, None)
    assert not cache.exists()


PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"
#: Edits that leave what other modules read of the file unchanged when the summaries
#: are (no line moves): a warm run then parses the edited file only.
IN_PLACE = ("comment", "statement")


def edits(text: str) -> dict[str, str]:
    """Ways to edit one file: a comment at the end or at the top (every line moves); in
    the first function with a parameter, a statement added on a line (`; pass`), a
    new return kind (`return 1.5` under a test) and a new sync (`<param>.item()`)."""
    found: dict[str, str] = {"comment": text + "\n# edited\n", "comment above": "# edited\n" + text}
    lines = text.splitlines(keepends=True)
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)
                  if a.arg not in ("self", "cls")]
        first = node.body[0]
        if not params or first.lineno == node.lineno:
            continue
        indent = " " * first.col_offset
        at = first.lineno - 1

        def insert(code: str, at: int = at, indent: str = indent) -> str:
            return "".join([*lines[:at], *(indent + line + "\n" for line in code.split("\n")),
                            *lines[at:]])

        found["return kind"] = insert(f"if {params[0]} is None:\n    return 1.5")
        found["new sync"] = insert(f"{params[0]}.item()")
        simple = not isinstance(first, (ast.If, ast.For, ast.While, ast.With, ast.Try,
                                         ast.AsyncFor, ast.AsyncWith, ast.FunctionDef,
                                         ast.ClassDef, ast.AsyncFunctionDef))
        if simple and first.end_lineno == first.lineno and not isinstance(first, ast.Expr):
            end = lines[at].rstrip("\n")
            found["statement"] = "".join([*lines[:at], end + "; pass\n", *lines[at + 1:]])
        break
    return found


@pytest.fixture
def verified(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every evaluation the index cache replays is checked against one made afresh in
    the state of the moment (its module parsed on the side): the replay is exact at
    every step of the fixed point, not only in the end. Counts the checks."""
    recall = index_cache._Memo.recall
    checked = [0]

    def checking(self: index_cache._Memo, project: Project, function: _Function,
                 ) -> Evaluated | None:
        evaluated = recall(self, project, function)
        if evaluated is not None:
            fresh = project.evaluate_afresh(_with_tree(function))
            assert index_cache._same_result(evaluated, fresh), function.key
            checked[0] += 1
        return evaluated

    monkeypatch.setattr(index_cache._Memo, "recall", checking)
    return checked


def _with_tree(function: _Function) -> _Function:
    if function.definition is not None:
        return function
    text = Path(function.module.filename).read_text()
    found = _indexed(function.module.name, function.module.filename, text)[function.key]
    module = dataclasses.replace(function.module,
                                 default_device="set_default_device" in text)
    return dataclasses.replace(function, module=module, definition=found.definition,
                               annotations=found.annotations)


@functools.lru_cache(maxsize=64)
def _indexed(module: str, filename: str, text: str) -> dict[str, _Function]:
    tree = ast.parse(text)
    scratch = Project()
    scratch._index_body(_Module(module, filename, tree), tree.body, (), None)
    return scratch.functions


def test_every_multi_file_case_edited_indexes_the_same_warm_as_cold(
        tmp_path: Path, verified: list[int]) -> None:
    """The labelled whole-program cases (helpers, hooks, Lightning, attributes, ...):
    after each edit of `edits` (of one file per case; of every file with
    SYNCLINT_SLOW_TESTS=1) and after undoing it, the warm index equals the cold one,
    and the next run parses nothing. An edit in place that leaves every summary as it
    was parses the edited file only."""
    import shutil

    every_file = os.environ.get("SYNCLINT_SLOW_TESTS") == "1"
    cases = sorted(p for p in PRECISION.glob("*/*") if p.is_dir())
    assert len(cases) >= 70
    done: dict[str, int] = {}
    parsed_one: dict[str, int] = {}
    for number, case in enumerate(cases):
        root = tmp_path / str(number)
        shutil.copytree(case, root)
        cache = tmp_path / f"cache{number}"
        paths = sorted(str(p) for p in root.rglob("*.py"))
        build(paths, cache)
        before = build(paths, None)
        sources = [p for p in paths if "def " in Path(p).read_text()]
        edited = sources if every_file else [sources[number % len(sources)]]
        for path in edited:
            text = Path(path).read_text()
            kinds = edits(text)
            names = list(kinds)
            if not every_file:  # two kinds of edit per case, in turn
                names = [names[(number + step) % len(names)] for step in range(2)]
            for name in names:
                for undo, new in ((False, kinds[name]), (True, text)):  # edit, then undo
                    Path(path).write_text(new)
                    warm = build(paths, cache)
                    assert path in warm.parsed_files
                    cold = before if undo else build(paths, None)
                    expected = state(cold, paths)
                    assert state(warm, paths) == expected, (case, path, name, undo)
                    if name in IN_PLACE and cold.summaries == before.summaries:
                        assert warm.parsed_files == [path], (case, path, name, undo)
                        parsed_one[name] = parsed_one.get(name, 0) + 1
                    if not undo and name == names[0]:
                        again = build(paths, cache)
                        assert again.parsed_files == []
                        assert state(again, paths) == expected, (case, path, name)
                done[name] = done.get(name, 0) + 1
    assert len(done) == 5 and min(done.values()) >= 10, done
    assert min(parsed_one.values()) >= 10, parsed_one
    assert verified[0] > 500


def test_findings_are_the_same_warm_and_cold_after_each_kind_of_edit(
        tmp_path: Path) -> None:
    """Through `synclint check` (results cache and index cache): a case where a helper
    in another module syncs, edited in every way of `edits`."""
    import shutil

    case = PRECISION / "positive" / "syn101_wp_helper_in_loop"
    root = tmp_path / "case"
    shutil.copytree(case, root)
    paths = sorted(str(p) for p in root.rglob("*.py"))
    cache = tmp_path / "cache"
    assert _findings(paths, cache) == _findings(paths, None)
    helpers = next(p for p in paths if p.endswith("helpers.py"))
    text = Path(helpers).read_text()
    for changed in edits(text).values():
        for new in (changed, text):
            Path(helpers).write_text(new)
            assert _findings(paths, cache) == _findings(paths, None), new


def test_a_cached_index_gives_each_view_the_digest_a_fresh_one_does(tmp_path: Path) -> None:
    """The results cache is keyed by a view's digest: a warm run that computed another
    digest than the cold run for an unchanged project lints every such file again. Two
    things differed: the display name of a nested compiled function (`outer.inner` fresh,
    `inner` from the cache) and the order of a class's attribute classes (as assigned
    fresh, sorted in the cache)."""
    files = {
        "pkg/__init__.py": "",
        "pkg/model.py": (
            "import torch\n\n\n"
            "class Part:\n    pass\n\n\n"
            "class Model(torch.nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.zeta = Part()\n"
            "        self.alpha = Part()\n\n"
            "    def forward(self, x):\n"
            "        return x\n\n\n"
            "def outer(x):\n"
            "    @torch.compile\n"
            "    def inner(y):\n"
            "        return y * 2\n"
            "    return inner(x)\n"
        ),
    }
    paths = write_tree(tmp_path / "src", files)
    cache = tmp_path / "cache"
    fresh = build(paths, cache)
    cached = build(paths, cache)
    assert cached.parsed_files == []
    for path in paths:
        assert cached.view(path) == fresh.view(path), path


def test_a_cached_index_keeps_the_argparse_options_a_fresh_one_finds(tmp_path: Path) -> None:
    """The options a module declares (`model/options.py`) and those its text reads come
    back from the index cache: a warm run's views give the same defaults, and a changed
    declaration in one module changes the view of another that reads it."""
    files = {
        "pkg/__init__.py": "",
        "pkg/train.py": (
            "import argparse\n\n\n"
            "def parser():\n"
            "    p = argparse.ArgumentParser()\n"
            "    p.add_argument('--use-cbhg', default=False)\n"
            "    return p\n"
        ),
        "pkg/model.py": (
            "import torch\n\n\n"
            "class Model(torch.nn.Module):\n"
            "    def __init__(self, args):\n"
            "        super().__init__()\n"
            "        self.use_cbhg = args.use_cbhg\n"
        ),
    }
    paths = write_tree(tmp_path / "src", files)
    model = next(p for p in paths if p.endswith("model.py"))
    cache = tmp_path / "cache"
    fresh = build(paths, cache)
    cached = build(paths, cache)
    assert cached.parsed_files == []
    assert cached.view(model).options == fresh.view(model).options == {"use_cbhg": "False"}
    assert cached.view(model).digest == fresh.view(model).digest
    train = next(p for p in paths if p.endswith("train.py"))
    Path(train).write_text(files["pkg/train.py"].replace("default=False", "default=True"))
    warm = build(paths, cache)
    assert warm.view(model).options == build(paths, None).view(model).options == \
        {"use_cbhg": "True"}
