"""The pytest plugin's trust fixes and options: nesting, whole-program markers, marker
validation, --synclint-save / --synclint-compare and the ini defaults (through pytester)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.importorskip("torch")


def _no_internals(output: str) -> None:
    assert "Traceback" not in output and "pytest_plugin.py" not in output, output
    assert "another exception occurred" not in output, output


def test_a_marker_and_the_fixture_nest_and_later_tests_still_count(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_nested="""
        import pytest
        import torch

        @pytest.mark.max_syncs(5)
        @pytest.mark.max_memory("1 MB")
        def test_nested(synclint):
            t = torch.randn(4)
            with synclint.count_syncs() as outer, synclint.track_memory():
                with synclint.count_syncs() as inner:
                    t.sum().item()
                t.max().item()
            assert (inner.total, outer.total) == (1, 2)

        @pytest.mark.max_syncs(0)
        def test_later_still_counts():
            torch.randn(4).sum().item()
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*Test made 1 host sync, more than max_syncs(0).*"])
    _no_internals(result.stdout.str())


def test_markers_count_tensors_made_in_the_body_unless_marked_host(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_body="""
        import pytest
        import torch
        from synclint.runtime import mark_host

        @pytest.mark.max_syncs(0)
        def test_model_built_in_the_body():
            model = torch.nn.Linear(4, 2)
            [p.sum().item() for p in model.parameters()]

        @pytest.mark.max_syncs(0)
        def test_host_data_opts_out():
            stats = mark_host(torch.zeros(3))
            stats.sum().item()
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*Test made 2 host syncs, more than max_syncs(0).*"])


def test_allowed_syncs_do_not_count_against_the_marker(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_allowed="""
        import pytest
        import torch
        from synclint.runtime import allow_syncs

        @pytest.mark.max_syncs(1)
        def test_logging_is_allowed(synclint):
            loss = torch.randn(4).sum()
            with allow_syncs():
                print(loss.item())
            with synclint.allow_syncs():
                loss.tolist()
            loss.item()
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-rA")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*2 allowed syncs, not counted (allow_syncs)*"])


BAD_MARKERS = [
    ('max_syncs("one")', "max_syncs takes a whole number of syncs >= 0, not 'one'"),
    ("max_syncs(-1)", "max_syncs takes a whole number of syncs >= 0, not -1"),
    ("max_syncs(1.5)", "max_syncs takes a whole number of syncs >= 0, not 1.5"),
    ("max_syncs()", "max_syncs() takes one argument, n"),
    ("max_syncs(1, 2)", "max_syncs() takes one argument, n"),
    ('max_memory("lots")', "max_memory takes a size such as '64 MB' * not 'lots'"),
    ("max_memory(-5)", "max_memory takes a size such as '64 MB' * not -5"),
    ("max_memory(limit=True)", "max_memory takes a size * not True"),
]


