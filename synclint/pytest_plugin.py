"""pytest plugin: `max_syncs` / `max_memory` markers and ini defaults, a `synclint`
fixture, a summary table, and saved runs to compare against (`--synclint-save/-compare`).

Loaded for every project where synclint is installed, so torch is imported only when a
marker or the fixture is used.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Generator, Iterator
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from synclint.runtime import MemoryReport, SyncCounting, SyncReport

#: Powers of 1024, written either way: "64 MB" is read as 64 MiB (as pytest-memray does).
_UNITS = {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3,
          "KIB": 1024, "MIB": 1024**2, "GIB": 1024**3}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMG]?I?B)\s*$", re.IGNORECASE)
_RESULT_KEY = "synclint"
_MEASUREMENT = pytest.StashKey["Measurement"]()
_COLLECTOR = pytest.StashKey["SummaryCollector"]()


def parse_size(limit: str | int) -> int:
    """Bytes in "64 MB" or "64 MiB" (units B, KB/KiB, MB/MiB, GB/GiB, powers of 1024) or a
    plain int."""
    if isinstance(limit, int) and not isinstance(limit, bool):
        return limit
    match = _SIZE.match(str(limit))
    if match is None or match.group(2).upper() not in _UNITS:
        raise ValueError(f"max_memory: cannot read {limit!r}; write e.g. '64 MB' (B, KB, MB, "
                         "GB, or KiB, MiB, GiB: powers of 1024)")
    return int(float(match.group(1)) * _UNITS[match.group(2).upper()])


def format_size(nbytes: float) -> str:
    """Bytes in binary units, labelled as such: 4.0 KiB is 4096 bytes."""
    for unit in ("B", "KiB", "MiB"):
        if abs(nbytes) < 1024:
            return f"{nbytes:.0f} {unit}" if unit == "B" else f"{nbytes:.1f} {unit}"
        nbytes /= 1024
    return f"{nbytes:.1f} GiB"


#: The first line of a sync section (`_sync_section`), as found in a failure message.
_SITES_HEADER = re.compile(r"^\d+ host syncs? \(", re.MULTILINE)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def max_syncs(n: int | None) -> None:
    """max_syncs(n): fail the test if its body makes more than n host syncs (None: no limit)."""


def max_memory(limit: str | int | None) -> None:
    """max_memory(limit): fail the test if its body's peak temporary memory exceeds limit ("64 MB")."""


class LimitError(Exception):
    """A marker or ini value synclint cannot read; the message says which and why."""


@dataclass
class Measurement:
    """What the test body measured; set in pytest_pyfunc_call, judged in makereport."""

    max_syncs: int | None
    max_bytes: int | None
    syncs: SyncReport | None = None
    memory: MemoryReport | None = None


@dataclass(frozen=True)
class TestResult:
    """One measured test: a row of the --synclint-report table and of --synclint-save.

    Shipped as a user property of the test report, so it reaches xdist's controller.
    """

    nodeid: str
    syncs: int | None
    max_syncs: int | None
    peak_bytes: int | None
    max_bytes: int | None
    backend: str | None = None
    allowed: int | None = None


@dataclass(frozen=True)
class Settings:
    """The run's synclint options, read once in pytest_configure."""

    default_syncs: int | None
    default_bytes: int | None
    baseline: dict[str, dict[str, Any]] | None  # --synclint-compare: nodeid -> figures
    baseline_path: str | None
    measure_all: bool  # --synclint-save / --synclint-compare: every test is measured


_SETTINGS = pytest.StashKey[Settings]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("synclint", "host syncs and temporary memory (synclint)")
    group.addoption(
        "--synclint-report",
        action="store_true",
        default=False,
        help="print a table of syncs and peak memory of the measured tests",
    )
    group.addoption(
        "--synclint-save",
        metavar="FILE",
        default=None,
        help="measure every test and save its syncs and peak memory to FILE (JSON)",
    )
    group.addoption(
        "--synclint-compare",
        metavar="FILE",
        default=None,
        help="measure every test and fail those whose syncs or peak memory grew against FILE",
    )
    parser.addini(
        "synclint_max_syncs",
        "default max_syncs for every test (a max_syncs marker overrides it)",
        default=None,
    )
    parser.addini(
        "synclint_max_memory",
        "default max_memory for every test, e.g. '64 MB' (a max_memory marker overrides it)",
        default=None,
    )


