"""The `synclint` command line: check, fix, clean, rule, rules, profile."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from synclint import __version__
from synclint.config import ConfigError, Overrides, resolve_settings
from synclint.files import STDIN, discover
from synclint.files_io import SourceError
from synclint.report import FORMATS, render
from synclint.report.text import render_statistics, summary_line
from synclint.rules import ALL_RULES

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
F = TypeVar("F", bound=Callable[..., Any])


def _split_codes(_ctx: click.Context, _param: click.Parameter,
                 values: Sequence[str]) -> tuple[str, ...] | None:
    if not values:
        return None
    return tuple(c.strip() for value in values for c in value.split(",") if c.strip())


def _lint_options(function: F) -> F:
    """The options `check` and `fix` share."""
    options = [
        click.argument("paths", nargs=-1, type=click.Path()),
        click.option("--select", multiple=True, callback=_split_codes, metavar="CODES",
                     help="Rule codes or prefixes to enable, replacing the configured set "
                          "(comma-separated; ALL for every rule)."),
        click.option("--extend-select", multiple=True, callback=_split_codes, metavar="CODES",
                     help="Rule codes or prefixes to enable in addition to the configured set."),
        click.option("--ignore", multiple=True, callback=_split_codes, metavar="CODES",
                     help="Rule codes or prefixes to disable."),
        click.option("--unsafe-fixes/--no-unsafe-fixes", "unsafe_fixes", default=None,
                     help="Also apply fixes that may change behaviour (and show them as fixable)."),
        click.option("--diff", is_flag=True,
                     help="Print the fixes as a unified diff instead of writing them; exit 1 if "
                          "there would be changes."),
        click.option("--output-format", type=click.Choice(FORMATS), default="text",
                     show_default=True, help="How findings are printed."),
        click.option("-o", "--output-file", type=click.Path(dir_okay=False),
                     help="Write the findings to this file instead of standard output."),
        click.option("--statistics", is_flag=True, help="Print the number of findings per rule."),
        click.option("--exit-zero", is_flag=True,
                     help="Exit 0 even if findings remain (errors still exit 2)."),
        click.option("--no-cache", is_flag=True, help="Do not read or write the cache."),
        click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path),
                     default=None, envvar="SYNCLINT_CACHE_DIR",
                     help="Where to keep cached results (default: .synclint_cache/ next to "
                          "the configuration, or in the current directory)."),
        click.option("--config", type=click.Path(dir_okay=False, path_type=Path),
                     help="Read [tool.synclint] from this file instead of the nearest "
                          "pyproject.toml."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
                     help="Worker processes (default: the number of CPUs)."),
        click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary."),
        click.option("--stdin-filename", metavar="PATH",
                     help="The file name to report (and match per-file-ignores against) "
                          "for source read from '-'."),
        click.option("--force-exclude", is_flag=True,
                     help="Apply excludes to files named on the command line too "
                          "(for pre-commit)."),
        click.option("--show-fixes", is_flag=True, help="List the fixes that were applied."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="synclint")
def main() -> None:
    """Find and fix the PyTorch patterns that stall the GPU or blow up its memory.

    Exit codes: 0 nothing found (or all fixed), 1 findings remain, 2 usage,
    configuration or internal error.
    """


@main.command()
@_lint_options
@click.option("--fix", is_flag=True, help="Apply safe fixes (and unsafe ones with --unsafe-fixes).")
@click.option("--add-noqa", is_flag=True,
              help="Append `# noqa: CODE` to the line of every finding (a baseline to adopt "
                   "synclint in a large code base); exit 0.")
@click.option("--exit-non-zero-on-fix", is_flag=True,
              help="With --fix: exit 1 when any file was changed, even if nothing remains.")
def check(fix: bool, **options: Any) -> None:
    """Check PATHS (files, directories, or - for standard input; default: .)."""
    sys.exit(_run(fix=fix, **options))


@main.command("fix")
@_lint_options
@click.option("--exit-non-zero-on-fix", is_flag=True,
              help="Exit 1 when any file was changed, even if nothing remains (pre-commit).")
def fix_command(**options: Any) -> None:
    """Apply fixes to PATHS: the same as `synclint check --fix`."""
    sys.exit(_run(fix=True, **options))


def _run(*, paths: tuple[str, ...], fix: bool, select: tuple[str, ...] | None,
         extend_select: tuple[str, ...] | None, ignore: tuple[str, ...] | None,
         unsafe_fixes: bool | None, diff: bool, output_format: str, output_file: str | None,
         statistics: bool, exit_zero: bool, no_cache: bool, cache_dir: Path | None,
         config: Path | None,
         jobs: int | None, quiet: bool, stdin_filename: str | None, force_exclude: bool,
         show_fixes: bool, add_noqa: bool = False, exit_non_zero_on_fix: bool = False) -> int:
    from synclint.runner import FixOptions, all_diagnostics, check_paths, decode_stdin

    targets = list(paths) or ["."]
    try:
        settings = resolve_settings(
            [stdin_filename] if targets == [STDIN] and stdin_filename else targets,
            config,
            Overrides(select=select, extend_select=extend_select or (), ignore=ignore or (),
                      unsafe_fixes=unsafe_fixes),
        )
    except ConfigError as error:
        click.echo(f"error: {error}", err=True)
        return EXIT_ERROR
    for target in targets:
        if target != STDIN and not os.path.lexists(target):
            click.echo(f"error: {target}: no such file or directory", err=True)
            return EXIT_ERROR
    stdin_text = None
    if STDIN in targets:
        try:
            stdin_text = decode_stdin(sys.stdin.buffer.read(), stdin_filename or "-")
        except SourceError as error:
            click.echo(f"error: {error}", err=True)
            return EXIT_ERROR
    fix_options = None
    if fix or diff:
        fix_options = FixOptions(unsafe=settings.unsafe_fixes, write=not diff)
    files = list(discover(targets, settings, force_exclude=force_exclude))
    cache = None
    if not no_cache and fix_options is None:
        from synclint.cache import ResultCache, default_cache_dir

        cache = ResultCache(cache_dir if cache_dir is not None else default_cache_dir(settings.root))
    if add_noqa and (fix_options is not None or STDIN in targets):
        click.echo("error: --add-noqa cannot be combined with --fix, --diff or stdin", err=True)
        return EXIT_ERROR
    from synclint import progress as progress_bar

    bar = (progress_bar.ProgressBar(len(files))
           if progress_bar.wanted(len(files), output_format) else None)
    try:
        outcomes = check_paths(files, settings, jobs=jobs, fix=fix_options,
                               stdin_text=stdin_text, stdin_name=stdin_filename, cache=cache,
                               progress=bar)
    finally:
        if bar is not None:
            bar.close()
    if add_noqa:
        from synclint.noqa import add_noqa_to_files

        return add_noqa_to_files(outcomes, quiet=quiet)
    diagnostics = all_diagnostics(outcomes)
    if not settings.unsafe_fixes:
        from dataclasses import replace

        from synclint.diagnostics import Applicability

        diagnostics = [
            replace(d, fix=None) if d.fix is not None
            and d.fix.applicability is Applicability.UNSAFE else d
            for d in diagnostics
        ]

    # -- output ------------------------------------------------------------------------
    if diff:
        text = "".join(o.diff for o in outcomes)
        _write(text, output_file)
        changed = sum(1 for o in outcomes if o.changed)
        if not quiet:
            count = sum(sum(o.fixed.values()) for o in outcomes)
            click.echo(f"Would fix {count} error{'s' if count != 1 else ''} in "
                       f"{changed} file{'s' if changed != 1 else ''}." if changed
                       else "No fixes available.", err=True)
        _print_errors(outcomes)
        if any(e.internal for o in outcomes for e in o.result.errors):
            return EXIT_ERROR
        return EXIT_FINDINGS if changed else EXIT_CLEAN
    for outcome in outcomes:
        if outcome.fixed_text is not None:
            sys.stdout.write(outcome.fixed_text)  # fix of stdin: the fixed source on stdout
    if statistics:
        _write(render_statistics(diagnostics), output_file)
    elif not (fix and STDIN in targets):
        _write(render(output_format, diagnostics), output_file)
    fixed = sum(sum(o.fixed.values()) for o in outcomes)
    if show_fixes and fixed and not quiet:
        for outcome in outcomes:
            for code, count in sorted(outcome.fixed.items()):
                click.echo(f"Fixed {count} × {code} in {outcome.result.filename}", err=True)
    _print_errors(outcomes)
    if output_format == "text" and not quiet:
        fixable = sum(1 for d in diagnostics if d.fix is not None)
        unchecked = sum(1 for o in outcomes if o.result.errors)
        line = summary_line(len(diagnostics), fixable, fixed, unchecked)
        if line:
            click.echo(line, err=True)
    if any(e.internal for o in outcomes for e in o.result.errors):
        return EXIT_ERROR
    if exit_non_zero_on_fix and any(o.changed for o in outcomes):
        return EXIT_FINDINGS
    if exit_zero:
        return EXIT_CLEAN
    has_errors = any(o.result.errors for o in outcomes)
    return EXIT_FINDINGS if diagnostics or has_errors else EXIT_CLEAN


def _print_errors(outcomes: Sequence[Any]) -> None:
    for outcome in outcomes:
        for error in outcome.result.errors:
            click.echo(f"error: {error.filename}: {error.message}", err=True)


def _write(text: str, output_file: str | None) -> None:
    if output_file is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    with open(output_file, "w", encoding="utf-8") as handle:
        handle.write(text)


@main.command()
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              envvar="SYNCLINT_CACHE_DIR", help="The cache directory to remove.")
@click.option("--config", type=click.Path(dir_okay=False, path_type=Path),
              help="The configuration whose directory holds the cache.")
def clean(cache_dir: Path | None, config: Path | None) -> None:
    """Remove the cache directory (.synclint_cache/)."""
    from synclint.cache import clear, default_cache_dir

    if cache_dir is None:
        try:
            settings = resolve_settings(["."], config, Overrides())
        except ConfigError as error:
            click.echo(f"error: {error}", err=True)
            sys.exit(EXIT_ERROR)
        cache_dir = default_cache_dir(settings.root)
    try:
        removed = clear(cache_dir)
    except OSError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_ERROR)
    click.echo(f"Removed {cache_dir}" if removed else f"No cache at {cache_dir}", err=True)


@main.command()
@click.argument("code")
def rule(code: str) -> None:
    """Print the documentation page of rule CODE."""
    from synclint.docs import rule_page

    code = code.upper()
    if code not in ALL_RULES:
        click.echo(f"error: unknown rule code {code!r}; `synclint rules` lists them", err=True)
        sys.exit(EXIT_ERROR)
    page = rule_page(code)
    if page is None:
        click.echo(f"error: no documentation page for {code}", err=True)
        sys.exit(EXIT_ERROR)
    click.echo(page.rstrip("\n"))


@main.command("rules")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def rules_command(output_format: str) -> None:
    """List every rule, grouped by the kind of stall, with its default state and fixability."""
    from synclint.rules.base import GROUPS

    if output_format == "json":
        import json

        click.echo(json.dumps([
            {"code": code, "name": r.name, "group": r.group, "summary": r.summary,
             "default": r.default_enabled, "fixable": r.fixable}
            for code, r in ALL_RULES.items()
        ], indent=2))
        return
    click.echo(f"{'code':<8}{'name':<28}{'default':<9}{'fix':<5}summary")
    order = {group: index for index, group in enumerate(GROUPS)}
    for group in sorted({r.group for r in ALL_RULES.values()}, key=lambda g: order.get(g, 99)):
        click.echo(f"\n{group}")
        for code, r in ALL_RULES.items():
            if r.group == group:
                click.echo(f"{code:<8}{r.name:<28}{'on' if r.default_enabled else 'off':<9}"
                           f"{'yes' if r.fixable else 'no':<5}{r.summary}")


@main.command()
def server() -> None:
    """Run the language server (LSP) over stdio, for editors; needs synclint[lsp]."""
    try:
        from synclint.lsp import serve
    except ImportError as error:
        click.echo(f"error: the language server needs pygls ({error}); "
                   "install it with: pip install 'synclint[lsp]'", err=True)
        sys.exit(EXIT_ERROR)
    serve()


def _register_profile() -> None:
    from synclint.profile_command import profile

    main.add_command(profile)


_register_profile()


if __name__ == "__main__":  # pragma: no cover
    main()
