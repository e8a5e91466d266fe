"""`synclint fix --verify COMMAND PATHS`: prove a fix by running the program before and after.

COMMAND (a Python command: `python SCRIPT [ARGS]` or `python -m MODULE [ARGS]`) runs from
the current directory under `synclint profile`'s whole-program emulator, in a subprocess.
The fixes are applied to a scratch copy of the current directory, where COMMAND runs
again. The fixes reach the real files only when the exit code and standard output are
identical and no file made more syncs than before.

Sync sites are compared per file: a fix moves lines (and the batched fix turns n
`.item()` calls into one `.tolist()` on another line), so a per-line comparison would
call every fixed site new. A file is the honest unit: a fix only edits its own file.
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from synclint.config import Settings
from synclint.profile_data import Profile, ProfileError, Site, by_file, load_profile

if TYPE_CHECKING:
    from synclint.files_io import SourceFile

EXIT_VERIFIED, EXIT_CHANGED, EXIT_ERROR = 0, 1, 2
#: Directories never copied to the scratch tree: version control, environments, caches.
SKIPPED_DIRS = frozenset({
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__", ".mypy_cache",
    ".pytest_cache", ".ruff_cache", ".synclint_cache", "node_modules", ".ipynb_checkpoints",
})
#: Larger files (checkpoints, data sets) are linked into the scratch tree, not copied.
LINK_ABOVE_BYTES = 16 * 2**20
#: A tree bigger than this after skipping and linking is not copied at all.
MAX_COPY_BYTES = 1 << 30
_PYTHON = re.compile(r"python[0-9.]*(\.exe)?", re.IGNORECASE)
#: Interpreter options that take a value (`-W error`, `-X dev`).
_OPTIONS_WITH_VALUE = frozenset({"-W", "-X"})

Echo = Callable[[str], None]


class VerifyError(Exception):
    """The verification could not run (bad command, no profile, copy failed): exit 2."""


@dataclass(frozen=True)
class Command:
    """A Python command split into interpreter, interpreter options and what it runs."""

    python: str
    options: tuple[str, ...]
    #: ("-m", MODULE) or (SCRIPT,), then the program's arguments.
    program: tuple[str, ...]


@dataclass(frozen=True)
class Run:
    """What one profiled run of the command did."""

    exit_code: int
    stdout: str
    stderr: str
    profile: Profile


#: Runs a command in a directory under the profiler: (command, cwd, workdir, name) -> Run.
Runner = Callable[[Command, Path, Path, str], Run]


def parse_command(command: str) -> Command:
    """Split COMMAND like a shell; it must run Python on a script or a module."""
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise VerifyError(f"cannot split the command {command!r}: {error}") from None
    if not words or not _PYTHON.fullmatch(os.path.basename(words[0])):
        raise VerifyError(
            f"--verify needs a Python command (`python SCRIPT [ARGS]` or `python -m MODULE "
            f"[ARGS]`), not {command!r}")
    # `python` names whatever interpreter runs synclint; a path names that interpreter.
    python = words[0] if os.sep in words[0] else sys.executable
    options: list[str] = []
    rest = words[1:]
    while rest and rest[0].startswith("-") and rest[0] != "-m":
        option = rest.pop(0)
        options.append(option)
        if option in _OPTIONS_WITH_VALUE and rest:
            options.append(rest.pop(0))
        elif option == "-c" or option == "-":
            raise VerifyError("--verify runs a script or a module, not `python -c` or stdin")
    if not rest or (rest[0] == "-m" and len(rest) < 2):
        raise VerifyError(f"no script or module to run in {command!r}")
    return Command(python, tuple(options), tuple(rest))


def run_profiled(command: Command, cwd: Path, workdir: Path, name: str) -> Run:
    """Run the command in `cwd` under `synclint profile` (emulated, whole program)."""
    out = workdir / f"{name}.json"
    argv = [command.python, *command.options, "-m", "synclint", "profile", "--backend",
            "emulated", "--no-static", "--output-format", "json", "-o", str(out),
            *command.program]
    env = dict(os.environ)
    # The project's own packages come from the tree being run, even when installed in
    # editable mode; a fixed hash seed keeps set and dict orders the same in both runs.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(cwd), env.get("PYTHONPATH")) if p)
    env.setdefault("PYTHONHASHSEED", "0")
    try:
        done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                              errors="replace", check=False)
    except OSError as error:
        raise VerifyError(f"cannot run {command.python}: {error.strerror or error}") from None
    try:
        profile = load_profile(str(out))
    except ProfileError:
        detail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        raise VerifyError(f"the command did not run under the profiler ({name}): "
                          f"{detail[0]}") from None
    return Run(done.returncode, done.stdout, done.stderr, profile)


def copy_tree(source: Path, target: Path, *, outside: Path | None = None) -> None:
    """Copy `source` to `target` for a scratch run: skip caches and environments, link
    big files, refuse trees too large to copy. `outside` (the scratch directory, when the
    current directory holds the temporary directory) is never copied into itself."""
    copied = 0
    never = os.path.realpath(outside) if outside is not None else None

    def ignore(directory: str, names: list[str]) -> set[str]:
        skipped = {n for n in names if n in SKIPPED_DIRS
                   or os.path.realpath(os.path.join(directory, n)) == never}
        for n in names:
            # Any virtual environment, whatever its name.
            if n not in skipped and os.path.isfile(os.path.join(directory, n, "pyvenv.cfg")):
                skipped.add(n)
        return skipped

    def copy(src: str, dst: str) -> None:
        nonlocal copied
        size = os.stat(src).st_size
        if size > LINK_ABOVE_BYTES and not src.endswith(".py"):
            os.symlink(os.path.abspath(src), dst)
            return
        copied += size
        if copied > MAX_COPY_BYTES:
            raise VerifyError(f"{source} is too large to copy for --verify "
                              f"(over {MAX_COPY_BYTES >> 20} MB of files)")
        shutil.copy2(src, dst)

    try:
        shutil.copytree(source, target, symlinks=True, ignore=ignore, copy_function=copy)
    except shutil.Error as error:
        problems = error.args[0] if error.args and isinstance(error.args[0], list) else []
        first = problems[0][2] if problems and len(problems[0]) == 3 else str(error)
        raise VerifyError(f"cannot copy {source} to a scratch directory: {first}") from None
    except OSError as error:
        raise VerifyError(f"cannot copy {source} to a scratch directory: "
                          f"{error.strerror or error}") from None


def _map_program(program: Sequence[str], root: Path, scratch: Path) -> tuple[str, ...]:
    """Absolute paths into the tree point into the scratch copy instead."""
    mapped = []
    for word in program:
        if os.path.isabs(word):
            try:
                relative = Path(word).resolve().relative_to(root)
            except ValueError:
                mapped.append(word)
                continue
            mapped.append(str(scratch / relative))
        else:
            mapped.append(word)
    return tuple(mapped)


def verify_command(command: str, *, paths: tuple[str, ...], select: tuple[str, ...] | None,
                   extend_select: tuple[str, ...] | None, ignore: tuple[str, ...] | None,
                   unsafe_fixes: bool | None, diff: bool, config: Path | None,
                   force_exclude: bool, **_unused: object) -> int:
    """`synclint fix --verify COMMAND PATHS` from the command line's options; the exit code."""
    import click

    from synclint.config import ConfigError, Overrides, resolve_settings
    from synclint.files import STDIN, discover

    def error(message: str) -> int:
        click.echo(f"error: {message}", err=True)
        return EXIT_ERROR

    targets = list(paths) or ["."]
    if diff or STDIN in targets:
        return error("--verify cannot be combined with --diff or standard input")
    try:
        settings = resolve_settings(targets, config, Overrides(
            select=select, extend_select=extend_select or (), ignore=ignore or (),
            unsafe_fixes=unsafe_fixes))
    except ConfigError as problem:
        return error(str(problem))
    for target in targets:
        if not os.path.lexists(target):
            return error(f"{target}: no such file or directory")
    files = list(discover(targets, settings, force_exclude=force_exclude))
    try:
        return verify_fixes(command, files, settings, unsafe=settings.unsafe_fixes,
                            echo=click.echo)
    except VerifyError as problem:
        return error(str(problem))


