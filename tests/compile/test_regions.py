"""Compiled regions from the model of the program, and `graph_break` on the findings in
them: what a user who compiles a function or a model sees."""

from __future__ import annotations

import json
from pathlib import Path

from synclint.analysis.project import build_project, build_project_for_paths
from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source, lint_sources
from synclint.rules import ALL_RULES

ALL = set(ALL_RULES)

MODEL = """import torch
from torch import nn

from helpers import read_scale


class Block(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * x.sum().item()


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.block = Block()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return read_scale(self.block(x))


def evaluate(x: torch.Tensor) -> float:
    return x.sum().item()
"""
HELPERS = """import torch


def read_scale(x: torch.Tensor) -> torch.Tensor:
    s = x.abs().max().item()
    return x / s


@torch.compiler.disable
def log_stats(x: torch.Tensor) -> None:
    print(x.mean().item())
"""


def _regions(sources: dict[str, str]) -> dict[str, str]:
    modules = {name: name.removesuffix(".py") for name in sources}
    project = build_project(sources, modules)
    return {key: region.root for key, region in project.regions.functions.items()}


def test_a_compiled_model_reaches_its_submodules_and_helpers_across_modules() -> None:
    train = "import torch\nfrom model import Net\n\ndef main():\n    model = Net()\n" \
            "    model = torch.compile(model)\n"
    regions = _regions({"model.py": MODEL, "helpers.py": HELPERS, "train.py": train})
    assert regions == {"model:Net.forward": "Net.forward", "model:Block.forward": "Net.forward",
                       "helpers:read_scale": "Net.forward"}


def test_every_way_of_compiling_is_found() -> None:
    ways = {
        "torch.compile(Net())": "model:Net.forward",
        "m = Net()\n    m.compile()": "model:Net.forward",
        "self_model = torch.compile(evaluate)": "model:evaluate",
    }
    for code, key in ways.items():
        train = f"import torch\nfrom model import Net, evaluate\n\ndef main():\n    {code}\n"
        assert key in _regions({"model.py": MODEL, "helpers.py": HELPERS, "train.py": train}), code


def test_bound_methods_and_submodules_given_to_torch_compile() -> None:
    source = ("import torch\nfrom torch import nn\n\nclass Encoder(nn.Module):\n"
              "    def forward(self, x):\n        return x\n\nclass Runner(nn.Module):\n"
              "    def __init__(self):\n        super().__init__()\n"
              "        self.encoder = Encoder()\n"
              "        self.step_fn = torch.compile(self._step)\n"
              "        self.enc = torch.compile(self.encoder, fullgraph=True)\n\n"
              "    def _step(self, x):\n        return x\n")
    assert _regions({"m.py": source}) == {"m:Runner._step": "Runner._step",
                                          "m:Encoder.forward": "Encoder.forward"}


def test_decorators_with_and_without_arguments_and_the_fullgraph_flag() -> None:
    source = ("import torch\n\n@torch.compile\ndef a(x):\n    return x\n\n"
              "@torch.compile(fullgraph=True, dynamic=False)\ndef b(x):\n    return x\n\n"
              "def c(x):\n    return x\n")
    project = build_project({"m.py": source}, {"m.py": "m"})
    found = project.regions.functions
    assert set(found) == {"m:a", "m:b"}
    assert not found["m:a"].fullgraph and found["m:b"].fullgraph


def test_disabled_functions_and_what_only_they_call_stay_eager() -> None:
    source = ("import torch\n\ndef inner(x):\n    return x\n\n@torch.compiler.disable\n"
              "def skipped(x):\n    return inner(x)\n\ndef also_skipped(x):\n    return x\n\n"
              "also_skipped = torch._dynamo.disable(also_skipped)\n\n@torch.compile\n"
              "def step(x):\n    return skipped(x) + also_skipped(x)\n")
    project = build_project({"m.py": source}, {"m.py": "m"})
    assert set(project.regions.functions) == {"m:step"}
    assert {"m:skipped", "m:also_skipped"} <= project.regions.disabled