def pytest_configure(config: pytest.Config) -> None:
    for marker in (max_syncs, max_memory):
        config.addinivalue_line("markers", (marker.__doc__ or "").strip())
    try:
        default_syncs = _ini_limit(config, "synclint_max_syncs", _sync_limit)
        default_bytes = _ini_limit(config, "synclint_max_memory", _memory_limit)
    except LimitError as exc:
        raise pytest.UsageError(str(exc)) from None
    compare_path: str | None = config.getoption("synclint_compare", None)
    save_path: str | None = config.getoption("synclint_save", None)
    config.stash[_SETTINGS] = Settings(
        default_syncs=default_syncs,
        default_bytes=default_bytes,
        baseline=_load_baseline(compare_path) if compare_path else None,
        baseline_path=compare_path,
        measure_all=bool(compare_path or save_path),
    )
    if config.getoption("synclint_report", False) or save_path:
        collector = SummaryCollector(
            table=bool(config.getoption("synclint_report", False)),
            save_path=save_path if not hasattr(config, "workerinput") else None,
        )
        config.stash[_COLLECTOR] = collector
        config.pluginmanager.register(collector, "synclint-summary")


def pytest_unconfigure(config: pytest.Config) -> None:
    collector = config.stash.get(_COLLECTOR, None)
    if collector is not None:
        config.pluginmanager.unregister(collector)


def _ini_limit(config: pytest.Config, key: str, read: Any) -> int | None:
    raw = config.getini(key)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    value: int | None = read(raw.strip() if isinstance(raw, str) else raw, f"ini option {key}")
    return value


def _sync_limit(value: object, where: str) -> int | None:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    raise LimitError(f"{where}: max_syncs takes a whole number of syncs >= 0, not {value!r}")


