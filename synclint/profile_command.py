"""`synclint profile`: run a script under the sync counter and list its sync sites."""

from __future__ import annotations

import os
import runpy
import sys
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from synclint.profile_data import (
    Frame,
    Profile,
    Site,
    code_for_kind,
    digests,
    files_of,
    shown_frame_file,
)

if TYPE_CHECKING:
    from synclint.runtime import SyncReport

#: Callers shown under each site in the text table (JSON has the whole stack).
_SHOWN_CALLERS = 3
#: A shell's code for a process ended by Ctrl-C (128 + SIGINT), as `synclint` uses.
EXIT_INTERRUPTED = 130


def _run(target: str, is_module: bool, argv: list[str]) -> int:
    """Run like `python SCRIPT` / `python -m MODULE` would, returning the exit code.

    Ctrl-C (KeyboardInterrupt) propagates: the caller reports what was measured so far."""
    saved_argv, saved_path, saved_cwd = sys.argv[:], sys.path[:], os.getcwd()
    sys.argv = [target, *argv]
    # `python SCRIPT` puts the script's directory first on sys.path; `python -m MODULE`
    # the current directory (so that `-m pkg.train` finds `pkg` where the user stands).
    sys.path.insert(0, saved_cwd if is_module else os.path.dirname(os.path.abspath(target)))
    try:
        if is_module:
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:
            runpy.run_path(target, run_name="__main__")
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # the script's own failure: report it as Python would
        _print_script_traceback(error)
        return 1
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
        os.chdir(saved_cwd)  # sites are shown relative to where the run started
    return 0


#: Frames of the machinery that runs the script, which `python SCRIPT` would not show.
_RUNNER_FILES = (os.path.dirname(os.path.abspath(__file__)) + os.sep, runpy.__file__,
                 "<frozen runpy>")


def _print_script_traceback(error: BaseException) -> None:
    """The traceback of the script's exception from the script's first frame on, as
    `python SCRIPT` prints it (synclint's and runpy's frames left out)."""
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename.startswith(_RUNNER_FILES):
        tb = tb.tb_next
    traceback.print_exception(type(error), error, tb)


def build_profile(report: SyncReport, cwd: str | None = None, *, static: bool = True) -> Profile:
    """The report's sites grouped by kind and call stack, each with its rule code.

    Relative file names (a script run by its relative path) are resolved against `cwd`,
    the directory the run started in; files are shown relative to the current directory
    when under it. With `static`, each site says whether `synclint check` reports it.
    """
    from synclint.runtime.events import StackFrame

    base = cwd if cwd is not None else os.getcwd()
    # Count on the recorded stacks first (one shared tuple per distinct stack), then
    # convert each distinct one once: a long run has many events and few sites.
    counts: Counter[tuple[str, tuple[StackFrame, ...]]] = Counter()
    ops: dict[tuple[str, tuple[StackFrame, ...]], str] = {}
    for event in report.events:
        key = (event.kind,
               event.stack or (StackFrame(event.file, event.line, event.function),))
        counts[key] += 1
        ops.setdefault(key, event.op)
    merged: Counter[tuple[str, tuple[Frame, ...]]] = Counter()
    merged_ops: dict[tuple[str, tuple[Frame, ...]], str] = {}
    for (kind, frames), n in counts.items():
        stack = tuple(Frame(shown_frame_file(f.file, base), f.line, f.function) for f in frames)
        merged[(kind, stack)] += n
        merged_ops.setdefault((kind, stack), ops[(kind, frames)])
    # Most syncs first; ties keep the order of first occurrence (a stable sort).
    ordered = sorted(merged.items(), key=lambda item: -item[1])
    sites = [
        Site(file=stack[0].file, line=stack[0].line, function=stack[0].function, kind=kind,
             count=n, code=code_for_kind(kind, merged_ops[(kind, stack)]), static=False,
             stack=stack)
        for (kind, stack), n in ordered
    ]
    if static and sites:
        sites = with_static_codes(sites)
    return Profile(total=report.total, backend=report.backend, sites=tuple(sites),
                   files=digests(files_of(sites)))


