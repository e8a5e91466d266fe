"""`synclint profile`: run a script under the sync counter and list its sync sites."""

from __future__ import annotations

import json
import os
import runpy
import sys
import traceback
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from synclint.runtime import SyncReport


def _run(target: str, is_module: bool, argv: list[str]) -> int:
    """Run like `python SCRIPT` / `python -m MODULE` would, returning the exit code."""
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    sys.argv = [target, *argv]
    if not is_module:
        sys.path.insert(0, os.path.dirname(os.path.abspath(target)))
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
    except BaseException:  # the script's own failure: report it as Python would
        traceback.print_exc()
        return 1
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
    return 0


def _table(report: SyncReport) -> str:
    rows = [(e.kind, f"{e.file}:{e.line}", e.function, str(n)) for e, n in report.by_location()]
    header = ("kind", "site", "function", "count")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    lines = [
        "  ".join(cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(r, widths)))
        for r in [header, *rows]
    ]
    lines.append(f"synclint profile: {report.total} host sync(s) at {len(rows)} site(s) ({report.backend})")
    return "\n".join(lines)


def _json(report: SyncReport, exit_code: int) -> str:
    sites = [
        {"kind": e.kind, "op": e.op, "file": e.file, "line": e.line, "function": e.function, "count": n}
        for e, n in report.by_location()
    ]
    return json.dumps(
        {"backend": report.backend, "total": report.total, "exit_code": exit_code, "sites": sites}
    )


@click.command(
    "profile",
    context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False},
)
@click.option("-m", "module", metavar="MODULE", help="Run a module, as `python -m MODULE`.")
@click.option("--json", "as_json", is_flag=True, help="Print the sites as JSON on stdout.")
@click.option(
    "--backend",
    type=click.Choice(["auto", "emulated", "cuda"]),
    default="auto",
    show_default=True,
    help="CUDA's sync debug mode, or the whole-program emulator (the default without a GPU).",
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def profile(
    ctx: click.Context, module: str | None, as_json: bool, backend: str, args: tuple[str, ...]
) -> None:
    """Run SCRIPT [ARGS]... (or -m MODULE [ARGS]...) and list the host syncs it makes.

    Without a GPU every tensor counts as a device tensor unless it came from a host
    conversion, so the script is profiled as if it ran on the GPU. The script's output
    and exit code pass through; the table goes to stderr (JSON to stdout with --json).
    """
    if module is None and not args:
        raise click.UsageError("give a SCRIPT to run, or -m MODULE")
    target, argv = (module, list(args)) if module is not None else (args[0], list(args[1:]))
    if module is None and not os.path.isfile(target):
        raise click.UsageError(f"no such script: {target}")
    try:
        from synclint.runtime import count_syncs
    except ImportError as exc:  # pragma: no cover - synclint.runtime itself needs no torch
        raise click.ClickException(str(exc)) from exc
    try:
        region = count_syncs(backend, whole_program=True)  # type: ignore[arg-type]
        report = region.__enter__()
    except (ImportError, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from exc
    try:
        exit_code = _run(target, module is not None, argv)
    finally:
        region.__exit__(None, None, None)
    sys.stdout.flush()
    if as_json:
        click.echo(_json(report, exit_code))
    else:
        click.echo(_table(report), err=True)
    ctx.exit(exit_code)
