"""mutmut's survivors that its forked runs cannot exercise, tested again in a fresh process.

Usage: python benchmarks/fresh_mutants.py --workdir DIR [--tests PATH ...] [NAME ...]

mutmut forks each mutant's test run from a process that has imported synclint and run the
tests once. Code that runs when a module is imported (click's option decorators, built by
`cli._lint_options`) or whose effect that process keeps (`profile`, registered on its first
use, which `_Group.list_commands` then lists anyway) is never run mutated there, so its
mutants survive whatever the tests say. This script takes the survivors of such functions
(FRESH) from the work directory of an earlier `benchmarks/mutation.py` run, or the mutants
named, writes each one's change (from `mutmut show`) into a scratch copy of the checkout,
and runs the tests in a new process (benchmarks/hand_mutants.py's runner): killed,
survived, or stale when the mutated text is not found exactly once. A mutant counts as
killed only if the same tests pass on the unmutated copy (then a run they cannot finish,
as when the mutated module no longer imports, is a kill too). Report these kills apart from
mutmut's own ("killed in a fresh process").
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hand_mutants import CLI_TESTS, Mutant, _pytest, run  # noqa: E402
from mutation import _module_of, copy_checkout, results  # noqa: E402

#: The tests that read the options and the command list (all of tests/cli takes ~13 min a
#: mutant on two shared cores): the option forms, --help, the exit codes, the cache's folder.
CLI_OPTION_TESTS = ("tests/cli/test_empty_and_help.py", "tests/cli/test_help_texts.py",
                    "tests/cli/test_option_forms.py", "tests/cli/test_options.py",
                    "tests/cli/test_empty_selectors.py", "tests/cli/test_exit_codes.py",
                    "tests/cli/test_check.py", "tests/speed/test_cache.py", "--deselect",
                    CLI_TESTS[-1])
#: module -> (the functions whose mutants mutmut's forked runs cannot exercise, the tests
#: that run them in a fresh process). events._verdict decides once per code object, and
#: the forking process has already decided for the code of torch its tests ran.
FRESH: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "synclint.cli": (("_lint_options", "_register_profile", "ǁ_Groupǁlist_commands",
                      "ǁ_Groupǁget_command"), CLI_OPTION_TESTS),
    "synclint.runtime.events": (("_verdict",), ("tests/runtime/test_one_sync_per_call.py",)),
}


def function_of(name: str) -> tuple[str, str]:
    """(module, function) of a mutmut mutant name: `synclint.cli.x__lint_options__mutmut_3`
    -> ("synclint.cli", "_lint_options"); methods read `ǁClassǁmethod`."""
    module = _module_of(name)
    rest = name[len(module) + 2:].rsplit("__mutmut_", 1)[0]  # after ".x"
    return module, rest[1:] if rest.startswith("_") else rest


def as_mutant(workdir: Path, name: str, tests: tuple[str, ...]) -> Mutant:
    """The mutant's change as exact text: its diff's old and new lines (mutmut prints a
    method's source one level dedented; the caller tries both)."""
    shown = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=workdir,
                           capture_output=True, text=True, check=True).stdout
    old: list[str] = []
    new: list[str] = []
    in_hunk = False
    for line in shown.splitlines():
        if line.startswith("@@"):
            in_hunk = True
            continue
        if not in_hunk or line.startswith(("---", "+++")):
            continue
        if line.startswith(("-", " ")):
            old.append(line[1:])
        if line.startswith(("+", " ")):
            new.append(line[1:])
    module, _ = function_of(name)
    return Mutant(name, module.rsplit(".", 1)[-1], module.replace(".", "/") + ".py",
                  "\n".join(old) + "\n", "\n".join(new) + "\n", tests, "mutmut: " + name)


def _indented(mutant: Mutant) -> Mutant:
    def indent(text: str) -> str:
        return "".join(f"    {line}" if line.strip() else line
                       for line in text.splitlines(keepends=True))

    return Mutant(mutant.id, mutant.area, mutant.file, indent(mutant.old), indent(mutant.new),
                  mutant.tests, mutant.what)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workdir", type=Path, required=True)
    parser.add_argument("--tests", nargs="+", help="default: FRESH's tests of the module")
    parser.add_argument("names", nargs="*", help="default: the survivors of FRESH's functions")
    args = parser.parse_args(argv)
    names = args.names or sorted(
        name for name, status in results(args.workdir).items()
        if status == "survived"
        and function_of(name)[1] in FRESH.get(function_of(name)[0], ((), ()))[0])
    modules = {function_of(name)[0] for name in names}
    if not args.tests and len(modules) > 1:
        parser.error("mutants of several modules: run them one module at a time, or --tests")
    tests = tuple(args.tests or (FRESH.get(modules.pop(), ((), ()))[1] if modules else ()))
    if not tests:
        parser.error("no tests for these mutants: give --tests")
    counts = {"killed": 0, "survived": 0, "stale": 0, "error": 0}
    with tempfile.TemporaryDirectory(prefix="synclint-fresh-mutants-") as temp:
        copy = Path(temp)
        copy_checkout(copy)
        env = {**os.environ, "PYTHONPATH": str(copy)}
        clean = _pytest(tests, copy, env)
        if clean.returncode != 0:
            print(f"the tests fail without a mutant: {clean.stdout.strip().splitlines()[-1]}")
            return 2
        for name in names:
            mutant = as_mutant(args.workdir, name, tests)
            text = (copy / mutant.file).read_text(encoding="utf-8")
            if text.count(mutant.old) != 1 and text.count(_indented(mutant).old) == 1:
                mutant = _indented(mutant)
            verdict, detail, seconds = run(mutant, copy, env)
            if verdict == "error":  # the tests pass unmutated: the mutant broke their run
                verdict, detail = "killed", f"the tests could not run: {detail.strip()[:120]}"
            counts[verdict] += 1
            print(f"{verdict:<9} {name}  {seconds:5.1f} s  {detail}", flush=True)
    print(", ".join(f"{status} {n}" for status, n in counts.items())
          + f" of {len(names)} mutants, tested in a fresh process")
    return 0 if counts["killed"] == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())
