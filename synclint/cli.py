"""The `synclint` command line: check, fix, clean, rule, rules, profile."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from synclint import __version__
from synclint.report import FORMATS
from synclint.rule_info import RULES, did_you_mean, find_rule

if TYPE_CHECKING:
    from synclint.runner import FileOutcome

# Start-up matters (pre-commit and editors call synclint for every few files): this module
# imports only click and the rule metadata; LibCST, the rules and the engine load on the
# first file that is not in the cache (tests/cli/test_startup.py keeps it so).

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: A shell's code for a process ended by Ctrl-C (128 + SIGINT), as ruff and git exit.
EXIT_INTERRUPTED = 130
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class RunOptions:
    """What `synclint check` or `synclint fix` was asked (one field per option)."""

    paths: tuple[str, ...] = ()
    fix: bool = False
    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    unsafe_fixes: bool | None = None
    opt_in: bool | None = None
    once: bool | None = None
    diff: bool = False
    output_format: str = "text"
    output_file: str | None = None
    statistics: bool = False
    exit_zero: bool = False
    no_cache: bool = False
    cache_dir: Path | None = None
    config: Path | None = None
    jobs: int | None = None
    quiet: bool = False
    stdin_filename: str | None = None
    force_exclude: bool = False
    show_fixes: bool = False
    add_noqa: bool = False
    exit_non_zero_on_fix: bool = False
    fixable: tuple[str, ...] | None = None
    unfixable: tuple[str, ...] | None = None
    exclude: tuple[str, ...] | None = None
    extend_exclude: tuple[str, ...] | None = None
    show_files: bool = False
    show_settings: bool = False
    runtime: str | None = None


def _split_codes(_ctx: click.Context, _param: click.Parameter,
                 values: Sequence[str]) -> tuple[str, ...] | None:
    if not values:
        return None
    return tuple(c.strip() for value in values for c in value.split(",") if c.strip())


def _split_selectors(ctx: click.Context, param: click.Parameter,
                     values: Sequence[str]) -> tuple[str, ...] | None:
    """Rule selectors, comma-separated; an empty one (`--select ''`, `--select SYN1,`)
    selects nothing and is a usage error, as in ruff."""
    for value in values:
        if any(not part.strip() for part in value.split(",")):
            raise click.BadParameter(
                f"empty rule selector in {value!r}: give codes or prefixes "
                "(SYN101, SYN1, ALL)", ctx=ctx, param=param)
    return _split_codes(ctx, param, values)


def _lint_options(function: F) -> F:
    """The options `check` and `fix` share."""
    options = [
        click.argument("paths", nargs=-1, type=click.Path()),
        click.option("--select", multiple=True, callback=_split_selectors, metavar="CODES",
                     help="Rule codes or prefixes to enable, replacing the configured set "
                          "(comma-separated; ALL for every rule)."),
        click.option("--extend-select", multiple=True, callback=_split_selectors, metavar="CODES",
                     help="Rule codes or prefixes to enable in addition to the configured set."),
        click.option("--ignore", multiple=True, callback=_split_selectors, metavar="CODES",
                     help="Rule codes or prefixes to disable."),
        click.option("--unsafe-fixes/--no-unsafe-fixes", "unsafe_fixes", default=None,
                     help="Also apply fixes that may change behaviour (and show them as fixable)."),
        click.option("--opt-in/--no-opt-in", "opt_in", default=None,
                     help="Also report code that runs only when an option that is off by "
                          "default is on (`if self.cfg.kl_threshold:` with a default of 0); "
                          "the message names the option. Independent of --select."),
        click.option("--once/--no-once", "once", default=None,
                     help="Also report code that runs once per file or per command: "
                          "functions that write or read a file, command-line commands "
                          "(`@app.command()`); the message says why. Independent of "
                          "--select."),
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
                     help="Where to keep cached results and the whole-program index "
                          "(default: .synclint_cache/ next to "
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
        click.option("--fixable", multiple=True, callback=_split_selectors, metavar="CODES",
                     help="Only these codes or prefixes may be fixed (default: ALL)."),
        click.option("--unfixable", multiple=True, callback=_split_selectors, metavar="CODES",
                     help="These codes or prefixes are reported but never fixed."),
        click.option("--exclude", multiple=True, callback=_split_codes, metavar="PATTERNS",
                     help="Glob patterns to exclude, replacing the configured and default "
                          "ones (comma-separated)."),
        click.option("--extend-exclude", multiple=True, callback=_split_codes,
                     metavar="PATTERNS",
                     help="Glob patterns to exclude in addition to the configured ones."),
        click.option("--show-files", is_flag=True,
                     help="Print the files that would be checked, and exit."),
        click.option("--show-settings", is_flag=True,
                     help="Print the settings the files would be checked with, and exit."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


class _Group(click.Group):
    """click's group with the exit codes users expect: Ctrl-C exits 130 without a
    traceback or "Aborted!" (click's default exits 1, the code for findings)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("standalone_mode", True) is False:
            return super().main(*args, **kwargs)
        kwargs["standalone_mode"] = False
        try:
            result = super().main(*args, **kwargs)
        except (KeyboardInterrupt, click.Abort):
            _interrupted()
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        sys.exit(result if isinstance(result, int) else EXIT_CLEAN)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        if command is None and name == "profile":
            # Registered on first use: its module is not needed to lint.
            return _register_profile()
        return command

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), "profile"})


