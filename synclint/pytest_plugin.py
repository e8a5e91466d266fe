"""pytest plugin: `max_syncs` / `max_memory` markers, a `synclint` fixture, a summary table.

Loaded for every project where synclint is installed, so torch is imported only when a
marker or the fixture is used.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from synclint.runtime import MemoryReport, SyncReport

_UNITS = {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMG]?B)\s*$", re.IGNORECASE)
_RESULT_KEY = "synclint"
_MEASUREMENT = pytest.StashKey["Measurement"]()
_COLLECTOR = pytest.StashKey["SummaryCollector"]()


def parse_size(limit: str | int) -> int:
    """Bytes in "64 MB" (units B, KB, MB, GB, powers of 1024) or a plain int."""
    if isinstance(limit, int) and not isinstance(limit, bool):
        return limit
    match = _SIZE.match(str(limit))
    if match is None:
        raise ValueError(f"max_memory: cannot read {limit!r}; write e.g. '64 MB' (B, KB, MB, GB)")
    return int(float(match.group(1)) * _UNITS[match.group(2).upper()])


def format_size(nbytes: float) -> str:
    for unit in ("B", "KB", "MB"):
        if abs(nbytes) < 1024:
            return f"{nbytes:.0f} {unit}" if unit == "B" else f"{nbytes:.1f} {unit}"
        nbytes /= 1024
    return f"{nbytes:.1f} GB"


def max_syncs(n: int) -> None:
    """max_syncs(n): fail the test if its body makes more than n host syncs."""


def max_memory(limit: str) -> None:
    """max_memory(limit): fail the test if its body's peak temporary memory exceeds limit ("64 MB")."""


@dataclass
class Measurement:
    """What the test body measured; set in pytest_pyfunc_call, judged in makereport."""

    max_syncs: int | None
    max_bytes: int | None
    syncs: SyncReport | None = None
    memory: MemoryReport | None = None


@dataclass(frozen=True)
class TestResult:
    """One row of the --synclint-report table, shipped as a user property (works under xdist)."""

    nodeid: str
    syncs: int | None
    max_syncs: int | None
    peak_bytes: int | None
    max_bytes: int | None


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("synclint", "host syncs and temporary memory (synclint)")
    group.addoption(
        "--synclint-report",
        action="store_true",
        default=False,
        help="print a table of syncs and peak memory for tests marked max_syncs/max_memory",
    )


def pytest_configure(config: pytest.Config) -> None:
    for marker in (max_syncs, max_memory):
        config.addinivalue_line("markers", (marker.__doc__ or "").strip())
    if config.getoption("synclint_report", False):
        collector = SummaryCollector()
        config.stash[_COLLECTOR] = collector
        config.pluginmanager.register(collector, "synclint-summary")


def pytest_unconfigure(config: pytest.Config) -> None:
    collector = config.stash.get(_COLLECTOR, None)
    if collector is not None:
        config.pluginmanager.unregister(collector)


def _limits(item: pytest.Item) -> tuple[int | None, int | None]:
    syncs_marker = item.get_closest_marker("max_syncs")
    memory_marker = item.get_closest_marker("max_memory")
    limit_syncs = None
    if syncs_marker is not None:
        limit_syncs = int(syncs_marker.args[0] if syncs_marker.args else syncs_marker.kwargs["n"])
    limit_bytes = None
    if memory_marker is not None:
        raw = memory_marker.args[0] if memory_marker.args else memory_marker.kwargs["limit"]
        limit_bytes = parse_size(raw)
    return limit_syncs, limit_bytes


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    limit_syncs, limit_bytes = _limits(pyfuncitem)
    if limit_syncs is None and limit_bytes is None:
        return (yield)
    from synclint.runtime import count_syncs, track_memory

    measurement = Measurement(max_syncs=limit_syncs, max_bytes=limit_bytes)
    pyfuncitem.stash[_MEASUREMENT] = measurement
    # Only the test body is measured: fixtures ran before this hook.
    with ExitStack() as stack:
        if limit_bytes is not None:
            measurement.memory = stack.enter_context(track_memory())
        if limit_syncs is not None:
            measurement.syncs = stack.enter_context(count_syncs())
        result = yield
    return result


def _sync_section(report: SyncReport) -> str:
    lines = [f"{report.total} host sync(s) ({report.backend}):"]
    for event, count in report.by_location():
        lines.append(
            f"  {count:>5}  {event.kind:<18} {event.file}:{event.line} in {event.function}"
        )
    return "\n".join(lines)


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
    if syncs is not None:
        report.sections.append(("synclint syncs", _sync_section(syncs)))
        if measurement.max_syncs is not None and syncs.total > measurement.max_syncs:
            failures.append(
                f"Test made {syncs.total} host syncs, more than max_syncs({measurement.max_syncs}).\n"
                + _sync_section(syncs)
            )
    if memory is not None:
        peak = f"peak temporary memory {format_size(memory.peak_bytes)} ({memory.backend})"
        report.sections.append(("synclint memory", peak))
        if measurement.max_bytes is not None and memory.peak_bytes > measurement.max_bytes:
            failures.append(
                f"Test's {peak} exceeds max_memory({format_size(measurement.max_bytes)})."
            )
    row = TestResult(
        nodeid=item.nodeid,
        syncs=syncs.total if syncs is not None else None,
        max_syncs=measurement.max_syncs,
        peak_bytes=memory.peak_bytes if memory is not None else None,
        max_bytes=measurement.max_bytes,
    )
    report.user_properties.append((_RESULT_KEY, row.__dict__.copy()))
    if failures and report.passed:
        report.outcome = "failed"
        report.longrepr = "\n\n".join(failures)
    return report


class SummaryCollector:
    """Collects the rows of the --synclint-report table; one per pytest config (and process).

    Rows arrive as user properties of the test reports, which xdist serializes to the
    controller, so the controller's table covers every worker.
    """

    def __init__(self) -> None:
        self.rows: list[TestResult] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            return
        for key, value in report.user_properties:
            if key == _RESULT_KEY and isinstance(value, dict):
                self.rows.append(TestResult(**value))

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
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

    def count_syncs(self, backend: str = "auto", *, whole_program: bool = False) -> AbstractContextManager[SyncReport]:
        from synclint.runtime import count_syncs

        return count_syncs(backend, whole_program=whole_program)  # type: ignore[arg-type]

    def track_memory(self, backend: str = "auto", **kwargs: Any) -> AbstractContextManager[MemoryReport]:
        from synclint.runtime import track_memory

        return track_memory(backend, **kwargs)  # type: ignore[arg-type]

    def mark_host(self, t: Any) -> Any:
        from synclint.runtime import mark_host

        return mark_host(t)


@pytest.fixture
def synclint() -> Iterator[SynclintFixture]:
    """Count syncs or track memory over a region: `with synclint.count_syncs() as s: ...`."""
    yield SynclintFixture()
