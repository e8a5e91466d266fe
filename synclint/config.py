"""`[tool.synclint]` in pyproject.toml, merged with command-line overrides into Settings."""

from __future__ import annotations

import fnmatch
import functools
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

from synclint.rule_info import DEFAULT_CODES, SYNTAX_ERROR, did_you_mean, known_codes

KNOWN_KEYS = frozenset(
    {"select", "extend-select", "ignore", "per-file-ignores", "exclude", "extend-exclude",
     "unsafe-fixes", "fixable", "unfixable", "opt-in", "once"}
)
#: Directories never worth linting (ruff's defaults, plus our cache).
DEFAULT_EXCLUDE = (
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints",
    ".mypy_cache", ".nox", ".pants.d", ".pyenv", ".pytest_cache", ".pytype", ".ruff_cache",
    ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "_build", "buck-out", "build",
    "dist", "node_modules", "site-packages", "venv", ".synclint_cache",
)


class ConfigError(Exception):
    """A configuration problem: bad TOML, an unknown key or code. Exit code 2."""


@dataclass(frozen=True)
class Settings:
    """The effective configuration of a run."""

    codes: frozenset[str] = DEFAULT_CODES
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    unsafe_fixes: bool = False
    #: Codes whose fixes may be applied and are shown as fixable (ruff's `fixable` minus
    #: `unfixable`); None: every code.
    fixable: frozenset[str] | None = None
    #: Directory that relative globs (exclude, per-file-ignores) are matched against.
    root: Path = field(default_factory=Path.cwd)
    config_file: Path | None = None
    #: Report code that runs only when an option that is off by default is on
    #: (`--opt-in`, `opt-in = true`; `analysis/opt_in.py`).
    opt_in: bool = False
    #: Report code that runs once per file or per command: file writers and readers,
    #: command-line commands (`--once`, `once = true`; `analysis/once.py`).
    once: bool = False

    def codes_for(self, path: str) -> frozenset[str]:
        """The enabled codes for one file, after per-file-ignores."""
        if not self.per_file_ignores:
            return self.codes
        relative = _relative(path, self.root)
        codes = set(self.codes)
        for pattern, ignored in self.per_file_ignores:
            if _glob_match(relative, pattern):
                codes = {c for c in codes if not _selected_by(c, ignored)}
        return frozenset(codes)

    def is_excluded(self, path: str) -> bool:
        """Whether a discovered file or directory is excluded.

        A pattern without a slash matches the entry's own name (discovery tests every
        directory on the way down, so a name excludes everything below it); one with a
        slash matches the path relative to the configuration root. The directories above
        a path given on the command line are never tested: `synclint check
        venv/lib/site-packages/torch` checks torch although `site-packages` is excluded.
        """
        name = os.path.basename(os.path.normpath(path))
        names, paths = _exclude_matchers(self.exclude + self.extend_exclude)
        if names is not None and names.match(name):
            return True
        if not paths:
            return False
        relative = _relative(path, self.root)
        return any(_glob_match(relative, pattern) for pattern in paths)

    def fingerprint(self) -> str:
        """A stable text that changes whenever a setting that affects findings changes."""
        ignores = sorted((p, sorted(c)) for p, c in self.per_file_ignores)
        shown = (self.opt_in, True) if self.once else (self.opt_in,)
        return repr((sorted(self.codes), ignores, *shown))