def _interrupted() -> None:
    # The shell has printed ^C already; a newline keeps its prompt on a line of its own.
    try:
        sys.stderr.write("\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    sys.exit(EXIT_INTERRUPTED)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="synclint")
def main() -> None:
    """Find and fix the PyTorch patterns that stall the GPU or blow up its memory.

    Exit codes: 0 nothing found (or all fixed), 1 findings remain, 2 usage,
    configuration or internal error, 130 interrupted (Ctrl-C).
    """


@main.command(short_help="Check files, folders or - (stdin) for patterns that stall the GPU.")
@_lint_options
@click.option("--fix", is_flag=True, help="Apply safe fixes (and unsafe ones with --unsafe-fixes).")
@click.option("--add-noqa", is_flag=True,
              help="Append `# noqa: CODE` to the line of every finding (a baseline to adopt "
                   "synclint in a large code base); exit 0.")
@click.option("--exit-non-zero-on-fix", is_flag=True,
              help="With --fix: exit 1 when any file was changed, even if nothing remains.")
@click.option("--runtime", "runtime", metavar="PROFILE.json",
              help="Join a runtime profile (`synclint profile --output-format json -o FILE`): "
                   "findings carry the syncs measured there, sorted by cost in text output, "
                   "and syncs no rule reports become SYN199 findings.")
def check(fix: bool, **options: Any) -> None:
    """Check PATHS (files, directories, or - for standard input; default: .)."""
    sys.exit(_run(RunOptions(fix=fix, **options)))


@main.command("fix", short_help="Apply the fixes: the same as `check --fix`.")
@_lint_options
@click.option("--exit-non-zero-on-fix", is_flag=True,
              help="Exit 1 when any file was changed, even if nothing remains (pre-commit).")
@click.option("--verify", "verify", metavar="COMMAND",
              help="Prove the fixes first: run COMMAND (`python SCRIPT ...` or `python -m "
                   "MODULE ...`) under the sync profiler here and in a scratch copy of the "
                   "current directory with the fixes applied; write them only if the exit "
                   "code and output are identical and no file syncs more. Prints a "
                   "before/after table. Exit 0 verified and written, 1 not verified (output, "
                   "exit code or syncs got worse; nothing written), 2 error.")
def fix_command(verify: str | None, **options: Any) -> None:
    """Apply fixes to PATHS: the same as `synclint check --fix`.

    With - (standard input) the source is printed on standard output, fixed or not, and
    the remaining findings go to standard error, as with `ruff check --fix -`.
    """
    if verify is not None:
        from synclint.verify import verify_command

        sys.exit(verify_command(verify, **options))
    sys.exit(_run(RunOptions(fix=True, **options)))


def _run(run: RunOptions) -> int:
    """`synclint check` and `synclint fix`: settings, paths and standard input, the run,
    then `_report`; the exit code."""
    from synclint.config import ConfigError, Overrides, resolve_settings
    from synclint.files import STDIN, discover
    from synclint.runner import FixOptions, all_diagnostics, check_paths
    from synclint.stdin_io import echo_source, read_stdin

    targets = list(run.paths) or ["."]
    try:
        settings = resolve_settings(
            [run.stdin_filename] if targets == [STDIN] and run.stdin_filename else targets,
            run.config,
            Overrides(select=run.select, extend_select=run.extend_select or (),
                      ignore=run.ignore or (), unsafe_fixes=run.unsafe_fixes,
                      opt_in=run.opt_in, once=run.once, extend_exclude=run.extend_exclude or (), exclude=run.exclude,
                      fixable=run.fixable, unfixable=run.unfixable or ()),
        )
    except ConfigError as error:
        click.echo(f"error: {error}", err=True)
        return EXIT_ERROR
    if run.show_settings:
        _write(_settings_text(settings), run.output_file)
        return EXIT_CLEAN
    if run.add_noqa and (run.fix or run.diff or STDIN in targets):
        click.echo("error: --add-noqa cannot be combined with --fix, --diff or stdin", err=True)
        return EXIT_ERROR
    # Every path that cannot be checked is named, and the others are still checked (the
    # run ends with exit 2 all the same).
    missing = 0
    present: list[str] = []
    for target in targets:
        problem = None if target == STDIN else _path_problem(target)
        if problem is None:
            present.append(target)
            continue
        click.echo(f"error: {target}: {problem}", err=True)
        missing += 1
    if not present:
        return EXIT_ERROR
    stdin_text = None
    stdin = None
    # `fix -` prints the source on stdout, fixed or not, and the findings on stderr.
    stdin_fix = run.fix and not run.diff and STDIN in present
    if STDIN in present:
        stdin = read_stdin(run.stdin_filename or STDIN)
        if stdin.file is None:
            click.echo(f"error: {stdin.name}: {stdin.problem}", err=True)
            if stdin_fix:
                echo_source(stdin, None)
            return EXIT_ERROR
        stdin_text = stdin.file.text
    profile = None
    if run.runtime is not None:
        if run.fix or run.diff or run.add_noqa:
            click.echo("error: --runtime cannot be combined with --fix, --diff or --add-noqa "
                       "(fixes move the lines the profile measured)", err=True)
            return EXIT_ERROR
        from synclint.profile_data import ProfileError, load_profile

        try:
            profile = load_profile(run.runtime)
        except ProfileError as error:
            click.echo(f"error: {error}", err=True)
            return EXIT_ERROR
        profile = _fresh_sites(profile)
    fix_options = None
    if run.fix or run.diff:
        fix_options = FixOptions(unsafe=settings.unsafe_fixes, write=not run.diff,
                                 fixable=settings.fixable)
    files = list(discover(present, settings, force_exclude=run.force_exclude))
    if not files and not run.quiet:
        # ruff's words: an empty folder, or everything excluded, is not a silent pass.
        click.echo("warning: No Python files found under the given path(s)", err=True)
    if run.show_files:
        _write("".join(f"{os.path.abspath(f) if f != STDIN else f}\n" for f in sorted(files)),
               run.output_file)
        return EXIT_ERROR if missing else EXIT_CLEAN
    cache = None
    if not run.no_cache and fix_options is None:
        from synclint.cache import ResultCache, default_cache_dir

        cache = ResultCache(run.cache_dir if run.cache_dir is not None
                            else default_cache_dir(settings.root))
    from synclint import progress as progress_bar

    bar = (progress_bar.ProgressBar(len(files))
           if progress_bar.wanted(len(files), run.output_format) else None)
    try:
        outcomes = check_paths(files, settings, jobs=run.jobs, fix=fix_options,
                               stdin_text=stdin_text, stdin_name=run.stdin_filename, cache=cache,
                               progress=bar)
    finally:
        if bar is not None:
            bar.close()
    if run.add_noqa:
        from synclint.noqa import add_noqa_to_files

        status = add_noqa_to_files(_noqa_targets(outcomes), quiet=run.quiet)
        return EXIT_ERROR if missing else status
    if not run.diff:
        # A file synclint gave up on is a SYN001 finding in every format (--diff, which
        # shows no findings, names it on stderr).
        outcomes = _given_up_as_findings(outcomes, settings)
    # JSON and SARIF carry every fix with its applicability; the text formats mark with
    # [*] only those this run's --fix would apply (safe ones, unsafe with --unsafe-fixes).
    diagnostics = all_diagnostics(outcomes)
    if settings.fixable is not None:
        # --unfixable codes are reported without a fix, in every format (as ruff does).
        from dataclasses import replace

        diagnostics = [d if d.fix is None or d.code in settings.fixable
                       else replace(d, fix=None) for d in diagnostics]
    if profile is not None:
        from synclint.join import by_cost, join_profile

        diagnostics = join_profile(diagnostics, profile, [f for f in files if f != STDIN],
                                   settings.codes_for)
        if run.output_format == "text":
            diagnostics = by_cost(diagnostics)
    unsafe = settings.unsafe_fixes
    broken = any(e.internal for o in outcomes for e in o.result.errors) or missing > 0
    return _report(run, outcomes, diagnostics, _Input(stdin, stdin_text, stdin_fix),
                   broken=broken, unsafe=unsafe)


@dataclass(frozen=True)
class _Input:
    """What standard input held, when a path was `-`."""

    stdin: Any  # stdin_io.StdinSource or None
    text: str | None
    fix: bool  # `fix -`: the source goes to stdout, the findings to stderr


def _report(run: RunOptions, outcomes: Sequence[FileOutcome], diagnostics: list[Any],
            given: _Input, *, broken: bool, unsafe: bool) -> int:
    """Write the findings (or the diff) and the summary; the exit code."""
    from synclint.files import STDIN
    from synclint.report import render
    from synclint.report.text import render_statistics, summary_lines
    from synclint.stdin_io import echo_source

    stdin, stdin_text, stdin_fix = given.stdin, given.text, given.fix
    if run.diff:
        text = "".join(o.diff for o in outcomes)
        _write(text, run.output_file)
        changed = sum(1 for o in outcomes if o.changed)
        if not run.quiet:
            count = sum(sum(o.fixed.values()) for o in outcomes)
            click.echo(f"Would fix {count} error{'s' if count != 1 else ''} in "
                       f"{changed} file{'s' if changed != 1 else ''}." if changed
                       else "No fixes available.", err=True)
        _print_errors(outcomes)
        if broken:
            return EXIT_ERROR
        return EXIT_FINDINGS if changed else EXIT_CLEAN
    if stdin_fix and stdin is not None:
        problem = echo_source(stdin, _stdin_fixed_text(outcomes))
        if problem is not None:
            click.echo(f"error: {stdin.name}: {problem}; printed as it was", err=True)
            broken = True
    if run.statistics:
        _write(render_statistics(diagnostics, unsafe_fixes=unsafe, output_format=run.output_format),
               run.output_file, err=stdin_fix)
    else:
        stdin_shown = run.stdin_filename or STDIN

        def read(name: str) -> str | None:
            return stdin_text if stdin_text is not None and name == stdin_shown else None

        _write(render(run.output_format, diagnostics, unsafe_fixes=unsafe,
                      read=read if stdin_text is not None else None), run.output_file,
               err=stdin_fix)
    fixed = sum(sum(o.fixed.values()) for o in outcomes)
    if run.show_fixes and fixed and not run.quiet:
        for outcome in outcomes:
            for rule_code, count in sorted(outcome.fixed.items()):
                click.echo(f"Fixed {count} × {rule_code} in {outcome.result.filename}",
                           err=True)
    _print_errors(outcomes)
    unchecked = sum(1 for o in outcomes if o.result.errors)
    if run.output_format in ("text", "full") and not run.quiet:
        from synclint.hidden import total
        from synclint.report.text import ALL_PASSED

        # Findings of opt-in or once code count in the summary only, never in the exit code.
        line = summary_lines(diagnostics, fixed=fixed, fix_mode=run.fix, unsafe_fixes=unsafe,
                             hidden=total(o.result.hidden for o in outcomes))
        if unchecked:
            line = f"{unchecked} file{'s' if unchecked != 1 else ''} could not be checked " \
                   "(see the errors above)." + (line.removeprefix(ALL_PASSED)
                                                if line.startswith(ALL_PASSED)
                                                else "\n" + line)
        click.echo(line, err=True)
    if broken:
        return EXIT_ERROR
    if run.exit_non_zero_on_fix and any(o.changed for o in outcomes):
        return EXIT_FINDINGS
    if run.exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if diagnostics or unchecked else EXIT_CLEAN


def _fresh_sites(profile: Any) -> Any:
    """The profile without the sites of files changed since it was taken (their lines may
    have moved), saying so once per file."""
    from synclint.profile_data import changed_files, without_files

    changed = changed_files(profile)
    for path in changed:
        click.echo(f"warning: {path} changed since the profile was taken; its measured "
                   "syncs are not joined (run `synclint profile` again)", err=True)
    return without_files(profile, changed)


def _given_up_as_findings(outcomes: Sequence[FileOutcome], settings: Any
                          ) -> list[FileOutcome]:
    from dataclasses import replace

    from synclint.file_errors import with_file_error_findings

    return [replace(o, result=with_file_error_findings(o.result,
                                                       settings.codes_for(o.result.filename)))
            for o in outcomes]


def _noqa_targets(outcomes: Sequence[FileOutcome]) -> list[FileOutcome]:
    """What --add-noqa may edit: not notebooks (a `# noqa` row is a row of a cell, not of
    the file), and not SYN001 (an unreadable file has no line to put a comment on)."""
    from dataclasses import replace

    from synclint.rule_info import IO_ERROR

    kept = []
    for outcome in outcomes:
        result = outcome.result
        if result.filename.endswith(".ipynb") and result.diagnostics:
            click.echo(f"warning: {result.filename}: --add-noqa does not edit notebooks; "
                       "add the comments in the notebook", err=True)
            continue
        diagnostics = tuple(d for d in result.diagnostics if d.code != IO_ERROR)
        kept.append(replace(outcome, result=replace(result, diagnostics=diagnostics)))
    return kept


def _settings_text(settings: Any) -> str:
    """`--show-settings`: the resolved settings, one `key = value` line each."""
    fixable = "ALL" if settings.fixable is None else sorted(settings.fixable)
    lines = [
        f"config_file = {settings.config_file}",
        f"root = {settings.root}",
        f"select = {sorted(settings.codes)}",
        f"per_file_ignores = {[(p, sorted(c)) for p, c in settings.per_file_ignores]}",
        f"exclude = {list(settings.exclude)}",
        f"extend_exclude = {list(settings.extend_exclude)}",
        f"fixable = {fixable}",
        f"unsafe_fixes = {str(settings.unsafe_fixes).lower()}",
        f"opt_in = {str(settings.opt_in).lower()}",
        f"once = {str(settings.once).lower()}",
    ]
    return "\n".join(lines) + "\n"


def _path_problem(path: str) -> str | None:
    """Why a path named on the command line cannot be checked at all, or None."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return "broken symbolic link" if os.path.islink(path) else "no such file or directory"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "symbolic link loop"
        return error.strerror or type(error).__name__
    return None


def _print_errors(outcomes: Sequence[FileOutcome]) -> None:
    """One line per problem, naming the file once."""
    for outcome in outcomes:
        for warning in outcome.warnings:
            click.echo(f"warning: {warning}", err=True)
        for error in outcome.result.errors:
            click.echo(f"error: {error.filename}: {error.message}", err=True)
        if outcome.write_error is not None:
            click.echo(f"error: {outcome.result.filename}: {outcome.write_error}", err=True)


def _stdin_fixed_text(outcomes: Sequence[FileOutcome]) -> str | None:
    """The fixed text of the source read from stdin (the only outcome that has one, as
    nothing else is written to stdout), or None when nothing changed."""
    return next((o.fixed_text for o in outcomes if o.fixed_text is not None), None)


def _write(text: str, output_file: str | None, *, err: bool = False) -> None:
    """`text` to the output file, or to stdout (stderr with `err`: stdout holds a source)."""
    if output_file is None:
        stream = sys.stderr if err else sys.stdout
        stream.write(text)
        stream.flush()
        return
    with open(output_file, "w", encoding="utf-8") as handle:
        handle.write(text)


@main.command(short_help="Remove the cache directory (.synclint_cache/).")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              envvar="SYNCLINT_CACHE_DIR", help="The cache directory to remove.")
@click.option("--config", type=click.Path(dir_okay=False, path_type=Path),
              help="The configuration whose directory holds the cache.")
def clean(cache_dir: Path | None, config: Path | None) -> None:
    """Remove the cache directory (.synclint_cache/)."""
    from synclint.cache import clear, default_cache_dir
    from synclint.config import ConfigError, Overrides, resolve_settings

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


@main.command(short_help="Print the documentation page of one rule.")
@click.argument("code")
def rule(code: str) -> None:
    """Print the documentation page of rule CODE (a code like SYN101 or a name like
    sync-in-loop)."""
    from synclint.docs import rule_page

    found = find_rule(code)
    if found is None:
        hint = did_you_mean(code)
        click.echo(f"error: unknown rule {code!r}{hint} (`synclint rules` lists them)", err=True)
        sys.exit(EXIT_ERROR)
    page = rule_page(found)
    if page is None:
        click.echo(f"error: no documentation page for {found}", err=True)
        sys.exit(EXIT_ERROR)
    click.echo(page.rstrip("\n"))


@main.command("rules", short_help="List every rule: its group, default state and fixability.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How the rules are printed.")
def rules_command(output_format: str) -> None:
    """List every rule, grouped by the kind of stall, with its default state and fixability."""
    from synclint.rule_info import GROUPS

    if output_format == "json":
        import json

        click.echo(json.dumps([
            {"code": code, "name": r.name, "group": r.group, "summary": r.summary,
             "default": r.default_enabled, "fixable": r.fixable}
            for code, r in RULES.items()
        ], indent=2))
        return
    click.echo(f"{'code':<8}{'name':<28}{'default':<9}{'fix':<5}summary")
    order = {group: index for index, group in enumerate(GROUPS)}
    for group in sorted({r.group for r in RULES.values()}, key=lambda g: order.get(g, 99)):
        click.echo(f"\n{group}")
        for code, r in RULES.items():
            if r.group == group:
                click.echo(f"{code:<8}{r.name:<28}{'on' if r.default_enabled else 'off':<9}"
                           f"{'yes' if r.fixable else 'no':<5}{r.summary}")


@main.command(short_help="Run the language server (LSP) over stdio, for editors.")
@click.option("--runtime", "runtime", metavar="PROFILE.json",
              help="Join this runtime profile into the diagnostics, as `check --runtime` "
                   "does (read again whenever the file changes).")
def server(runtime: str | None) -> None:
    """Run the language server (LSP) over stdio, for editors; needs synclint[lsp]."""
    try:
        from synclint.lsp import serve
    except ImportError as error:
        click.echo(f"error: the language server needs pygls ({error}); "
                   "install it with: pip install 'synclint[lsp]'", err=True)
        sys.exit(EXIT_ERROR)
    serve(runtime)


def _register_profile() -> click.Command:
    """The `profile` command, imported when asked for (see _Group.get_command)."""
    from synclint.profile_command import profile

    main.add_command(profile)
    return profile


if __name__ == "__main__":  # pragma: no cover
    main()
