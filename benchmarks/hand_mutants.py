"""Hand mutants: plausible small mistakes in synclint, each run against the tests that cover it.

Usage: python benchmarks/hand_mutants.py [--only ID ...] [--list]

Each mutant in MUTANTS replaces one exact piece of text (found exactly once) in one module
of a scratch copy of the checkout (tracked and untracked, not ignored, files), runs the
named tests there with `python -m pytest -x`, and restores the module. A mutant is killed
when the tests fail, survived when they pass; a mutant whose text is not found (the code
moved) is reported as stale, never as killed. Prints one line per mutant and a table of
kills per area; exits 1 when a mutant survived or is stale.

These are the mistakes mutmut does not make (a dropped case, a wrong scope, a reset
instead of a decrement, a stale position table) and the ones an audit found the suite let
through; benchmarks/mutation.py runs mutmut's own operators.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from mutation import copy_checkout  # noqa: E402


@dataclass(frozen=True)
class Mutant:
    id: str
    area: str
    file: str
    old: str
    new: str
    tests: tuple[str, ...]
    what: str


RUNTIME_TESTS = ("tests/runtime/test_region_scopes.py", "tests/runtime/test_sync_cases.py",
                 "tests/runtime/test_regions.py", "tests/runtime/test_count_syncs.py")
TELEMETRY_TESTS = ("tests/telemetry",)
VERIFY_TESTS = ("tests/join/test_verify_runs.py", "tests/join/test_verify.py")
NOTEBOOK_TESTS = ("tests/cli/test_notebook_fix_results.py", "tests/cli/test_notebooks.py")
JOIN_TESTS = ("tests/join/test_join_rules.py", "tests/join/test_check_runtime.py")
#: test_real_ctrl_c_exits_130_without_traceback is left out: it sends SIGINT 1.5 s after
#: starting a process, which on a loaded machine lands before Python's own handler exists.
CLI_TESTS = ("tests/cli", "--deselect",
             "tests/cli/test_errors.py::test_real_ctrl_c_exits_130_without_traceback")
RULE_TESTS = ("tests/linter",)
#: The options as typed (tests/cli/test_option_forms.py) and the cache's directory.
OPTION_TESTS = ("tests/cli/test_option_forms.py", "tests/speed/test_cache.py")

MUTANTS: tuple[Mutant, ...] = (
    # -- runtime --------------------------------------------------------------------------
    Mutant("allow-depth-reset", "runtime", "synclint/runtime/recording.py",
           "        state.allow_depth -= 1", "        state.allow_depth = 0", RUNTIME_TESTS,
           "leaving a nested allow_syncs resets the depth instead of undoing one level"),
    Mutant("allow-counts-at-zero", "runtime", "synclint/runtime/recording.py",
           "allowed = thread_state().allow_depth > 0", "allowed = thread_state().allow_depth >= 0",
           RUNTIME_TESTS, "every sync counts as allowed"),
    Mutant("fresh-emulator", "runtime", "synclint/runtime/emulated.py",
           "emulator = current if current is not None and current.active else Emulator(whole_program)",
           "emulator = Emulator(whole_program)", RUNTIME_TESTS,
           "a nested region gets its own emulator"),
    Mutant("copy-non-blocking", "runtime", "synclint/runtime/emulated.py",
           "if self.is_host(dst) and self.is_device(src) and not non_blocking:",
           "if self.is_host(dst) and self.is_device(src):", RUNTIME_TESTS,
           "host.copy_(dev, non_blocking=True) counted as a sync"),
    Mutant("mask-store-device-scalar", "runtime", "synclint/runtime/emulated.py",
           "            and values.numel() == 1\n            and self.is_host(values)\n",
           "            and values.numel() == 1\n", RUNTIME_TESTS,
           "t[mask] = <one-element device tensor> taken for masked_fill_ (no sync)"),
    Mutant("mask-store-accumulate", "runtime", "synclint/runtime/emulated.py",
           "            not accumulate\n            and len(indices) == 1",
           "            len(indices) == 1", RUNTIME_TESTS,
           "index_put_ with accumulate=True taken for masked_fill_"),
    Mutant("to-non-blocking-read", "runtime", "synclint/runtime/emulated.py",
           "        if not non_blocking:\n            # A non-blocking copy",
           "        if True:\n            # A non-blocking copy", RUNTIME_TESTS,
           ".to('cpu', non_blocking=True) counted as a sync"),
    Mutant("repeat-interleave-output-size", "runtime", "synclint/runtime/emulated.py",
           'and kwargs.get("output_size") is None', 'and kwargs.get("output_size") is not None',
           RUNTIME_TESTS, "repeat_interleave syncs only when given output_size"),
    Mutant("by-site-least-first", "runtime", "synclint/runtime/events.py",
           "insertion order.\n        ordered = sorted(counts.items(), key=lambda item: -item[1])",
           "insertion order.\n        ordered = sorted(counts.items(), key=lambda item: item[1])",
           RUNTIME_TESTS,
           "by_site() lists the least frequent site first"),
    # -- telemetry ------------------------------------------------------------------------
    Mutant("flags-in-call-order", "telemetry", "synclint/telemetry.py",
           "    order = [i for idx in positions.values() for i in idx]",
           "    order = list(range(len(flags)))", TELEMETRY_TESTS,
           "flags read back per device but assigned in call order"),
    Mutant("flags-one-device", "telemetry", "synclint/telemetry.py",
           "        positions.setdefault(flag.device, []).append(i)",
           "        positions.setdefault(flags[0].device, []).append(i)", TELEMETRY_TESTS,
           "every flag stacked as if on the first one's device"),
    Mutant("stats-one-device", "telemetry", "synclint/telemetry.py",
           "        groups.setdefault(t.device, []).append(t)",
           "        groups.setdefault(None, []).append(t)", TELEMETRY_TESTS,
           "gradient statistics reduce tensors of several devices together"),
    # -- fix --verify ---------------------------------------------------------------------
    Mutant("verify-total-not-per-file", "verify", "synclint/verify.py",
           "    for file in sorted(set(old) | set(new)):\n        if new.get(file, 0) > old.get(file, 0):",
           "    for file in [\"total\"] if after.profile.total > before.profile.total else []:\n"
           "        if True:", VERIFY_TESTS,
           "the total is compared instead of each file's syncs"),
    Mutant("verify-no-pythonpath", "verify", "synclint/verify.py",
           'env["PYTHONPATH"] = os.pathsep.join(p for p in (str(cwd), env.get("PYTHONPATH")) if p)',
           "pass", VERIFY_TESTS, "the run's tree is not put on PYTHONPATH"),
    Mutant("verify-no-hash-seed", "verify", "synclint/verify.py",
           'env.setdefault("PYTHONHASHSEED", "0")', "pass", VERIFY_TESTS,
           "the two runs hash strings with different seeds"),
    Mutant("verify-exit-code-ignored", "verify", "synclint/verify.py",
           "    if before.exit_code != after.exit_code:\n        problems.append",
           "    if False:\n        problems.append", VERIFY_TESTS,
           "a changed exit code is not a difference"),
    Mutant("verify-absolute-path-unmapped", "verify", "synclint/verify.py",
           "            mapped.append(str(scratch / relative))",
           "            mapped.append(word)", VERIFY_TESTS,
           "an absolute script path runs the unfixed original in the after-run"),
    # -- notebooks ------------------------------------------------------------------------
    Mutant("notebook-rows-from-one", "notebook", "synclint/notebook.py",
           "cell, row = int(line[len(_CELL_MARK):]), 0",
           "cell, row = int(line[len(_CELL_MARK):]), 1", NOTEBOOK_TESTS,
           "rows of the fixed text counted from the marker line"),
    Mutant("notebook-stale-rows", "notebook", "synclint/fixing.py",
           "after = notebook.for_source(result.text)", "after = notebook", NOTEBOOK_TESTS,
           "findings left after fix placed with the unfixed text's rows"),
    Mutant("notebook-final-newline", "notebook", "synclint/notebook.py",
           '            restored = restored.rstrip("\\n") + ("\\n" if original.endswith("\\n") else "")\n',
           "", NOTEBOOK_TESTS, "a fixed cell keeps the joined text's newline"),
    Mutant("notebook-newline-dropped", "notebook", "synclint/notebook.py",
           '("\\n" if original.endswith("\\n") else "")', '""', NOTEBOOK_TESTS,
           "a fixed cell that ended with a newline loses it"),
    # -- join -----------------------------------------------------------------------------
    Mutant("join-single-syncs-reported", "join", "synclint/join.py",
           "MIN_REPEATED = 2", "MIN_REPEATED = 1", JOIN_TESTS,
           "a site that synced once becomes SYN199"),
    Mutant("join-column-at-indent", "join", "synclint/join.py",
           "    start = len(text) - len(text.lstrip()) + 1",
           "    start = len(text) - len(text.lstrip())", JOIN_TESTS,
           "SYN199's column points into the indentation"),
    Mutant("join-no-chain", "join", "synclint/join.py",
           "    if any(frame in span.related for frame in stack):\n        return True",
           "    if False:\n        return True", JOIN_TESTS,
           "a finding's call chain no longer covers the site it leads to"),
    Mutant("join-cheapest-first", "join", "synclint/join.py",
           "return sorted(diagnostics, key=lambda d: (-(d.runtime_syncs or 0),",
           "return sorted(diagnostics, key=lambda d: ((d.runtime_syncs or 0),", JOIN_TESTS,
           "findings listed cheapest first"),
    # -- command line ---------------------------------------------------------------------
    Mutant("cli-exit-zero-ignored", "cli", "synclint/cli.py",
           "    if run.exit_zero:\n        return EXIT_CLEAN\n    return EXIT_FINDINGS if",
           "    return EXIT_FINDINGS if", CLI_TESTS, "--exit-zero still exits 1"),
    # ("cli-unchecked-exit-0", dropping `or unchecked` from the last exit code, is equivalent
    # since a file synclint gives up on is a SYN001 finding and an internal error returns 2
    # before: it survived all of tests/cli, 13 min.)
    Mutant("cli-non-zero-on-fix-ignored", "cli", "synclint/cli.py",
           "    if run.exit_non_zero_on_fix and any(o.changed for o in outcomes):\n        return EXIT_FINDINGS\n",
           "", CLI_TESTS, "--exit-non-zero-on-fix exits 0 after fixing everything"),
    Mutant("cli-diff-exit-0", "cli", "synclint/cli.py",
           "        return EXIT_FINDINGS if changed else EXIT_CLEAN",
           "        return EXIT_CLEAN", CLI_TESTS, "--diff exits 0 when it would fix something"),
    # mutmut's own mutants of _lint_options and _register_profile, which its forked runs
    # cannot exercise (the options are built and `profile` registered before the fork):
    # here each module is imported afresh with the mutant in place.
    Mutant("cli-option-renamed", "cli", "synclint/cli.py",
           'click.option("--extend-select", multiple=True,',
           'click.option("XX--extend-selectXX", multiple=True,', CLI_TESTS,
           "mutmut _lint_options__mutmut_43: --extend-select renamed"),
    Mutant("cli-option-single", "cli", "synclint/cli.py",
           'click.option("--extend-select", multiple=True,',
           'click.option("--extend-select", multiple=False,', CLI_TESTS,
           "mutmut _lint_options__mutmut_45: --extend-select takes one value"),
    Mutant("cli-format-unchecked", "cli", "synclint/cli.py",
           'click.option("--output-format", type=click.Choice(FORMATS), default="text",',
           'click.option("--output-format", type=None, default="text",', CLI_TESTS,
           "mutmut _lint_options__mutmut_98: --output-format accepts anything"),
    Mutant("cli-short-o", "cli", "synclint/cli.py",
           'click.option("-o", "--output-file",', 'click.option("-O", "--output-file",',
           CLI_TESTS, "mutmut _lint_options__mutmut_125: -o spelled -O"),
    Mutant("cli-jobs-unchecked", "cli", "synclint/cli.py",
           'click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,',
           'click.option("-j", "--jobs", default=None,', CLI_TESTS,
           "mutmut _lint_options__mutmut_218: --jobs 0 accepted"),
    Mutant("cli-quiet-takes-a-value", "cli", "synclint/cli.py",
           'click.option("-q", "--quiet", is_flag=True,', 'click.option("-q", "--quiet", is_flag=False,',
           CLI_TESTS, "mutmut _lint_options__mutmut_242: -q expects a value"),
    Mutant("cli-ignore-undocumented", "cli", "synclint/cli.py",
           'help="Rule codes or prefixes to disable."),', "help=None),", CLI_TESTS,
           "mutmut _lint_options__mutmut_55: --ignore without help"),
    Mutant("cli-metavar-lower", "cli", "synclint/cli.py",
           'click.option("--select", multiple=True, callback=_split_selectors, metavar="CODES",',
           'click.option("--select", multiple=True, callback=_split_selectors, '
           'metavar="codes",',
           CLI_TESTS, "mutmut _lint_options__mutmut_26: --select's metavar in lower case"),
    Mutant("cli-help-shouting", "cli", "synclint/cli.py",
           'help="Print the number of findings per rule."),',
           'help="PRINT THE NUMBER OF FINDINGS PER RULE."),', CLI_TESTS,
           "mutmut _lint_options__mutmut_144: --statistics help in capitals"),
    Mutant("cli-profile-unregistered", "cli", "synclint/cli.py",
           "    main.add_command(profile)", "    main.add_command(None)", CLI_TESTS,
           "mutmut _register_profile__mutmut_1: `synclint profile` not registered"),
    # mutmut's survivors of the areas sample (seed 26) that its forked runs cannot exercise.
    Mutant("cli-format-choice-none", "cli", "synclint/cli.py",
           'click.option("--output-format", type=click.Choice(FORMATS), default="text",',
           'click.option("--output-format", type=click.Choice(None), default="text",',
           OPTION_TESTS, "mutmut _lint_options__mutmut_109: --output-format without choices"),
    Mutant("cli-exit-zero-help-xx", "cli", "synclint/cli.py",
           'help="Exit 0 even if findings remain (errors still exit 2)."),',
           'help="XXExit 0 even if findings remain (errors still exit 2).XX"),', OPTION_TESTS,
           "mutmut _lint_options__mutmut_154: --exit-zero's help wrapped in XX"),
    Mutant("cli-cache-envvar-lower", "cli", "synclint/cli.py",
           'default=None, envvar="SYNCLINT_CACHE_DIR",',
           'default=None, envvar="synclint_cache_dir",', OPTION_TESTS,
           "mutmut _lint_options__mutmut_186: SYNCLINT_CACHE_DIR not read"),
    Mutant("cli-cache-help-shouting", "cli", "synclint/cli.py",
           'help="Where to keep cached results and the whole-program index "',
           'help="WHERE TO KEEP CACHED RESULTS AND THE WHOLE-PROGRAM INDEX "', OPTION_TESTS,
           "mutmut _lint_options__mutmut_189: --cache-dir's help in capitals"),
    Mutant("cli-select-undocumented", "cli", "synclint/cli.py",
           '                     help="Rule codes or prefixes to enable, replacing the configured '
           'set "\n                          "(comma-separated; ALL for every rule)."),',
           "                     ),", OPTION_TESTS,
           "mutmut _lint_options__mutmut_21: --select without help"),
    Mutant("cli-extend-select-undocumented", "cli", "synclint/cli.py",
           'help="Rule codes or prefixes to enable in addition to the configured set."),',
           "help=None),", OPTION_TESTS,
           "mutmut _lint_options__mutmut_37: --extend-select without help"),
    # -- rules ----------------------------------------------------------------------------
    Mutant("syn101-no-numpy", "rules", "synclint/analysis/torch_api.py",
           '_declare(M, TM, "item tolist cpu numpy", Tag.READS_VALUES)',
           '_declare(M, TM, "item tolist cpu", Tag.READS_VALUES)', RULE_TESTS,
           ".numpy() is no host read for SYN101"),
    Mutant("syn101-no-device-keyword", "rules", "synclint/rules/sync_in_loop.py",
           'if arg.keyword is None or arg.keyword.value == "device":',
           "if arg.keyword is None:", RULE_TESTS, ".to(device='cpu') is no host read"),
    Mutant("syn101-non-blocking-read", "rules", "synclint/rules/sync_in_loop.py",
           "        if blocking is not None and not (", "        if False and not (",
           RULE_TESTS, ".to('cpu', non_blocking=True) reported as a sync"),
    Mutant("syn112-reports-logged-reads", "rules", "synclint/rules/separate_host_reads.py",
           "if not self.is_device_tensor(receiver) or logged_by_syn106(self.ctx, node):",
           "if not self.is_device_tensor(receiver):", RULE_TESTS,
           "SYN112 reports the reads SYN106 reports"),
    Mutant("syn104-mask-store-of-number", "rules", "synclint/rules/shape_sync_in_loop.py",
           "return not isinstance(statement, cst.Assign) or self.kind(statement.value) in TENSORS",
           "return True", RULE_TESTS, "t[mask] = 0.0 reported as a data-dependent shape"),
)


def _pytest(tests: tuple[str, ...], copy: Path,
            env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
        cwd=copy, env=env, capture_output=True, text=True, check=False)


def run(mutant: Mutant, copy: Path, env: dict[str, str]) -> tuple[str, str, float]:
    path = copy / mutant.file
    original = path.read_text(encoding="utf-8")
    if original.count(mutant.old) != 1:
        return "stale", f"text found {original.count(mutant.old)} times", 0.0
    path.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
    started = time.perf_counter()
    try:
        done = _pytest(mutant.tests, copy, env)
    finally:
        path.write_text(original, encoding="utf-8")
    seconds = time.perf_counter() - started
    failed = [line.split(" ", 1)[1] for line in done.stdout.splitlines()
              if line.startswith("FAILED ")]
    if done.returncode == 1 and failed:
        return "killed", failed[0].split(" - ")[0], seconds
    if done.returncode == 0:
        return "survived", done.stdout.strip().splitlines()[-1], seconds
    return "error", f"pytest exited {done.returncode}: {done.stdout[-300:]}", seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="ID")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.only or m.id in args.only]
    if args.list:
        for mutant in chosen:
            print(f"{mutant.area:<10} {mutant.id:<32} {mutant.what}")
        return 0
    verdicts: dict[str, Counter[str]] = {}
    with tempfile.TemporaryDirectory(prefix="synclint-hand-mutants-") as temp:
        copy = Path(temp)
        copy_checkout(copy)
        # Subprocesses the tests start import synclint from the copy too.
        env = {**os.environ, "PYTHONPATH": str(copy)}
        # A mutant is killed only by tests that pass without it.
        clean = {tests: _pytest(tests, copy, env) for tests in {m.tests for m in chosen}}
        for mutant in chosen:
            if clean[mutant.tests].returncode != 0:
                verdicts.setdefault(mutant.area, Counter())["error"] += 1
                print(f"{'error':<9} {mutant.area:<10} {mutant.id:<32} the tests fail without "
                      f"the mutant: {clean[mutant.tests].stdout.strip().splitlines()[-1]}",
                      flush=True)
                continue
            verdict, detail, seconds = run(mutant, copy, env)
            verdicts.setdefault(mutant.area, Counter())[verdict] += 1
            print(f"{verdict:<9} {mutant.area:<10} {mutant.id:<32} {seconds:5.1f} s  {detail}",
                  flush=True)
    print()
    print(f"{'area':<10} {'mutants':>7} {'killed':>6} {'survived':>8} {'other':>5}")
    total: Counter[str] = Counter()
    for area, counts in verdicts.items():
        total += counts
        other = sum(counts.values()) - counts["killed"] - counts["survived"]
        print(f"{area:<10} {sum(counts.values()):>7} {counts['killed']:>6} "
              f"{counts['survived']:>8} {other:>5}")
    other = sum(total.values()) - total["killed"] - total["survived"]
    print(f"{'all':<10} {sum(total.values()):>7} {total['killed']:>6} {total['survived']:>8} "
          f"{other:>5}")
    return 0 if total["killed"] == sum(total.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