def with_static_codes(sites: Sequence[Site]) -> list[Site]:
    """The sites with `static` (whether `synclint check`, run here in-process, reports
    each) and `code`: the code of the finding that reports it; where none does, SYN199
    (what `check --runtime` reports there), or the kind's own rule when that rule is
    switched off for the file (SYN103 by default: silenced on purpose).

    The files of the sites' stacks are checked with the configuration `check` would find,
    except installed libraries (site-packages), which nobody checks.
    """
    from synclint.config import ConfigError, Overrides, resolve_settings
    from synclint.join import RUNTIME_ONLY, covering_codes
    from synclint.runner import all_diagnostics, check_paths

    files = [f for f in files_of(sites) if f.endswith(".py") and os.path.isfile(f)
             and not _installed(f)]
    if not files:
        return list(sites)
    try:
        settings = resolve_settings(files, None, Overrides())
    except ConfigError as error:
        click.echo(f"warning: cannot tell which sites `synclint check` reports: {error}",
                   err=True)
        return list(sites)
    diagnostics = all_diagnostics(check_paths(files, settings, jobs=1))
    found = covering_codes(diagnostics, sites)
    result = []
    for site, code in zip(sites, found, strict=True):
        if code is not None:
            result.append(replace(site, static=True, code=code))
        elif site.code in settings.codes_for(site.file):
            result.append(replace(site, static=False, code=RUNTIME_ONLY))
        else:
            result.append(replace(site, static=False))
    return result


def _installed(path: str) -> bool:
    parts = os.path.normpath(os.path.abspath(path)).split(os.sep)
    return "site-packages" in parts or "dist-packages" in parts


def render_table(profile: Profile) -> str:
    """The sites as a table, most syncs first, each with its callers below it."""
    header = ("kind", "site", "function", "count", "code", "static")
    rows = [(s.kind, f"{s.file}:{s.line}", s.function, str(s.count), s.code,
             "yes" if s.static else "no") for s in profile.sites]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row, site in zip([header, *rows], [None, *profile.sites]):
        cells = [cell.rjust(w) if i == 3 else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
        if site is not None:
            indent = " " * (widths[0] + 2)
            lines.extend(f"{indent}called from {f.file}:{f.line} ({f.function})"
                         for f in site.stack[1:_SHOWN_CALLERS + 1])
    blind = sum(s.count for s in profile.sites if not s.static)
    syncs = f"{profile.total} host sync{'' if profile.total == 1 else 's'}"
    sites = f"{len(profile.sites)} site{'' if len(profile.sites) == 1 else 's'}"
    summary = f"synclint profile: {syncs} at {sites} ({profile.backend})"
    if blind:
        summary += f"; {blind} at sites `synclint check` does not report"
    lines.append(summary)
    return "\n".join(lines) + "\n"


@click.command(
    "profile",
    context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False},
    short_help="Run a script or module and list the host syncs it makes.",
)
@click.option("-m", "module", metavar="MODULE", help="Run a module, as `python -m MODULE`.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How the sync sites are reported.")
@click.option("--json", "as_json", is_flag=True, help="The same as --output-format json.")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False),
              help="Write the report to this file instead of standard error (needed for "
                   "JSON, which would be mixed with the script's own output).")
@click.option(
    "--backend",
    type=click.Choice(["auto", "emulated", "cuda"]),
    default="auto",
    show_default=True,
    help="CUDA's sync debug mode, or the whole-program emulator (the default without a GPU).",
)
@click.option("--compile", "compiled", is_flag=True,
              help="Record the graph breaks torch.compile makes instead of the syncs, each "
                   "joined to the rule that predicts it (SYN499 when none does).")