def _relative(path: str, root: Path) -> str:
    absolute = os.path.abspath(path)
    try:
        return Path(os.path.relpath(absolute, root)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(absolute).as_posix()


@functools.lru_cache(maxsize=16)
def _exclude_matchers(patterns: tuple[str, ...]) -> tuple[re.Pattern[str] | None, tuple[str, ...]]:
    """The patterns without a slash as one regular expression over an entry's name (as
    `fnmatch.fnmatchcase` matches each), and the others, matched against relative paths:
    discovery asks for every file and directory, against every pattern."""
    names = [pattern.rstrip("/") for pattern in patterns if "/" not in pattern.rstrip("/")]
    paths = tuple(pattern for pattern in patterns if "/" in pattern.rstrip("/"))
    matcher = re.compile("|".join(f"(?:{fnmatch.translate(name)})" for name in names)) \
        if names else None
    return matcher, paths


def _glob_match(relative: str, pattern: str) -> bool:
    pattern = pattern.rstrip("/")
    if fnmatch.fnmatchcase(relative, pattern):
        return True
    # "tests/" or "tests" also matches everything below it; "*.py" matches basenames.
    if fnmatch.fnmatchcase(relative, pattern + "/*"):
        return True
    return "/" not in pattern and fnmatch.fnmatchcase(relative.rsplit("/", 1)[-1], pattern)


def _selected_by(code: str, selectors: Iterable[str]) -> bool:
    return any(code.startswith(s) or s in ("ALL", "SYN") for s in selectors)


def expand_selectors(selectors: Iterable[str], *, where: str) -> frozenset[str]:
    """Codes matched by selectors (codes, prefixes, ALL); unknown ones are an error."""
    codes: set[str] = set()
    rules = known_codes()
    for raw in selectors:
        selector = raw.strip().upper()
        if not selector:
            raise ConfigError(f"{where}: empty rule selector {raw!r}: give codes or "
                              "prefixes (SYN101, SYN1, ALL)")
        matched = {c for c in rules if c.startswith(selector)} if selector not in (
            "ALL", "SYN") else set(rules)
        if selector == SYNTAX_ERROR:
            matched = {SYNTAX_ERROR}
        if not matched and "synclint.rules" not in sys.modules:
            # A rule registered without a row in rule_info (a plugin, a rule just added):
            # load the registry, the slow way, before calling the code unknown.
            import synclint.rules  # noqa: F401

            rules = known_codes()
            matched = {c for c in rules if c.startswith(selector)}
        if not matched:
            hint = did_you_mean(selector, [*rules, SYNTAX_ERROR])
            raise ConfigError(f"{where}: unknown rule code or prefix {raw!r}{hint}")
        codes |= matched
    return frozenset(codes)


def _refuse_ignoring_syntax_errors(selectors: Iterable[str], where: str) -> None:
    """SYN000 is always reported, as ruff always reports syntax errors: naming it in an
    ignore list could have no effect, so it is an error (a prefix such as SYN0 or ALL
    simply leaves it on)."""
    if any(s.strip().upper() == SYNTAX_ERROR for s in selectors):
        raise ConfigError(f"{where}: {SYNTAX_ERROR} cannot be ignored: a file that does not "
                          "parse is always reported (exclude the file instead)")


def find_config(paths: Sequence[str]) -> Path | None:
    """The nearest pyproject.toml with a [tool.synclint] table above the first path (or cwd)."""
    start = Path(paths[0]) if paths and paths[0] != "-" else Path.cwd()
    try:
        start = start.resolve()
    except (OSError, RuntimeError):
        # A symlink loop (RuntimeError before Python 3.13): its own directory is where
        # the configuration is looked for; the file itself is reported when read.
        start = Path(os.path.abspath(start)).parent
    for directory in [start, *start.parents] if start.is_dir() else list(start.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                return candidate  # report the problem when it is loaded
            if "synclint" in data.get("tool", {}):
                return candidate
    return None


def load_table(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not valid UTF-8: {error.reason}") from error
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from error
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("synclint", {})
    else:  # a dedicated synclint.toml passed with --config
        table = data.get("tool", {}).get("synclint", data)
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.synclint] must be a table")
    return table


def _string_list(table: Mapping[str, Any], key: str, where: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: '{key}' must be a list of strings")
    return list(value)


@dataclass(frozen=True)
class Overrides:
    """Command-line options that override or extend the configuration file."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    unsafe_fixes: bool | None = None
    extend_exclude: tuple[str, ...] = ()
    #: `--exclude`: replaces the configured and default excludes.
    exclude: tuple[str, ...] | None = None
    fixable: tuple[str, ...] | None = None
    unfixable: tuple[str, ...] = ()
    #: `--opt-in` / `--no-opt-in`: report opt-in code (None: as configured).
    opt_in: bool | None = None
    #: `--once` / `--no-once`: report once code (None: as configured).
    once: bool | None = None


def resolve_settings(paths: Sequence[str], config: Path | None,
                     overrides: Overrides) -> Settings:
    """Find and load the configuration, then apply the command line on top."""
    config_path = config if config is not None else find_config(paths)
    table: dict[str, Any] = {}
    root = Path.cwd()
    if config_path is not None:
        if not config_path.is_file():
            raise ConfigError(f"{config_path}: configuration file not found")
        table = load_table(config_path)
        root = config_path.resolve().parent
        unknown = sorted(set(table) - KNOWN_KEYS)
        if unknown:
            hint = did_you_mean(unknown[0], KNOWN_KEYS)
            raise ConfigError(
                f"{config_path}: unknown key '{unknown[0]}' in [tool.synclint]{hint}")
    where = str(config_path) if config_path is not None else "configuration"

    if overrides.select is not None:
        codes = set(expand_selectors(overrides.select, where="--select"))
    elif "select" in table:
        codes = set(expand_selectors(_string_list(table, "select", where), where=f"{where}: select"))
    else:
        codes = set(DEFAULT_CODES)
    codes |= expand_selectors(_string_list(table, "extend-select", where),
                              where=f"{where}: extend-select")
    codes |= expand_selectors(overrides.extend_select, where="--extend-select")
    _refuse_ignoring_syntax_errors(_string_list(table, "ignore", where), f"{where}: ignore")
    _refuse_ignoring_syntax_errors(overrides.ignore, "--ignore")
    ignored = expand_selectors(_string_list(table, "ignore", where), where=f"{where}: ignore")
    ignored |= expand_selectors(overrides.ignore, where="--ignore")
    codes -= ignored

    per_file: list[tuple[str, frozenset[str]]] = []
    raw_per_file = table.get("per-file-ignores", {})
    if not isinstance(raw_per_file, dict):
        raise ConfigError(f"{where}: 'per-file-ignores' must be a table of glob = [codes]")
    for pattern, selectors in raw_per_file.items():
        if not isinstance(selectors, list) or not all(isinstance(s, str) for s in selectors):
            raise ConfigError(f"{where}: per-file-ignores '{pattern}' must be a list of codes")
        _refuse_ignoring_syntax_errors(selectors, f"{where}: per-file-ignores '{pattern}'")
        expand_selectors(selectors, where=f"{where}: per-file-ignores '{pattern}'")
        per_file.append((pattern, frozenset(s.strip().upper() for s in selectors)))

    exclude = tuple(_string_list(table, "exclude", where)) if "exclude" in table else DEFAULT_EXCLUDE
    if overrides.exclude is not None:
        exclude = overrides.exclude
    fixable: frozenset[str] | None = None
    if overrides.fixable is not None:
        fixable = expand_selectors(overrides.fixable, where="--fixable")
    elif "fixable" in table:
        fixable = expand_selectors(_string_list(table, "fixable", where),
                                   where=f"{where}: fixable")
    unfixable = expand_selectors(_string_list(table, "unfixable", where),
                                 where=f"{where}: unfixable")
    unfixable |= expand_selectors(overrides.unfixable, where="--unfixable")
    if unfixable:
        fixable = (fixable if fixable is not None else known_codes()) - unfixable
    extend_exclude = tuple(_string_list(table, "extend-exclude", where)) + overrides.extend_exclude
    unsafe = table.get("unsafe-fixes", False)
    if not isinstance(unsafe, bool):
        raise ConfigError(f"{where}: 'unsafe-fixes' must be true or false")
    if overrides.unsafe_fixes is not None:
        unsafe = overrides.unsafe_fixes
    opt_in = table.get("opt-in", False)
    if not isinstance(opt_in, bool):
        raise ConfigError(f"{where}: 'opt-in' must be true or false")
    if overrides.opt_in is not None:
        opt_in = overrides.opt_in
    once = table.get("once", False)
    if not isinstance(once, bool):
        raise ConfigError(f"{where}: 'once' must be true or false")
    if overrides.once is not None:
        once = overrides.once
    return Settings(
        codes=frozenset(codes),
        per_file_ignores=tuple(per_file),
        exclude=exclude,
        extend_exclude=extend_exclude,
        unsafe_fixes=unsafe,
        fixable=fixable,
        root=root,
        config_file=config_path,
        opt_in=opt_in,
        once=once,
    )
