"""Whole-program findings through the command line: JSON, SARIF, one file, the cache."""

from __future__ import annotations

import json

from tests.cli.conftest import Cli

HELPERS = "import torch\n\n\ndef to_float(t):\n    return t.item()\n"
CLEAN_HELPERS = "import torch\n\n\ndef to_float(t):\n    return t.detach()\n"
TRAIN = (
    "import torch\n\nfrom .helpers import to_float\n\n\n"
    "def norms(model: torch.nn.Module):\n"
    "    return [to_float(p.norm()) for p in model.parameters()]\n"
)


def _project(cli: Cli, helpers: str = HELPERS) -> None:
    cli.write("pkg/__init__.py", "")
    cli.write("pkg/helpers.py", helpers)
    cli.write("pkg/train.py", TRAIN)


def test_json_carries_the_call_chain_as_related_locations(cli: Cli) -> None:
    _project(cli)
    result = cli("check", "--no-cache", "--output-format", "json", ".")
    assert result.exit_code == 1, result.output
    (finding,) = json.loads(result.stdout)
    assert finding["filename"] == "pkg/train.py"
    assert finding["message"] == (
        "`to_float()` reads a tensor on the host (helpers.py:5), once per iteration")
    assert finding["related"] == [{"filename": "pkg/helpers.py",
                                   "location": {"row": 5, "column": 12},
                                   "message": "the sync: `.item()`"}]


def test_sarif_carries_related_locations(cli: Cli) -> None:
    _project(cli)
    result = cli("check", "--no-cache", "--output-format", "sarif", ".")
    (run,) = json.loads(result.stdout)["runs"]
    (sarif,) = run["results"]
    (related,) = sarif["relatedLocations"]
    location = related["physicalLocation"]
    assert location["artifactLocation"]["uri"].endswith("pkg/helpers.py")
    assert location["region"]["startLine"] == 5
    assert related["message"]["text"] == "the sync: `.item()`"


def test_checking_one_file_indexes_what_it_imports(cli: Cli) -> None:
    _project(cli)
    result = cli("check", "--no-cache", "pkg/train.py")
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith("pkg/train.py:7:13: SYN101 `to_float()` reads")


DOTTED_TRAIN = (
    "import torch\n\nimport pkg.{module}\n\n\n"
    "def norms(model: torch.nn.Module):\n"
    "    return [pkg.{module}.to_float(p.norm()) for p in model.parameters()]\n"
)


def test_a_dotted_import_reaches_the_helper_from_one_checked_file(cli: Cli) -> None:
    # `import pkg.helpers` then `pkg.helpers.to_float(...)`: the checked file's index
    # reads pkg/helpers.py, as it does for `from pkg import helpers`.
    _project(cli)
    cli.write("train.py", DOTTED_TRAIN.format(module="helpers"))
    for paths in (["train.py"], ["."]):
        result = cli("check", "--no-cache", "--output-format", "json", *paths)
        found = [(f["filename"], f["location"]["row"], f["code"])
                 for f in json.loads(result.stdout)]
        assert ("train.py", 7, "SYN101") in found, paths


def test_a_dotted_import_of_a_helper_that_does_not_sync_stays_silent(cli: Cli) -> None:
    _project(cli)
    cli.write("pkg/clean.py", CLEAN_HELPERS)
    cli.write("train.py", DOTTED_TRAIN.format(module="clean"))
    result = cli("check", "--no-cache", "train.py")
    assert result.exit_code == 0, result.output


FALLBACK_TRAIN = (
    "import torch\n\ntry:\n    import fast_ops as ops\nexcept ImportError:\n"
    "    import helpers as ops\n\n\n"
    "def norms(model: torch.nn.Module):\n"
    "    return [ops.to_float(p.norm()) for p in model.parameters()]\n"
)


def test_an_import_fallback_is_followed_until_the_tried_module_joins_the_tree(
        cli: Cli) -> None:
    # `fast_ops` is an optional package the tree lacks: `ops` is helpers.py, whose
    # `to_float` syncs. Once fast_ops.py is in the tree, it is what imports (warm runs too).
    cli.write("helpers.py", HELPERS)
    cli.write("train.py", FALLBACK_TRAIN)
    for _ in range(2):  # cold, then warm from the index cache
        result = cli("check", "train.py")
        assert result.exit_code == 1 and "train.py:10:13: SYN101" in result.stdout
    fast = cli.write("fast_ops.py", CLEAN_HELPERS)
    for _ in range(2):
        assert cli("check", "train.py").exit_code == 0
    fast.unlink()
    assert cli("check", "train.py").exit_code == 1