def verify_fixes(command_text: str, files: Sequence[str], settings: Settings, *,
                 unsafe: bool, echo: Echo, runner: Runner | None = None) -> int:
    """The whole `fix --verify`: run, fix a copy, run again, compare, maybe write.

    `runner` runs the command under the profiler (default: `run_profiled`, a subprocess).
    """
    run = runner if runner is not None else run_profiled
    from synclint.files_io import SourceError, read_source

    root = Path.cwd().resolve()
    command = parse_command(command_text)
    relative: list[str] = []
    for path in files:
        try:
            relative.append(Path(path).resolve().relative_to(root).as_posix())
        except ValueError:
            raise VerifyError(f"{path}: --verify fixes only files under the current "
                              "directory (the scratch copy is of the current directory)"
                              ) from None
    originals: dict[str, SourceFile] = {}
    for path, rel in zip(files, relative):
        try:
            originals[rel] = read_source(path)
        except SourceError:
            continue  # reported as an error by the fixer below, like `fix` does
    with tempfile.TemporaryDirectory(prefix="synclint-verify-") as temp:
        workdir = Path(temp)
        scratch = workdir / "tree"
        # Copy and fix first: both runs start from the same files, whatever the first run
        # writes, and with nothing to fix nothing needs to run.
        copy_tree(root, scratch, outside=workdir)
        fixed = _fix_scratch(scratch, relative, settings, root, unsafe)
        if not fixed:
            echo("No fixes to verify: the files are left as they are.")
            return EXIT_VERIFIED
        echo(f"Running `{command_text}` under the sync profiler...")
        before = run(command, root, workdir, "before")
        names = ", ".join(sorted(fixed))
        echo(f"Running it again on a scratch copy with the fixes to {names}...")
        after_command = replace(command, program=_map_program(command.program, root, scratch))
        after = run(after_command, scratch, workdir, "after")
        texts = {rel: _read_text(scratch / rel) for rel in fixed}
    echo(render_comparison(before, after))
    problems = _differences(before, after)
    if problems:
        for line in problems:
            echo(line)
        echo("Not verified: nothing was written.")
        return EXIT_CHANGED
    written = _write(texts, originals)
    count = sum(fixed.values())
    echo(f"Verified: same exit code and output, no file syncs more. Wrote {count} "
         f"fix{'es' if count != 1 else ''} to {written} file{'s' if written != 1 else ''}.")
    return EXIT_VERIFIED


