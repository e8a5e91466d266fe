"""`# noqa` where ruff applies it: a finding inside a multi-line string or on any line of
a statement continued with backslashes is suppressed by the comment on their last line;
a statement spread over lines by brackets is not joined (the comment goes on the line of
the finding), and SYN100 counts the comment that did the suppressing as used."""

from __future__ import annotations

import textwrap

import pytest

from synclint.engine import lint_source
from synclint.suppression import Suppressions, noqa_rows

HEAD = "import torch\n\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"


def _rows(body: str, codes: tuple[str, ...] = ("SYN101",)) -> list[tuple[int, str]]:
    source = HEAD + textwrap.indent(textwrap.dedent(body), "        ")
    return [(d.location.row, d.code) for d in lint_source(source, "n.py", codes).diagnostics]


@pytest.mark.parametrize("body", [
    # A backslash continuation: the comment on its last line.
    'x = t.item() + \\\n    1  # noqa: SYN101\n',
    'x = t.item() + \\\n    1 + \\\n    2  # noqa: SYN101\n',
    # The finding on the last line of the continuation, the comment there too.
    'x = 1 + \\\n    t.item()  # noqa: SYN101\n',
    # A multi-line string that starts on the finding's line.
    'x = t.item() + len("""\n""")  # noqa: SYN101\n',
    'print(f"""{t.item()}\n""")  # noqa: SYN101\n',
    # A string and a continuation that share a row join.
    'x = t.item() + len("""a\n""") + \\\n    1  # noqa: SYN101\n',
    # synclint's own directive and a bare noqa apply the same way.
    'x = t.item() + \\\n    1  # synclint: ignore[SYN101]\n',
    'x = t.item() + \\\n    1  # noqa\n',
])
def test_comment_at_the_end_of_joined_lines_suppresses(body: str) -> None:
    assert _rows(body) == []


@pytest.mark.parametrize("body", [
    # Brackets do not join lines for noqa (ruff neither).
    'x = (t.item() +\n     1)  # noqa: SYN101\n',
    # A string on the next line does not reach back to the finding's line.
    'x = [t.item(),\n     """\n     """]  # noqa: SYN101\n',
    # Another code on the last line.
    'x = t.item() + \\\n    1  # noqa: SYN102\n',
])
def test_look_alikes_do_not_suppress(body: str) -> None:
    assert _rows(body) == [(5, "SYN101")]


def test_the_comment_that_suppresses_across_lines_is_not_unused() -> None:
    assert _rows('x = t.item() + \\\n    1  # noqa: SYN101\n', ("SYN101", "SYN100")) == []
    # On a bracketed statement it suppresses nothing: SYN100 says so, where it stands.
    assert _rows('x = (t.item() +\n     1)  # noqa: SYN101\n', ("SYN101", "SYN100")) == [
        (5, "SYN101"), (6, "SYN100")]


def test_the_mapping_matches_ruffs_on_the_same_shapes() -> None:
    source = ('x = 1 + \\\n    2\n'                     # 1-2: a continuation
              'y = """\na\n"""\n'                      # 3-5: a string
              'z = (1 +\n     2)\n'                     # 6-7: brackets, not joined
              'w = """abc\n""" + \\\n    "d"\n'          # 8-10: string and continuation
              'v = [1,\n     """\n     """]\n')          # 11-13: the string only
    assert noqa_rows(source) == {1: 2, 3: 5, 4: 5, 8: 10, 9: 10, 12: 13}
    assert Suppressions.parse(source + "# noqa\n").noqa_row(8) == 10


def test_another_linters_noqa_codes_suppress_nothing_and_are_not_scanned(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # `# noqa: E501` names only other linters' codes: no SYN finding is suppressed, and
    # the source is not tokenized to find out.
    import synclint.suppression as suppression

    source = textwrap.dedent("""\
        import torch  # noqa: F401
        x = "a long line"  # noqa: E501, W291
        def f(ts: list[torch.Tensor]):
            for t in ts:
                t.item()  # noqa: E501
        """)
    scans: list[str] = []
    real_scan = suppression._scan
    monkeypatch.setattr(suppression, "_scan", lambda text: scans.append(text) or real_scan(text))
    found = Suppressions.parse(source)
    assert not found.by_line and not found.suppresses("SYN101", 5) and scans == []
    assert [d.code for d in lint_source(source, "m.py", ("SYN101",)).diagnostics] == ["SYN101"]
    # Look-alikes: a SYN code among others, a lower-case one, a bare noqa, an ignore.
    noqa = "# no" + "qa"  # (spelled apart: ruff reads directives in strings too)
    for comment in (f"{noqa}: E501, SYN101", f"{noqa}: syn101", noqa,
                    "# synclint: ignore[SYN101]"):
        changed = source.replace("t.item()  # noqa: E501", f"t.item()  {comment}")
        assert Suppressions.parse(changed).suppresses("SYN101", 5), comment
        assert lint_source(changed, "m.py", ("SYN101",)).diagnostics == [], comment