def test_cached_result_is_stale_when_a_callee_changes(cli: Cli) -> None:
    _project(cli, CLEAN_HELPERS)
    assert cli("check", ".").exit_code == 0
    assert cli("check", ".").exit_code == 0  # warm
    cli.write("pkg/helpers.py", HELPERS)  # train.py itself is unchanged
    result = cli("check", ".")
    assert result.exit_code == 1 and "pkg/train.py:7:13: SYN101" in result.stdout
    result = cli("check", ".")  # warm again, from the cache
    assert result.exit_code == 1 and "pkg/train.py:7:13: SYN101" in result.stdout


SYNCING_UTILS = "import torch\n\n\ndef evaluate(actor):\n    return actor().cuda().sum().item()\n"
HOST_UTILS = "def evaluate(actor):\n    return 0.0\n"
SCRIPT = ("from utils import evaluate\n\n\ndef main(actor, loader):\n"
          "    for batch in loader:\n        print(evaluate(actor))\n")


def test_a_script_imports_the_module_beside_it_when_folders_share_module_names(
        cli: Cli) -> None:
    # Two script folders (no `__init__.py`) each hold a `utils.py`: Python puts a script's
    # folder first on sys.path, so each script calls its own folder's `evaluate`.
    cli.write("a2c/utils.py", SYNCING_UTILS)
    cli.write("a2c/a2c.py", SCRIPT)
    cli.write("ppo/utils.py", HOST_UTILS)
    cli.write("ppo/ppo.py", SCRIPT)
    for order in (["a2c", "ppo"], ["ppo", "a2c"]):
        result = cli("check", "--no-cache", "--output-format", "json", *order)
        assert [(f["filename"], f["location"]["row"]) for f in json.loads(result.stdout)] \
            == [("a2c/a2c.py", 6)], order


SCHEDULE = (
    "import torch\n\n\n"
    "class Schedule:\n"
    "    def __init__(self, device):\n"
    "        self._lr = torch.zeros((), device=device)\n\n"
    "    @property\n"
    "    def lr(self) -> float:\n"
    "        return self._lr.item()\n"
)
READS = (
    "from .schedule import Schedule\n\n\n"
    "def lrs(sched: Schedule, steps: int) -> list:\n"
    "    return [sched.lr for _ in range(steps)]\n"
)


def test_a_sync_in_a_property_getter_is_reported_at_the_read_with_the_getter(
        cli: Cli) -> None:
    cli.write("pkg/__init__.py", "")
    cli.write("pkg/schedule.py", SCHEDULE)
    cli.write("pkg/reads.py", READS)
    for paths in (["."], ["pkg/reads.py"]):  # the property's class comes with its import
        result = cli("check", "--no-cache", "--output-format", "json", *paths)
        assert result.exit_code == 1, result.output
        (finding,) = json.loads(result.stdout)
        assert (finding["filename"], finding["code"]) == ("pkg/reads.py", "SYN101")
        assert (finding["location"]["row"], finding["location"]["column"]) == (
            READS.splitlines().index("    return [sched.lr for _ in range(steps)]") + 1,
            READS.splitlines()[-1].index("sched.lr") + 1)
        assert "`Schedule.lr`" in finding["message"] and len(finding["message"]) <= 100
        assert [(r["filename"], r["location"]["row"]) for r in finding["related"]] == [
            ("pkg/schedule.py", SCHEDULE.splitlines().index(
                "        return self._lr.item()") + 1)]


def test_a_property_returning_a_python_number_is_no_finding(cli: Cli) -> None:
    cli.write("pkg/__init__.py", "")
    cli.write("pkg/schedule.py", SCHEDULE.replace("return self._lr.item()",
                                                  "return 0.1 * 2"))
    cli.write("pkg/reads.py", READS)
    result = cli("check", "--no-cache", ".")
    assert result.exit_code == 0, result.output
