"""What a failing test shows: counts with plural rules ("1 host sync"), the site list once,
sizes in binary units labelled KiB/MiB, and site paths relative to the rootdir (as
`synclint profile` shows them relative to where it runs)."""

from __future__ import annotations

import pytest

from synclint.pytest_plugin import format_size, parse_size

pytest.importorskip("torch")

ONE_SYNC = """
import pytest
import torch

@pytest.mark.max_syncs(0)
def test_one_read():
    torch.ones(3).sum().item()

@pytest.mark.max_memory("1 KiB")
def test_four_kib():
    big = torch.empty(1024)
    del big
"""


def test_a_failure_counts_in_words_and_lists_each_site_once(pytester: pytest.Pytester) -> None:
    pytester.mkdir("tests")
    pytester.path.joinpath("tests", "test_one.py").write_text(ONE_SYNC)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    out = "\n".join(result.stdout.lines)
    assert "Test made 1 host sync, more than max_syncs(0)." in out
    assert "1 host sync (emulated):" in out
    # In the failure's report: not once in the message and again in a section. (The
    # short summary repeats the message under CI=true, where pytest does not cut it.)
    report = out.split("short test summary info")[0]
    sites = [line for line in report.splitlines() if "in test_one_read" in line]
    assert len(sites) == 1, sites
    # Relative to the rootdir, not an absolute path.
    assert "tests/test_one.py:7 in test_one_read" in sites[0]
    assert str(pytester.path) not in sites[0]
    assert "peak temporary memory 4.0 KiB (emulated) exceeds max_memory(1.0 KiB)" in out
    assert " KB" not in out


def test_a_passing_measured_test_keeps_its_sites_for_rp(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_ok="""
        import pytest, torch

        @pytest.mark.max_syncs(5)
        def test_two():
            torch.ones(2).sum().item()
            torch.ones(2).sum().item()
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", "-rP")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*synclint syncs*", "2 host syncs (emulated):"])


@pytest.mark.parametrize(("nbytes", "shown"), [(10, "10 B"), (4096, "4.0 KiB"),
                                               (3 << 20, "3.0 MiB"), (5 << 30, "5.0 GiB")])
def test_sizes_are_labelled_in_binary_units(nbytes: int, shown: str) -> None:
    assert format_size(nbytes) == shown
    assert parse_size(shown) == nbytes


@pytest.mark.parametrize("text", ["64 MiB", "64 MB", "64mib", "65536 KiB"])
def test_both_spellings_of_a_limit_are_powers_of_1024(text: str) -> None:
    assert parse_size(text) == 64 << 20


@pytest.mark.parametrize("text", ["64 MiBB", "64 iB", "64 XB"])
def test_an_unknown_unit_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="cannot read"):
        parse_size(text)