def _fix_scratch(scratch: Path, relative: Sequence[str], settings: Settings, root: Path,
                 unsafe: bool) -> dict[str, int]:
    """Apply the fixes to the scratch copies; {relative path: fixes applied} of changed files."""
    from synclint.runner import FixOptions, check_paths

    try:
        scratch_root = scratch / settings.root.resolve().relative_to(root)
    except ValueError:
        scratch_root = settings.root  # configured above the current directory: unchanged
    scratch_settings = replace(settings, root=scratch_root)
    paths = [str(scratch / rel) for rel in relative]
    outcomes = check_paths(paths, scratch_settings, jobs=1,
                           fix=FixOptions(unsafe=unsafe, write=True))
    fixed: dict[str, int] = {}
    for outcome in outcomes:
        for error in outcome.result.errors:
            if error.internal:
                raise VerifyError(f"{error.filename}: {error.message}")
        if outcome.changed:
            rel = Path(outcome.result.filename).resolve().relative_to(scratch).as_posix()
            fixed[rel] = sum(outcome.fixed.values())
    return fixed


def _read_text(path: Path) -> str:
    from synclint.files_io import read_source

    return read_source(path).text


def _differences(before: Run, after: Run) -> list[str]:
    """Why the fixed program is not proven equivalent; empty when it is."""
    problems = []
    if before.exit_code != after.exit_code:
        problems.append(f"The exit code changed: {before.exit_code} before, "
                        f"{after.exit_code} after the fixes.")
    if before.stdout != after.stdout:
        diff = difflib.unified_diff(before.stdout.splitlines(), after.stdout.splitlines(),
                                    "stdout before the fixes", "stdout after the fixes",
                                    lineterm="")
        problems.append("The output changed:\n" + "\n".join(diff))
    if before.exit_code != after.exit_code and after.stderr.strip():
        problems.append("Standard error after the fixes:\n" + after.stderr.rstrip())
    old, new = by_file(before.profile.sites), by_file(after.profile.sites)
    for file in sorted(set(old) | set(new)):
        if new.get(file, 0) > old.get(file, 0):
            problems.append(f"{file} makes more syncs after the fixes: "
                            f"{old.get(file, 0)} before, {new[file]} after.")
    return problems


def _write(texts: dict[str, str], originals: dict[str, SourceFile]) -> int:
    """Write the verified texts over the real files, refusing files changed meanwhile."""
    from synclint.files_io import SourceError, write_source

    written = 0
    for rel, text in sorted(texts.items()):
        source = originals.get(rel)
        if source is None:
            raise VerifyError(f"{rel}: cannot read the original file to write the fixes")
        try:
            if write_source(source, text):
                written += 1
        except SourceError as error:
            raise VerifyError(f"{error} (the fixes were verified but not written)") from None
    return written


def render_comparison(before: Run, after: Run) -> str:
    """The before/after table: syncs per file and in total, then each run's sites."""
    old, new = by_file(before.profile.sites), by_file(after.profile.sites)
    files = sorted(set(old) | set(new), key=lambda f: (-old.get(f, 0), f))
    rows = [(f, str(old.get(f, 0)), str(new.get(f, 0))) for f in files]
    rows.append(("total", str(before.profile.total), str(after.profile.total)))
    rows.append(("exit code", str(before.exit_code), str(after.exit_code)))
    same = before.stdout == after.stdout
    lines_out = len(before.stdout.splitlines())
    header = ("syncs (emulated)", "before", "after")
    width = max(len(r[0]) for r in [header, *rows])
    lines = [f"{header[0]:<{width}}  {header[1]:>6}  {header[2]:>6}"]
    lines += [f"{a:<{width}}  {b:>6}  {c:>6}" for a, b, c in rows]
    lines.append(f"{'stdout':<{width}}  " + (f"identical ({lines_out} lines)" if same
                                             else "different (diff below)"))
    lines.append("sites before:")
    lines += _site_lines(before.profile.sites)
    lines.append("sites after:")
    lines += _site_lines(after.profile.sites)
    return "\n".join(lines)


def _site_lines(sites: Sequence[Site]) -> list[str]:
    if not sites:
        return ["  (none)"]
    width = max(len(f"{s.file}:{s.line}") for s in sites)
    return [f"  {f'{s.file}:{s.line}':<{width}}  {s.kind:<8} {s.code}  {s.count:>6}  "
            f"{s.function}" for s in sites]