# `fix --verify` compares counts only: linting every stack file twice would be wasted.
@click.option("--no-static", "no_static", is_flag=True, hidden=True)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def profile(
    ctx: click.Context, module: str | None, output_format: str, as_json: bool,
    output_file: str | None, backend: str, compiled: bool, no_static: bool,
    args: tuple[str, ...]
) -> None:
    """Run SCRIPT [ARGS]... (or -m MODULE [ARGS]...) and list the host syncs it makes
    (with --compile: the graph breaks torch.compile makes).

    Without a GPU every tensor counts as a device tensor unless it came from a host
    conversion, so the script is profiled as if it ran on the GPU. Each site gets the
    rule code a finding there would carry, its call stack, and whether `synclint check`
    reports it. The script's output and exit code pass through untouched: the report goes
    to standard error, or to --output-file (a JSON profile for `synclint check --runtime`,
    with the SHA-256 of each file, so that a later edit is noticed). Ctrl-C stops the
    script, reports what was measured until then and exits 130.
    """
    if module is None and not args:
        raise click.UsageError("give a SCRIPT to run, or -m MODULE")
    as_json = as_json or output_format == "json"
    if as_json and output_file is None:
        # The script owns stdout and stderr: JSON written to either would be mixed with
        # its output and could not be parsed. Refused before the script runs.
        raise click.UsageError("a JSON profile needs -o FILE: the script's own output goes "
                               "to stdout and stderr, where JSON would be mixed with it")
    target, argv = (module, list(args)) if module is not None else (args[0], list(args[1:]))
    if module is None and not os.path.isfile(target):
        raise click.UsageError(f"no such script: {target}")
    if compiled:
        exit_code, text = _profile_breaks(target, module is not None, argv, no_static,
                                          as_json)
        _emit(ctx, text, output_file)
        ctx.exit(exit_code)
    try:
        from synclint.runtime import count_syncs

        region = count_syncs(backend, whole_program=True)  # type: ignore[arg-type]
        report = region.__enter__()
    except (ImportError, RuntimeError) as exc:
        # No torch, or no GPU for --backend cuda: the environment, not the script (exit 2).
        click.echo(f"error: {exc}", err=True)
        ctx.exit(2)
    start_dir = os.getcwd()
    interrupted = False
    try:
        exit_code = _run(target, module is not None, argv)
    except KeyboardInterrupt:
        interrupted, exit_code = True, EXIT_INTERRUPTED
    finally:
        region.__exit__(None, None, None)
    sys.stdout.flush()
    if interrupted:
        click.echo("\nsynclint profile: interrupted; the syncs measured until then:", err=True)
    result = build_profile(report, start_dir, static=not no_static)
    text = result.dumps() if as_json else render_table(result)
    _emit(ctx, text, output_file)
    ctx.exit(exit_code)


def _profile_breaks(target: str, is_module: bool, argv: list[str], no_static: bool,
                    as_json: bool) -> tuple[int, str]:
    """Run the script with Dynamo's graph breaks recorded: its exit code and the report."""
    from synclint.profile_compile import build_break_profile, record, render_breaks

    try:
        import torch._dynamo  # noqa: F401
    except ImportError:
        # The environment, not the script: exit 2 with one line, as without --compile.
        click.echo("error: profile --compile needs PyTorch: pip install 'synclint[runtime]'",
                   err=True)
        click.get_current_context().exit(2)
    start_dir = os.getcwd()
    exit_code, breaks = record(lambda: _run(target, is_module, argv))
    sys.stdout.flush()
    result = build_break_profile(breaks, start_dir, static=not no_static)
    return exit_code, result.dumps() if as_json else render_breaks(result)


def _emit(ctx: click.Context, text: str, output_file: str | None) -> None:
    if output_file is None:
        click.echo(text, err=True, nl=False)
        return
    try:
        with open(output_file, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        click.echo(f"error: {output_file}: cannot write the profile: "
                   f"{error.strerror or error}", err=True)
        ctx.exit(2)
