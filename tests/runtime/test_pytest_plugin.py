"""The pytest plugin, run through pytester in a throwaway project."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")

MARKED = """
import pytest
import torch

@pytest.fixture
def xs():
    t = torch.randn(8)
    t.sum().item()  # a fixture's sync is not the test body's
    return [torch.randn(4) for _ in range(3)]

@pytest.mark.max_syncs(1)
def test_over(xs):
    for t in xs:
        t.sum().item()

@pytest.mark.max_syncs(1)
def test_under(xs):
    torch.stack([t.sum() for t in xs]).tolist()

@pytest.mark.max_memory("1 KB")
def test_too_much_memory():
    big = torch.empty(1024)
    del big

@pytest.mark.max_memory("64 MB")
def test_memory_fits():
    torch.empty(1024)
"""


def test_over_the_limit_fails_with_the_sites_listed(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_marked=MARKED)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*Test made 3 host syncs, more than max_syncs(1).*",
            "*3  item*test_marked.py:13 in test_over*",
            "*peak temporary memory 4.0 KiB (emulated) exceeds max_memory(1.0 KiB)*",
        ]
    )
    assert "test_under" not in "\n".join(result.stdout.lines).split("short test summary")[-1]


def test_synclint_report_prints_the_table(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_marked=MARKED)
    result = pytester.runpytest("--synclint-report")
    result.stdout.fnmatch_lines(
        [
            "*synclint report*",
            "test*syncs*limit*peak*limit*",
            "test_marked.py::test_over*3*1*-*-*",
            "test_marked.py::test_under*1*1*-*-*",
            "test_marked.py::test_too_much_memory*-*-*4.0 KiB*1.0 KiB*",
        ]
    )


def test_a_file_without_markers_is_unaffected(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_plain="""
        import torch

        def test_cpu_is_still_self():
            x = torch.randn(3)
            assert x.cpu() is x
            assert x.sum().item() == x.sum().item()
        """
    )
    result = pytester.runpytest("--strict-markers")
    result.assert_outcomes(passed=1)
    out = result.stdout.str()
    assert "synclint syncs" not in out and "synclint report" not in out


def test_markers_are_registered(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--markers")
    result.stdout.fnmatch_lines(["*max_syncs(n)*", "*max_memory(limit)*"])


def test_the_fixture_counts_a_region(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_fixture="""
        import torch

        def test_region(synclint):
            x = torch.randn(4)
            with synclint.count_syncs() as syncs:
                x.tolist()
                x.sum().item()
            with synclint.track_memory() as mem:
                torch.empty(256)
            assert syncs.total == 2
            assert mem.peak_bytes == 1024
        """
    )
    pytester.runpytest().assert_outcomes(passed=1)


@pytest.mark.parametrize("text, expected", [("64 MB", 64 << 20), ("1kb", 1024), ("2 GB", 2 << 30), ("10B", 10), (512, 512)])
def test_parse_size_uses_powers_of_1024(text: str | int, expected: int) -> None:
    from synclint.pytest_plugin import parse_size

    assert parse_size(text) == expected
