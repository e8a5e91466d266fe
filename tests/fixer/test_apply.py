"""One fixing round: which fixes are applicable, which edits conflict, where they land."""

from __future__ import annotations

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from synclint.diagnostics import Applicability, Diagnostic, Edit, Fix, Location
from synclint.fixes.apply import (
    Offsets,
    Span,
    apply_fixes,
    conflicts,
    is_applicable,
    resolve,
    select,
)
from synclint.fixes.imports import import_edits

TEXT = "a = 1\nbb = 2\n"


def _edit(content: str, start: tuple[int, int], end: tuple[int, int]) -> Edit:
    return Edit(content, Location(*start), Location(*end))


def _finding(*edits: Edit, safe: bool = True) -> Diagnostic:
    applicability = Applicability.SAFE if safe else Applicability.UNSAFE
    fix = Fix(applicability, "fix", tuple(edits))
    return Diagnostic("SYN999", "m", "m.py", edits[0].location, edits[0].end_location, fix)


@pytest.mark.parametrize(("a", "b", "expected"), [
    (Span(0, 3, "x"), Span(2, 5, "y"), True),     # overlapping
    (Span(2, 5, "y"), Span(0, 3, "x"), True),
    (Span(0, 3, "x"), Span(3, 5, "y"), False),    # adjacent replacements
    (Span(3, 5, "y"), Span(0, 3, "x"), False),
    (Span(3, 3, "x"), Span(3, 5, "y"), True),     # an insertion touching a replacement
    (Span(0, 3, "y"), Span(3, 3, "x"), True),
    (Span(3, 3, "x"), Span(3, 3, "y"), True),     # two insertions at one point
    (Span(3, 3, "x"), Span(3, 3, "x"), False),    # the same edit twice
    (Span(0, 1, "x"), Span(5, 6, "y"), False),    # apart
    (Span(1, 1, "x"), Span(5, 6, "y"), False),
])
def test_conflicts(a: Span, b: Span, expected: bool) -> None:
    assert conflicts(a, b) is expected


def test_unsafe_fixes_apply_only_when_asked() -> None:
    finding = _finding(_edit("A", (1, 1), (1, 2)), safe=False)
    assert not is_applicable(finding.fix, unsafe=False)
    assert is_applicable(finding.fix, unsafe=True)
    assert not is_applicable(None, unsafe=True)
    assert not is_applicable(Fix(Applicability.SAFE, "nothing", ()), unsafe=True)
    assert apply_fixes(TEXT, [finding], unsafe=False) == (TEXT, [])
    assert apply_fixes(TEXT, [finding], unsafe=True) == ("A = 1\nbb = 2\n", [finding])


def test_a_conflicting_fix_waits_for_the_next_round_and_a_shared_fix_applies_once() -> None:
    first = _finding(_edit("x", (1, 1), (1, 2)))
    overlapping = _finding(_edit("yy", (1, 1), (1, 3)))
    later = _finding(_edit("c", (2, 1), (2, 3)))
    text, applied = apply_fixes(TEXT, [later, overlapping, first], unsafe=False)
    assert text == "x = 1\nc = 2\n"
    assert applied == [first, later]
    twin = Diagnostic("SYN998", "m", "m.py", Location(1, 1), Location(1, 2), first.fix)
    assert apply_fixes(TEXT, [first, twin], unsafe=False) == ("x = 1\nbb = 2\n", [first, twin])


def test_select_honours_accept_and_limit() -> None:
    first = _finding(_edit("x", (1, 1), (1, 2)))
    second = _finding(_edit("c", (2, 1), (2, 3)))
    assert select(TEXT, [first, second], unsafe=False, limit=1)[0] == [first]
    assert select(TEXT, [first, second], unsafe=False, accept=lambda d: d is second)[0] == [second]


def test_offsets_and_locations_round_trip_and_reject_outside_points() -> None:
    offsets = Offsets(TEXT)
    for offset in range(len(TEXT)):
        assert offsets.offset(offsets.location(offset)) == offset
    assert offsets.location(6) == Location(2, 1)
    assert offsets.offset(Location(1, 6)) == 5  # the "\n" ending line 1
    assert offsets.offset(Location(1, 7)) is None
    assert offsets.offset(Location(0, 1)) is None
    assert offsets.offset(Location(1, 0)) is None
    assert offsets.offset(Location(4, 1)) is None
    assert offsets.offset(Location(3, 1)) == len(TEXT)


def test_resolve_refuses_edits_outside_the_text_or_overlapping_each_other() -> None:
    offsets = Offsets(TEXT)
    fix = Fix(Applicability.SAFE, "f", (_edit("b", (2, 1), (2, 2)), _edit("a", (1, 1), (1, 2))))
    assert resolve(fix, offsets) == (Span(0, 1, "a"), Span(6, 7, "b"))
    outside = Fix(Applicability.SAFE, "f", (_edit("a", (9, 1), (9, 2)),))
    backwards = Fix(Applicability.SAFE, "f", (_edit("a", (1, 3), (1, 1)),))
    overlap = Fix(Applicability.SAFE, "f", (_edit("a", (1, 1), (1, 3)), _edit("b", (1, 2), (1, 4))))
    assert resolve(outside, offsets) is None
    assert resolve(backwards, offsets) is None
    assert resolve(overlap, offsets) is None


def _imports(text: str) -> str:
    wrapper = MetadataWrapper(cst.parse_module(text), unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    edits = import_edits(wrapper.module, positions, ["torch"])
    if not edits:
        return text
    offsets = Offsets(text)
    spans = [Span(offsets.offset(e.location) or 0, offsets.offset(e.end_location) or 0,
                  e.content) for e in edits]
    return "".join([text[:spans[0].start], spans[0].content, text[spans[0].end:]])


def test_an_import_in_a_file_of_comments_goes_after_them() -> None:
    assert _imports("# licence\n# more\n") == "# licence\n# more\nimport torch\n"
    assert _imports("") == "import torch\n"
    assert _imports('"""Doc."""\n') == '"""Doc."""\nimport torch\n'


def test_only_the_first_string_is_a_docstring_and_compound_statements_do_not_stay_first() -> None:
    assert _imports('"""Doc."""\n"not a docstring"\n') == (
        '"""Doc."""\nimport torch\n"not a docstring"\n')
    assert _imports("if True:\n    pass\n") == "import torch\nif True:\n    pass\n"
    assert _imports("from __future__ import annotations\nx = 1\n") == (
        "from __future__ import annotations\nimport torch\nx = 1\n")


def test_an_import_in_a_class_body_binds_no_module_name() -> None:
    assert _imports("class C:\n    import torch\n") == "import torch\nclass C:\n    import torch\n"
    assert _imports("import torch\nx = 1\n") == "import torch\nx = 1\n"


def test_an_import_after_the_docstring_of_a_file_without_trailing_newline() -> None:
    assert _imports('"""Doc."""\nx = 1') == '"""Doc."""\nimport torch\nx = 1'
    assert _imports('"""Doc."""') == '"""Doc."""\nimport torch'


def test_a_comment_after_the_docstring_stays_on_its_line() -> None:
    assert _imports('"""Doc."""  # note\nx = 1') == '"""Doc."""  # note\nimport torch\nx = 1'