def test_bad_marker_arguments_name_the_test(pytester: pytest.Pytester) -> None:
    tests = "".join(
        f"@pytest.mark.{marker}\ndef test_bad_{i}():\n    pass\n\n"
        for i, (marker, _) in enumerate(BAD_MARKERS)
    )
    pytester.makepyfile(test_bad="import pytest\n\n" + tests + "def test_other():\n    pass\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=len(BAD_MARKERS))
    result.stdout.fnmatch_lines(
        [f"*test_bad.py::test_bad_{i}: {message}*" for i, (_, message) in enumerate(BAD_MARKERS)],
        consecutive=False,
    )
    _no_internals(result.stdout.str())


SAVED = """
import pytest
import torch

def test_one_sync():
    torch.randn(4).sum().item()

def test_memory():
    torch.empty({n})

def test_shrinks():
    t = torch.randn(4)
    for _ in range({loops}):
        t.sum().item()
"""


def _run_saved(pytester: pytest.Pytester, n: int, loops: int, *args: str) -> pytest.RunResult:
    pytester.makepyfile(test_saved=SAVED.format(n=n, loops=loops))
    return pytester.runpytest("-p", "no:cacheprovider", *args)


def test_save_records_each_tests_syncs_and_peak(pytester: pytest.Pytester) -> None:
    result = _run_saved(pytester, 256, 3, "--synclint-save", "base.json")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*saved syncs and peaks of 3 tests to base.json*"])
    saved = json.loads((pytester.path / "base.json").read_text())
    tests = saved["tests"]
    assert tests["test_saved.py::test_one_sync"]["syncs"] == 1
    assert tests["test_saved.py::test_memory"] == {"syncs": 0, "peak_bytes": 1024, "backend": "emulated"}
    assert tests["test_saved.py::test_shrinks"]["syncs"] == 3


def test_compare_fails_the_tests_that_grew_naming_before_and_after(pytester: pytest.Pytester) -> None:
    _run_saved(pytester, 256, 3, "--synclint-save", "base.json").assert_outcomes(passed=3)
    grown = SAVED.format(n=1024, loops=1).replace(
        "torch.randn(4).sum().item()", "torch.randn(4).tolist(); torch.randn(2).sum().item()"
    )
    (pytester.path / "test_saved.py").write_text(grown)
    result = pytester.runpytest("-p", "no:cacheprovider", "--synclint-compare", "base.json")
    result.assert_outcomes(passed=1, failed=2)  # test_shrinks went from 3 syncs to 1
    result.stdout.fnmatch_lines(
        [
            "*Host syncs grew from 1 to 2 against base.json.*",
            "*tolist*test_saved.py:6*",
            "*Peak temporary memory grew from 1.0 KiB to 4.0 KiB against base.json.*",
        ]
    )
    _no_internals("\n".join(result.stdout.lines[-30:]))


def test_compare_and_save_together_update_the_baseline(pytester: pytest.Pytester) -> None:
    _run_saved(pytester, 256, 3, "--synclint-save", "base.json")
    result = _run_saved(pytester, 256, 2, "--synclint-compare", "base.json", "--synclint-save", "base.json")
    result.assert_outcomes(passed=3)
    tests = json.loads((pytester.path / "base.json").read_text())["tests"]
    assert tests["test_saved.py::test_shrinks"]["syncs"] == 2


def test_compare_with_a_missing_or_foreign_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_x="def test_x():\n    pass\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "--synclint-compare", "nope.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--synclint-compare: cannot read nope.json*"])
    (pytester.path / "other.json").write_text('{"benchmarks": []}')
    result = pytester.runpytest("-p", "no:cacheprovider", "--synclint-compare", "other.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*other.json is not a file written by --synclint-save*"])


def test_ini_defaults_apply_to_every_test_and_markers_override(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nsynclint_max_syncs = 0\nsynclint_max_memory = 1 KB\n")
    pytester.makepyfile(
        test_ini="""
        import pytest
        import torch

        def test_syncs():
            torch.randn(4).sum().item()

        def test_memory():
            torch.empty(1024)

        @pytest.mark.max_syncs(1)
        def test_marker_raises_the_limit():
            torch.randn(4).sum().item()

        @pytest.mark.max_syncs(None)
        @pytest.mark.max_memory(None)
        def test_opted_out():
            torch.empty(1024).sum().item()

        def test_clean():
            torch.randn(4) * 2
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*Test made 1 host sync, more than max_syncs(0).*",
            "*peak temporary memory 4.0 KiB (emulated) exceeds max_memory(1.0 KiB)*",
        ]
    )


@pytest.mark.parametrize(
    "ini, message",
    [
        ("synclint_max_syncs = many", "ini option synclint_max_syncs: max_syncs takes a whole number"),
        ("synclint_max_memory = huge", "ini option synclint_max_memory: max_memory takes a size"),
    ],
)
def test_a_bad_ini_value_is_a_usage_error(pytester: pytest.Pytester, ini: str, message: str) -> None:
    pytester.makeini(f"[pytest]\n{ini}\n")
    pytester.makepyfile(test_x="def test_x():\n    pass\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{message}*"])


@pytest.mark.skipif(not os.environ.get("SYNCLINT_SLOW_TESTS"), reason="slow: SYNCLINT_SLOW_TESTS=1")
def test_save_under_xdist_covers_every_worker(pytester: pytest.Pytester, tmp_path: Path) -> None:
    pytester.makepyfile(test_saved=SAVED.format(n=256, loops=3))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-n", "2", "--synclint-save", "base.json")
    result.assert_outcomes(passed=3)
    assert len(json.loads((pytester.path / "base.json").read_text())["tests"]) == 3
