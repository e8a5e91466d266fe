"""Hand mutants of the model: the mistakes issue 21 names (narrowing, device inference),
each applied to a copy of the checkout; the model's tests must fail on every one.

Usage: python benchmarks/hand_mutants_model.py [--tests PATH ...] [--workdir DIR] [--only NAME]

For each mutant: copy the checkout (tracked and untracked, not ignored, files) to the work
directory, replace one piece of code (it must occur exactly once), run the tests there
(`pytest -x`), and report killed (a test failed: its name is printed) or survived. The
unmutated copy is tested first and must pass. Exits 1 when a mutant survives.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.mutation import copy_checkout  # noqa: E402


class Mutant(NamedTuple):
    name: str
    path: str
    old: str
    new: str
    what: str


NARROWING = "synclint/model/narrowing.py"
CALLS = "synclint/model/calls.py"
METHODS = "synclint/model/methods.py"
MUTANTS = [
    Mutant("narrowing-not", NARROWING, "        return fails, holds\n",
           "        return holds, fails\n",
           "`not` no longer swaps what a test proves in each branch"),
    Mutant("narrowing-and", NARROWING,
           "            return {k: v for part in parts for k, v in part[0].items()}, {}\n",
           "            return {}, {}\n", "`a and b` proves nothing of its operands"),
    Mutant("narrowing-or", NARROWING,
           "        return {}, {k: v for part in parts for k, v in part[1].items()}\n",
           "        return {}, {}\n", "`a or b` failing proves nothing of its operands"),
    Mutant("narrowing-keeps-host", NARROWING, "            true[name] = current  #",
           "            true[name] = TENSOR  #",
           "isinstance(cpu_tensor, torch.Tensor) makes a device tensor"),
    Mutant("narrowing-else", NARROWING, "        false[name] = UNKNOWN\n    elif",
           "        pass\n    elif", "a tensor stays a tensor where isinstance(.., Tensor) fails"),
    Mutant("narrowing-shadowed", NARROWING,
           '        if shadowed("isinstance"):\n            return _NONE\n', "",
           "a local `isinstance` is read as the builtin"),
    Mutant("narrowing-host-class", NARROWING,
           "        return None if shadowed(node.id) else HOST\n",
           "        return None if shadowed(node.id) else TENSOR\n",
           "isinstance(x, float) proves a tensor"),
    Mutant("narrowing-device-test", NARROWING,
           "    if isinstance(test.ops[0], ast.Eq):\n        return on_cpu[1], on_cpu[0]\n",
           "    if isinstance(test.ops[0], ast.Eq):\n        return _NONE\n",
           '`t.device.type == "cpu"` proves nothing'),
    Mutant("narrowing-device-test-not-equal", NARROWING,
           "    return on_cpu\n\n\ndef _on_device", "    return on_cpu[1], on_cpu[0]\n\n\ndef _on_device",
           '`t.device.type != "cpu"` proves a CPU tensor where it holds'),
    Mutant("device-zeros-like", CALLS,
           "                return (base if base in TENSORS else TENSOR, None)\n",
           "                return (TENSOR, None)\n",
           "zeros_like/empty_like/ones_like of a CPU tensor is a device tensor"),
    Mutant("device-cpu-index", "synclint/model/syntax.py",
           '        return node.value.split(":")[0] == "cpu"\n',
           '        return node.value == "cpu"\n', '"cpu:0" is not the CPU'),
    Mutant("device-arange", CALLS,
           "            # **kwargs)`, whose caller's keywords may name a device.\n"
           "            return (HOST_TENSOR, None)\n",
           "            # **kwargs)`, whose caller's keywords may name a device.\n"
           "            return (TENSOR, None)\n",
           "a factory without device= (torch.arange(n)) is a device tensor"),
    Mutant("device-loop-over-host", "synclint/analysis/kinds.py",
           "    if kind is HOST_TENSOR:\n        return HOST_TENSOR\n    if kind is NUMPY:",
           "    if kind is HOST_TENSOR:\n        return TENSOR\n    if kind is NUMPY:",
           "a loop over a CPU tensor yields device tensors"),
    Mutant("device-cpu-method", METHODS,
           '        if method == "cpu":\n            return (HOST_TENSOR, None)\n',
           '        if method == "cpu":\n            return (TENSOR, None)\n',
           "`.cpu()` is a device tensor"),
    Mutant("device-to-cpu", METHODS,
           "                device = HOST_TENSOR if _is_cpu(value) else TENSOR\n",
           "                device = TENSOR\n", '`.to("cpu")` is a device tensor'),
    Mutant("device-torch-device", "synclint/model/syntax.py",
           "    if isinstance(node, ast.Call) and node.args:\n        return _is_cpu(node.args[0])\n",
           "", 'torch.device("cpu") is not the CPU'),
    Mutant("device-host-op", CALLS,
           "        if inputs and all(k is HOST_TENSOR for k in inputs):\n"
           "            return (HOST_TENSOR, None)\n", "",
           "an op of CPU tensors is a device tensor"),
    Mutant("device-moved-param", "synclint/model/evaluation.py",
           "        if returns_from in self.moved_params:\n            returns_from = None\n", "",
           "a helper that moves its argument to the device returns it on the host"),
    # stop 44's facts
    Mutant("later-exit", "synclint/model/host_data.py",
           "            if proved and _may_leave(statement):\n                break\n", "",
           "a `.numpy()` after an `if out.is_cuda: continue` proves the output host"),
    Mutant("later-plain", "synclint/model/host_data.py",
           "(proved or _plain_value(assigned[1]))", "True",
           "a layer's output moved on to the next GPU is host before the move"),
    Mutant("carried-kept", "synclint/model/carried.py",
           "        else:\n            return None\n    return tuple(rest), first",
           "        else:\n            rest.append(index)\n    return tuple(rest), first",
           "`self.shapes = recv(self.shapes)` syncs on every iteration"),
    Mutant("cycle-uncut", "synclint/model/summaries.py",
           "    if call in chain:\n", "    if False:\n",
           "a chain round a cycle of calls grows on every evaluation"),
    Mutant("union-member", NARROWING, "        if isinstance(matched, (Seq, Mapping, Tup)):",
           "        if False:", "isinstance(y, dict) of `Tensor | dict[str, Tensor]` is any mapping"),
    Mutant("position-counter", "synclint/model/settings.py",
           "        if _judged_elsewhere(node.attr) and not _POSITION.search(node.attr):",
           "        if _judged_elsewhere(node.attr):",
           "`self.weights_index` is a step counter"),
    Mutant("none-by-setting", "synclint/model/settings.py",
           "        and _of_self(value.test)\n", "        and True\n",
           "`None if mask.any() else 0` is a setting"),
    # Stop 45's facts (fresh15/fresh16 patterns).
    Mutant("duck-movable", "synclint/model/duck.py",
           "            if 0 < len(having) <= MAX_CANDIDATES and not any(\n"
           "                    _movable(project, key) for key in having):\n",
           "            if 0 < len(having) <= MAX_CANDIDATES:\n",
           "a graph class that moves its tensors (`graph.cuda()`) gives host attributes"),
    Mutant("duck-device", "synclint/model/duck.py",
           "    return joined if joined in HOST_VALUES else None\n", "    return joined\n",
           "a duck-typed read gives a device tensor where it was unknown"),
    Mutant("duck-rebound", "synclint/model/duck.py",
           "        if name not in rebound and len(used[name]) >= 2",
           "        if len(used[name]) >= 2", "a parameter rebound in the body is still duck-typed"),
    Mutant("lazy-sole-store", "synclint/model/evaluation.py",
           "if sole_store(self.function.node, key, value):", "if True:",
           "an item stored again elsewhere keeps the lazy kind"),
    Mutant("proof-parameter", "synclint/model/proofs.py",
           "flow.env.get(arg.id) == _UNKNOWN_VALUE:",
           "flow.env.get(arg.id, _UNKNOWN_VALUE)[0] is UNKNOWN:",
           "a parameter given to torch.sum is proven a tensor for its callers' reads"),
    Mutant("collate-factory", "synclint/model/data_transforms.py",
           "            if any(_project_result(calls, child) for child in ast.walk(element)):\n",
           "            if False:\n",
           "a collate closure a project factory returns keeps the batches host"),
    Mutant("property-literal", "synclint/model/properties.py",
           "    return any(value is not None and not isinstance(value, ast.Constant) "
           "for value in returns)",
           "    return any(value is not None for value in returns)",
           "a getter returning a literal stub (`return 0`) overrides its Tensor annotation"),
]


def _pytest(workdir: Path, tests: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                           "-p", "no:xdist", *tests], cwd=workdir, capture_output=True,
                          text=True, check=False)


def _first_failure(output: str) -> str:
    for line in output.splitlines():
        if line.startswith("FAILED "):
            return line.removeprefix("FAILED ").split(" - ")[0]
    return "(no test named)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tests", nargs="+", default=["tests/model"])
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/synclint-hand-mutants"))
    parser.add_argument("--only", nargs="+", help="mutant names to run (default: all)")
    args = parser.parse_args(argv)
    if args.workdir.exists():
        shutil.rmtree(args.workdir)
    args.workdir.mkdir(parents=True)
    copy_checkout(args.workdir)
    baseline = _pytest(args.workdir, args.tests)
    if baseline.returncode != 0:
        print("the unmutated copy fails its tests:\n" + baseline.stdout[-3000:])
        return 2
    survived = 0
    chosen = [m for m in MUTANTS if not args.only or m.name in args.only]
    for mutant in chosen:
        path = args.workdir / mutant.path
        original = path.read_text(encoding="utf-8")
        count = original.count(mutant.old)
        if count != 1:
            print(f"{mutant.name}: the code to replace occurs {count} times in {mutant.path}")
            return 2
        path.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
        try:
            result = _pytest(args.workdir, args.tests)
        finally:
            path.write_text(original, encoding="utf-8")
        if result.returncode == 0:
            survived += 1
            print(f"SURVIVED {mutant.name} ({mutant.path}): {mutant.what}", flush=True)
        else:
            print(f"killed   {mutant.name} ({mutant.path}): {mutant.what}\n"
                  f"         by {_first_failure(result.stdout)}", flush=True)
    print(f"{len(chosen) - survived} of {len(chosen)} killed")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