def _memory_limit(value: object, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        try:
            nbytes = parse_size(value)
        except ValueError:
            pass
        else:
            if nbytes >= 0:
                return nbytes
    raise LimitError(
        f"{where}: max_memory takes a size such as '64 MB' (B, KB, MB, GB) "
        f"or a number of bytes >= 0, not {value!r}"
    )


def _marker_value(marker: pytest.Mark, keyword: str, where: str) -> object:
    values = [*marker.args, *marker.kwargs.values()]
    if len(values) != 1 or (marker.kwargs and keyword not in marker.kwargs):
        raise LimitError(f"{where}: {marker.name}() takes one argument, {keyword}")
    return values[0]


def _limits(item: pytest.Item, settings: Settings) -> tuple[int | None, int | None, bool, bool]:
    """(max syncs, max bytes, measure syncs?, measure memory?) for this test."""
    where = item.nodeid
    limit_syncs, limit_bytes = settings.default_syncs, settings.default_bytes
    measure_syncs = settings.measure_all or limit_syncs is not None
    measure_memory = settings.measure_all or limit_bytes is not None
    syncs_marker = item.get_closest_marker("max_syncs")
    if syncs_marker is not None:
        limit_syncs = _sync_limit(_marker_value(syncs_marker, "n", where), where)
        measure_syncs = settings.measure_all or limit_syncs is not None
    memory_marker = item.get_closest_marker("max_memory")
    if memory_marker is not None:
        limit_bytes = _memory_limit(_marker_value(memory_marker, "limit", where), where)
        measure_memory = settings.measure_all or limit_bytes is not None
    return limit_syncs, limit_bytes, measure_syncs, measure_memory


_PLAN = pytest.StashKey[tuple[int | None, int | None, bool, bool]]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    try:
        item.stash[_PLAN] = _limits(item, item.config.stash[_SETTINGS])
        return
    except LimitError as exc:
        problem = str(exc)
    pytest.fail(problem, pytrace=False)  # outside `except`: no chained exception shown


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    plan = pyfuncitem.stash.get(_PLAN, None)
    if plan is None or not (plan[2] or plan[3]):
        return (yield)
    limit_syncs, limit_bytes, measure_syncs, measure_memory = plan
    from synclint.runtime import count_syncs, track_memory

    measurement = Measurement(max_syncs=limit_syncs, max_bytes=limit_bytes)
    pyfuncitem.stash[_MEASUREMENT] = measurement
    # Only the test body is measured: fixtures ran before this hook. The body may build
    # its model and data itself, so every tensor counts as a device tensor (mark_host
    # declares host data), as in `synclint profile`.
    with ExitStack() as stack:
        if measure_memory:
            measurement.memory = stack.enter_context(track_memory())
        if measure_syncs:
            measurement.syncs = stack.enter_context(count_syncs(whole_program=True))
        result = yield
    return result


def _sync_section(report: SyncReport, root: Path | None = None) -> str:
    """The sites, most syncs first, with paths relative to `root` (pytest's rootdir) when
    under it, as `synclint profile` shows them relative to where it runs."""
    lines = [f"{_count(report.total, 'host sync')} ({report.backend}):"]
    for event, count in report.by_location():
        lines.append(f"  {count:>5}  {event.kind:<18} {_shown(event.file, root)}:{event.line}"
                     f" in {event.function}")
    if report.allowed:
        lines.append(f"{_count(len(report.allowed), 'allowed sync')}, not counted "
                     "(allow_syncs)")
    return "\n".join(lines)


def _shown(file: str, root: Path | None) -> str:
    if root is None or file.startswith("<"):
        return file
    try:
        return Path(file).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return file  # outside the rootdir (an installed library): kept absolute


def _grew(measured: int, saved: object) -> bool:
    return isinstance(saved, int) and measured > saved


def _against_baseline(
    item: pytest.Item, settings: Settings, syncs: SyncReport | None, memory: MemoryReport | None
) -> list[str]:
    """Failures of --synclint-compare: the figures that grew, before and after."""
    if settings.baseline is None:
        return []
    saved = settings.baseline.get(item.nodeid)
    if saved is None:
        return []
    backend = syncs.backend if syncs is not None else memory.backend if memory is not None else None
    if saved.get("backend") not in (None, backend):
        return []  # figures from another backend are not comparable
    failures = []
    if syncs is not None and _grew(syncs.total, saved.get("syncs")):
        failures.append(
            f"Host syncs grew from {saved['syncs']} to {syncs.total} against "
            f"{settings.baseline_path}.\n" + _sync_section(syncs, item.config.rootpath)
        )
    if memory is not None and _grew(memory.peak_bytes, saved.get("peak_bytes")):
        failures.append(
            f"Peak temporary memory grew from {format_size(saved['peak_bytes'])} to "
            f"{format_size(memory.peak_bytes)} against {settings.baseline_path}."
        )
    return failures


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    measurement = item.stash.get(_MEASUREMENT, None)
    if call.when != "call" or measurement is None:
        return report
    failures: list[str] = []
    syncs, memory = measurement.syncs, measurement.memory
    root = item.config.rootpath
    section = None
    if syncs is not None:
        section = ("synclint syncs", _sync_section(syncs, root))
        report.sections.append(section)
        if measurement.max_syncs is not None and syncs.total > measurement.max_syncs:
            failures.append(
                f"Test made {_count(syncs.total, 'host sync')}, more than "
                f"max_syncs({measurement.max_syncs}).\n" + _sync_section(syncs, root)
            )
    if memory is not None:
        peak = f"peak temporary memory {format_size(memory.peak_bytes)} ({memory.backend})"
        report.sections.append(("synclint memory", peak))
        if measurement.max_bytes is not None and memory.peak_bytes > measurement.max_bytes:
            failures.append(
                f"Test's {peak} exceeds max_memory({format_size(measurement.max_bytes)})."
            )
    failures += _against_baseline(item, item.config.stash[_SETTINGS], syncs, memory)
    if section is not None and any(_SITES_HEADER.search(f) for f in failures):
        # A sync failure lists the sites in its message already: no section repeating them.
        report.sections.remove(section)
    row = TestResult(
        nodeid=item.nodeid,
        syncs=syncs.total if syncs is not None else None,
        max_syncs=measurement.max_syncs,
        peak_bytes=memory.peak_bytes if memory is not None else None,
        max_bytes=measurement.max_bytes,
        backend=syncs.backend if syncs is not None else memory.backend if memory is not None else None,
        allowed=len(syncs.allowed) if syncs is not None else None,
    )
    report.user_properties.append((_RESULT_KEY, row.__dict__.copy()))
    if failures and report.passed:
        report.outcome = "failed"
        report.longrepr = "\n\n".join(failures)
    return report


def _load_baseline(path: str) -> dict[str, dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise pytest.UsageError(f"--synclint-compare: cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise pytest.UsageError(f"--synclint-compare: {path} is not JSON: {exc}") from None
    tests = data.get("tests") if isinstance(data, dict) else None
    if not isinstance(tests, dict):
        raise pytest.UsageError(
            f"--synclint-compare: {path} is not a file written by --synclint-save"
        )
    return {k: v for k, v in tests.items() if isinstance(v, dict)}


class SummaryCollector:
    """Collects measured tests for --synclint-report and --synclint-save; one per process.

    Rows arrive as user properties of the test reports, which xdist serializes to the
    controller, so the controller's table and saved file cover every worker.
    """

    def __init__(self, table: bool, save_path: str | None) -> None:
        self.table = table
        self.save_path = save_path
        self.rows: list[TestResult] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            return
        for key, value in report.user_properties:
            if key == _RESULT_KEY and isinstance(value, dict):
                self.rows.append(TestResult(**value))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.save_path is None:
            return
        tests = {
            r.nodeid: {"syncs": r.syncs, "peak_bytes": r.peak_bytes, "backend": r.backend}
            for r in self.rows
        }
        payload = json.dumps({"synclint": 1, "tests": tests}, indent=1, sort_keys=True)
        tmp = f"{self.save_path}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(payload + "\n")
        os.replace(tmp, self.save_path)

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.save_path is not None:
            terminalreporter.write_line(
                f"synclint: saved syncs and peaks of {_count(len(self.rows), 'test')} to "
                f"{self.save_path}"
            )
        if not self.table:
            return
        rows = self.rows
        terminalreporter.write_sep("=", "synclint report")
        if not rows:
            terminalreporter.write_line(
                "no test was measured (mark tests with max_syncs / max_memory)"
            )
            return
        width = max(len(r.nodeid) for r in rows)
        terminalreporter.write_line(
            f"{'test':<{width}}  {'syncs':>6}  {'limit':>6}  {'peak':>10}  {'limit':>10}"
        )
        for r in rows:
            terminalreporter.write_line(
                f"{r.nodeid:<{width}}  {_cell(r.syncs):>6}  {_cell(r.max_syncs):>6}  "
                f"{_size_cell(r.peak_bytes):>10}  {_size_cell(r.max_bytes):>10}"
            )


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def _size_cell(value: int | None) -> str:
    return "-" if value is None else format_size(value)


class SynclintFixture:
    """The `synclint` fixture: the runtime context managers, torch imported on first use."""

    def count_syncs(
        self,
        backend: str = "auto",
        *,
        whole_program: bool = False,
        threads: str = "current",
        warmup: int = 0,
    ) -> SyncCounting:
        """`synclint.runtime.count_syncs`: a region (`with`) or a decorator."""
        from synclint.runtime import count_syncs

        return count_syncs(
            backend,  # type: ignore[arg-type]
            whole_program=whole_program,
            threads=threads,  # type: ignore[arg-type]
            warmup=warmup,
        )

    def allow_syncs(self) -> AbstractContextManager[None]:
        """`synclint.runtime.allow_syncs`: syncs in the block are expected, not counted."""
        from synclint.runtime import allow_syncs

        return allow_syncs()

    def track_memory(self, backend: str = "auto", **kwargs: Any) -> AbstractContextManager[MemoryReport]:
        from synclint.runtime import track_memory

        return track_memory(backend, **kwargs)  # type: ignore[arg-type]

    def mark_host(self, t: Any) -> Any:
        from synclint.runtime import mark_host

        return mark_host(t)


@pytest.fixture
def synclint() -> Iterator[SynclintFixture]:
    """Count syncs or track memory over a region: `with synclint.count_syncs() as s: ...`.

    Also `synclint.track_memory()`, `synclint.allow_syncs()` and `synclint.mark_host(t)`;
    the regions nest with the `max_syncs` / `max_memory` markers.
    """
    yield SynclintFixture()