def test_aliases_and_calls_split_over_lines_are_found_as_by_a_whole_walk() -> None:
    """`module_facts` walks only the lines that name a compiling call; every way of
    naming one must still be found, with the facts a walk of every expression gives."""
    import ast

    from synclint.analysis.compiled import module_facts
    from synclint.model.index import module_imports

    source = ("import torch\nfrom torch import compile as tc\n"
              "from torch._dynamo import disable as eager\n"
              "from torch._dynamo.config import patch as knobs\n"
              "import torch._dynamo.config as dyn_config\n\n"
              "def a(x):\n    return x\n\ndef b(x):\n    return x\n\n"
              "def c(x):\n    return x\n\n"
              "class Runner:\n    def __init__(self, net):\n        self.net = net\n"
              "        try:\n            pass\n        except ImportError:\n"
              "            self.fast = torch.\\\n                compile(\n"
              "                    b, fullgraph=True)\n\n"
              "fast_a = tc(a)\nslow_c = eager(c)\n"
              "with knobs(capture_scalar_outputs=True):\n    pass\n"
              "dyn_config.capture_dynamic_output_shape_ops = True\n\x0cnet = Net()\nnet.\\\ncompile()\n"
              # Definitions: a flag set in one, a decorator above one, nothing in another.
              "def configure():\n    torch._dynamo.config.capture_scalar_outputs = False\n"
              "@tc\n\ndef d(x):\n    return x\n"
              "class Quiet:\n    def run(self):\n        return 1\n")
    tree = ast.parse(source)
    imports = module_imports(tree, "m", "m.py", source)[0]

    def qualify(dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        full = imports.get(head, head)
        return f"{full}.{rest}" if rest else full

    whole = module_facts(tree, qualify)
    filtered = module_facts(tree, qualify, source, imports)
    assert filtered == whole
    assert {site.target for site in whole.sites} == {"a", "b", "net"}
    assert [name for name, _, _ in whole.decorated] == ["d"]
    assert whole.disabled_names == (("", "c"),)
    assert set(whole.flags) == {"capture_scalar_outputs", "capture_dynamic_output_shape_ops"}
    assert whole.unset == ("capture_scalar_outputs",)


def test_filtered_facts_equal_a_whole_walk_over_the_repository() -> None:
    """Every module of this repository that `may_compile`: the lines filter (and the
    definitions it skips) gives the facts a walk of everything gives."""
    import ast
    from pathlib import Path

    from synclint.analysis.compiled import may_compile, module_facts
    from synclint.model.index import module_imports

    root = Path(__file__).resolve().parents[2]
    compared = 0
    for path in sorted([*root.glob("synclint/**/*.py"), *root.glob("tests/**/*.py"),
                        *root.glob("benchmarks/precision/**/*.py")]):
        source = path.read_text(encoding="utf-8")
        if not may_compile(source):
            continue
        tree = ast.parse(source)
        imports = module_imports(tree, "m", str(path), source)[0]

        def qualify(dotted: str, imports: dict[str, str] = imports) -> str:
            head, _, rest = dotted.partition(".")
            full = imports.get(head, head)
            return f"{full}.{rest}" if rest else full

        assert module_facts(tree, qualify, source, imports) == module_facts(tree, qualify), path
        compared += 1
    assert compared > 50


def test_look_alikes_compile_nothing() -> None:
    source = ("import re\nimport torch\n\npattern = re.compile('x')\n\ndef f(x):\n"
              "    return x\n\ncode = compile('1', 'f', 'eval')\n")
    assert _regions({"m.py": source}) == {}


def _at(found: list[Diagnostic], row: int) -> list[Diagnostic]:
    return [d for d in found if d.location.row == row]


def test_graph_break_is_null_outside_compiled_code_and_set_inside() -> None:
    outputs = lint_sources({"model.py": MODEL, "helpers.py": HELPERS,
                            "train.py": "import torch\nfrom model import Net\n"
                                        "model = torch.compile(Net())\n"}, ALL)
    helper = outputs["helpers.py"].diagnostics
    compiled_read = _at(helper, 5)
    assert compiled_read and all(d.graph_break is True for d in compiled_read)
    assert compiled_read[0].graph_break_flag == "capture_scalar_outputs"
    # `log_stats` is disabled for the compiler: an eager function, no verdict.
    assert all(d.graph_break is None for d in _at(helper, 11))
    # `evaluate` is never compiled.
    assert all(d.graph_break is None for d in _at(outputs["model.py"].diagnostics, 22))


def _item_break(prefix: str, decorator: str = "@torch.compile") -> bool | None:
    source = (f"import torch\n{prefix}\n{decorator}\ndef f(x: torch.Tensor):\n"
              "    s = x.sum().item()\n    return x * s\n")
    found = [d for d in lint_source(source, "m.py", ALL).diagnostics if d.code == "SYN101"]
    assert found, source
    return found[0].graph_break


def test_the_projects_dynamo_flags_decide_the_verdict() -> None:
    assert _item_break("") is True
    assert _item_break("torch._dynamo.config.capture_scalar_outputs = True") is False
    assert _item_break("import torch._dynamo.config as dynamo_config\n"
                       "dynamo_config.capture_scalar_outputs = True") is False
    assert _item_break("", "@torch._dynamo.config.patch(capture_scalar_outputs=True)\n"
                           "@torch.compile") is False
    assert _item_break("torch._dynamo.config.capture_scalar_outputs = False") is True
    # The other flag does not help a scalar; fullgraph=True turns both on (torch 2.13).
    assert _item_break("torch._dynamo.config.capture_dynamic_output_shape_ops = True") is True
    assert _item_break("", "@torch.compile(fullgraph=True)") is False


def test_a_warm_run_keeps_the_regions_of_unchanged_modules(tmp_path: Path) -> None:
    (tmp_path / "model.py").write_text(MODEL, encoding="utf-8")
    (tmp_path / "helpers.py").write_text(HELPERS, encoding="utf-8")
    train = tmp_path / "train.py"
    train.write_text("import torch\nfrom model import Net\nmodel = torch.compile(Net())\n",
                     encoding="utf-8")
    paths = [str(tmp_path / name) for name in ("model.py", "helpers.py", "train.py")]
    cache = tmp_path / "cache"
    cold = build_project_for_paths(paths, cache_dir=cache)
    (tmp_path / "helpers.py").write_text(HELPERS + "\n# edited\n", encoding="utf-8")
    warm = build_project_for_paths(paths, cache_dir=cache)
    assert str(tmp_path / "train.py") not in warm.parsed_files  # came from the cache
    assert set(warm.regions.functions) == set(cold.regions.functions)
    assert len(warm.regions.functions) == 3


def test_json_sarif_and_text_carry_the_verdict(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from synclint.cli import main

    path = tmp_path / "step.py"
    path.write_text("import torch\n\n@torch.compile\ndef step(x: torch.Tensor):\n"
                    "    print('step')\n    n = (x > 0).sum().item()\n    return x * n\n\n"
                    "def eager(x: torch.Tensor):\n    return [t.item() for t in x]\n",
                    encoding="utf-8")
    runner = CliRunner()
    data = json.loads(runner.invoke(main, ["check", "--no-cache", "--output-format", "json",
                                           str(path)]).stdout)
    by_row = {d["location"]["row"]: d for d in data}
    assert by_row[5]["code"] == "SYN401" and by_row[5]["graph_break"] is True
    assert by_row[6]["graph_break_flag"] == "capture_scalar_outputs"
    assert by_row[10]["graph_break"] is None
    sarif = json.loads(runner.invoke(main, ["check", "--no-cache", "--output-format", "sarif",
                                            str(path)]).stdout)
    properties = [r.get("properties", {}) for r in sarif["runs"][0]["results"]]
    assert {"graphBreak": True, "graphBreakFlag": "capture_scalar_outputs"}.items() <= \
        properties[[r["locations"][0]["physicalLocation"]["region"]["startLine"]
                    for r in sarif["runs"][0]["results"]].index(6)].items()
    text = runner.invoke(main, ["check", "--no-cache", str(path)]).stdout
    lines = {line.split(":")[1]: line for line in text.splitlines()}
    assert lines["5"].endswith("[graph break]")
    assert lines["6"].endswith("[graph break; capture_scalar_outputs avoids it]")
    assert "graph break" not in lines["10"]


def test_the_batched_fix_stays_out_of_every_compiled_region() -> None:
    """README: code a compiler runs never gets the batched rewrite. A helper in another
    module is compiled when a compiled function calls it; called from eager code only, it
    keeps its fix."""
    helper = ("import torch\n\ndef norms(ts: list[torch.Tensor]) -> list[float]:\n"
              "    return [t.norm().item() for t in ts]\n")
    compiled = "import torch\nfrom helper import norms\n\n@torch.compile\ndef step(ts):\n" \
               "    return norms(ts)\n"
    eager = "import torch\nfrom helper import norms\n\ndef step(ts):\n    return norms(ts)\n"
    for caller, fixed in ((compiled, False), (eager, True)):
        outputs = lint_sources({"helper.py": helper, "train.py": caller}, ALL)
        found = [d for d in outputs["helper.py"].diagnostics if d.code == "SYN101"]
        assert found and (found[0].fix is not None) == fixed, caller
        if not fixed:
            assert "torch.compile" in (found[0].help or "")
