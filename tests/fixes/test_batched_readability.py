"""The fixes read like hand-written code: on every shape of the differential harness they
rewrite, `ruff check --select E,F,W,B` finds nothing new (long lines included), and the
black-style layout helper keeps lines within the limit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import torch

from benchmarks.fix_readability import OTHER_PATTERNS, fixed_shapes, lines_added, new_findings
from synclint.fixer import fix_source
from synclint.fixes.layout import fit, fit_line, statement


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_fixed_shapes_have_no_new_ruff_findings() -> None:
    found = new_findings(fixed_shapes(("batched", *OTHER_PATTERNS)))
    assert found is not None
    new = [f"{name}: {finding}" for name, findings in found.items() for finding in findings]
    assert new == []


def test_lines_added_counts_added_minus_removed_lines() -> None:
    assert lines_added("a\nb\n", "a\nx\ny\nb\n") == 2
    assert lines_added("a\nb\n", "a\nc\n") == 0


def test_a_long_statement_is_split_the_way_black_splits_it() -> None:
    lines = statement("values = ", "torch.stack([r if r.device == device else r.to(device) "
                      "for r in norms]).tolist() if norms else []", indent="    ")
    assert lines == [
        "values = (",
        "    torch.stack([r if r.device == device else r.to(device) for r in norms]).tolist()",
        "    if norms",
        "    else []",
        ")",
    ]
    assert statement("x = ", "[a for a in b]", indent="") == ["x = [a for a in b]"]
    lines = statement("reads = ", "[(p.grad.norm() if p.grad is not None else None, "
                      "p.data.norm(), p.data.abs().max()) for name, p in "
                      "model.named_parameters()]", indent="        ")
    assert lines[0] == "reads = ["
    assert lines[-1] == "]"
    assert all(len("        " + line) <= 88 for line in lines)
    assert "    for name, p in model.named_parameters()" in lines


def test_a_long_replacement_is_split_at_its_last_bracket_keeping_trailers() -> None:
    code = "torch.cat([torch.isfinite(g.view(-1)).all().reshape(1) for g in grads]).all()"
    assert fit("        return bool(", code, ")") == (
        "torch.cat(\n"
        "            [torch.isfinite(g.view(-1)).all().reshape(1) for g in grads]\n"
        "        ).all()")
    assert fit("    return ", "torch.cat([g for g in grads])", "") == \
        "torch.cat([g for g in grads])"  # fits: untouched
    # A comment after it stays on its line (a noqa comment must stay where the finding is).
    assert fit("        x = ", code, "  # noqa: SYN112") == code


def test_a_long_statement_splits_at_the_loosest_operator_as_black_does() -> None:
    line = ("        return 1 - torch.cat([t.count_nonzero().reshape(1) for t in flat_parts])"
            ".sum().item() / sum(t.numel() for t in flat_parts)")
    assert fit_line(line) == (
        "return (\n"
        "            1\n"
        "            - torch.cat([t.count_nonzero().reshape(1) for t in flat_parts]).sum().item()\n"
        "            / sum(t.numel() for t in flat_parts)\n"
        "        )")
    line = ("        total = sum(torch.linalg.vector_norm(p.grad, dtype=torch.float64) ** 2 "
            "for p in params if p.grad is not None)")
    assert fit_line(line) == (
        "total = sum(\n"
        "            torch.linalg.vector_norm(p.grad, dtype=torch.float64) ** 2\n"
        "            for p in params\n"
        "            if p.grad is not None\n"
        "        )")
    assert fit_line("    x = y  # " + "z" * 90) is None  # a comment: left alone
    assert fit_line("    x = 1") is None  # short enough


def test_the_project_line_length_decides_where_a_fix_is_split(tmp_path: Path) -> None:
    source = ("import torch\n\n\ndef f(grads: list[torch.Tensor]) -> float:\n"
              "    total = sum((g.float() ** 2).sum() for g in grads)\n"
              "    return float(total)\n")
    for length, lines in ((88, 3), (120, 1)):
        folder = tmp_path / str(length)
        folder.mkdir()
        (folder / "pyproject.toml").write_text(f"[tool.ruff]\nline-length = {length}\n")
        path = folder / "grads.py"
        path.write_text(source)
        text = fix_source(source, str(path), ["SYN301"]).text
        statement_lines = text.split("    total = ")[1].split("    return")[0].splitlines()
        assert len(statement_lines) == lines, text
        assert all(len(line) <= length for line in text.splitlines())


def _fixed(source: str) -> str:
    return fix_source(source, "m.py", ("SYN101", "SYN102"), unsafe=True).text


def test_pieces_of_one_tensor_are_stacked_without_a_move_to_one_device() -> None:
    fixed = _fixed(
        "import torch\n\n\n"
        "def f(x: torch.Tensor, sizes: list[int]) -> list[float]:\n"
        "    return [p.sum().item() for p in torch.split(x, sizes)]\n")
    assert "torch.stack(totals).tolist() if totals else []" in fixed
    assert ".to(" not in fixed and "dtype" not in fixed


def test_an_index_that_may_pick_a_device_keeps_the_move_to_one_device() -> None:
    # `x.cuda(i % 2)` puts values on two GPUs: a plain stack would raise.
    fixed = _fixed(
        "import torch\n\n\n"
        "def f(x: torch.Tensor, n: int) -> list[float]:\n"
        "    out = []\n"
        "    for i in range(n):\n"
        "        out.append(x.cuda(i % 2).sum().item())\n"
        "    return out\n")
    assert "torch.stack(" in fixed and "if totals else" not in fixed


def test_an_index_into_a_parameter_does_not_prove_one_dtype() -> None:
    # `xs` is annotated a tensor but may be a list of tensors of several dtypes.
    fixed = _fixed(
        "import torch\n\n\n"
        "def f(xs: torch.Tensor, n: int) -> list[float]:\n"
        "    return [xs[i].item() for i in range(n)]\n")
    assert "alike = len({(r.device, r.dtype) for r in reads}) == 1" in fixed


def test_the_fixes_own_fallback_is_not_flagged_but_a_look_alike_is() -> None:
    from tests.linter.helpers import rule_findings

    template = """\
        import torch

        def f(ts: list[torch.Tensor]) -> list[float]:
            reads = [t.view(()) for t in ts]
            alike = len({(r.device, r.dtype) for r in reads}) == 1
            return VALUES
        """
    fallback = "torch.stack(reads).tolist() if alike else [r.item() for r in reads]"
    assert rule_findings("SYN101", template.replace("VALUES", fallback)) == []
    # A fallback over another list, one without the stack, a plain comprehension.
    for values in ("torch.stack(reads).tolist() if alike else [r.item() for r in ts]",
                   "reads if alike else [r.item() for r in reads]",
                   "[r.item() for r in reads]"):
        assert len(rule_findings("SYN101", template.replace("VALUES", values))) == 1, values


def test_a_long_conditional_right_hand_side_is_parenthesised_as_black_does() -> None:
    # Checked against `ruff format` (black's style): two delimiters, `if` and `else`.
    lines = statement("values = ", "torch.stack(reads).tolist() if len(kinds) == 1 else "
                      "[r.item() for r in reads]", indent="    ")
    assert lines == [
        "values = (",
        "    torch.stack(reads).tolist() if len(kinds) == 1 else [r.item() for r in reads]",
        ")",
    ]


def test_a_long_conditional_in_a_comprehension_is_split_at_its_keywords() -> None:
    # Checked against `ruff format` (black's style): no parentheses, one clause per line.
    expr = ("[torch.cat([r.view(1) for r in c]).tolist() if alike else [r.item() for r in c]"
            " for c in zip(*schedule_steps, strict=True)]")
    assert statement("values = ", expr, indent="            ") == [
        "values = [",
        "    torch.cat([r.view(1) for r in c]).tolist()",
        "    if alike",
        "    else [r.item() for r in c]",
        "    for c in zip(*schedule_steps, strict=True)",
        "]",
    ]
    assert statement("values = ", expr, indent="    ")[1] == \
        "    torch.cat([r.view(1) for r in c]).tolist() if alike else [r.item() for r in c]"


@pytest.mark.parametrize(("made", "one_tensor"), [
    ("torch.nonzero(mask).flatten()", True),  # a method of a torch result
    ("torch.unique(mask, return_counts=False)", True),
    ("torch.unique(mask, return_counts=True)", False),  # values and counts: two dtypes
])
def test_a_tensor_torch_makes_is_stacked_as_one(made: str, one_tensor: bool) -> None:
    fixed = _fixed(
        "import torch\n\n\n"
        "def f(mask: torch.Tensor) -> list[int]:\n"
        f"    indexes = {made}\n"
        "    return [int(idx) for idx in indexes]\n")
    assert ("alike" not in fixed and ".to(" not in fixed) is one_tensor, fixed


def test_a_rewritten_comprehension_too_long_for_its_line_is_wrapped() -> None:
    source = ("import torch\n\n\n"
              "def f(layers: list[torch.Tensor]) -> list[tuple[int, float, float]]:\n"
              "    return [(i, layer.sum().item(), layer.max().item()) for i, layer in "
              "enumerate(layers)]\n")
    fixed = _fixed(source)
    assert fixed.endswith(
        "    return [\n"
        "        (i, total, largest)\n"
        "        for (i, layer), total, largest in zip(enumerate(layers), *values, strict=True)\n"
        "    ]\n"), fixed
    layers = [torch.tensor([1.0, 2.0]), torch.tensor([3, 5])]
    namespace: dict[str, object] = {}
    exec(compile(fixed, "fixed.py", "exec"), namespace)  # noqa: S102
    assert namespace["f"](layers) == [(0, 3.0, 2.0), (1, 8, 5)]  # type: ignore[operator]


@pytest.mark.parametrize(("reads", "names"), [
    ('batches[i]["tokens"].item(), batches[i]["loss"].item()', "tokens_value, loss_value"),
    ("starts[i].item(), ends[i].item()", "start, end"),  # the elements of plural names
    ("status[i].item(), ends[i].item()", "value, end"),  # not a plural
    ('batches[i]["Loss"].item(), batches[i][0].item()', "value, value_2"),
])
def test_values_read_from_an_element_are_named_after_it(reads: str, names: str) -> None:
    fixed = _fixed(
        "import torch\n\n\n"
        "def f(batches: list[dict[str, torch.Tensor]], starts: torch.Tensor,\n"
        "      ends: torch.Tensor,\n"
        "      status: torch.Tensor, n: int) -> list[tuple[float, float]]:\n"
        "    out = []\n"
        "    for i in range(n):\n"
        f"        out.append(({reads}))\n"
        "    return out\n")
    assert f"for {names} in zip(*values" in fixed, fixed


@pytest.mark.parametrize(("name", "lines"), [("s" * 15, 1), ("s" * 16, 3)])
def test_a_rewritten_comprehension_exactly_as_long_as_the_limit_stays_on_its_line(
        name: str, lines: int) -> None:
    fixed = _fixed("import torch\n\n\n"
                   "def f(ts: list[torch.Tensor]) -> list[tuple[float, float]]:\n"
                   f"    {name} = [(t.sum().item(), t.max().item()) for t in ts]\n"
                   f"    return {name}\n")
    statement = fixed[fixed.index(f"    {name} = "):fixed.index(f"    return {name}")]
    assert statement.count("\n") == lines, statement
    longest = max(len(line) for line in statement.splitlines())
    assert longest == 88 if lines == 1 else longest < 88


def test_a_long_assigned_name_keeps_its_wrapped_value_intact() -> None:
    name = "norms_of_every_single_parameter_in_the_model"
    fixed = _fixed("import torch\n\n\n"
                   "def f(model: torch.nn.Module) -> list[float]:\n"
                   f"    {name} = [p.norm().item() for p in model.parameters()]\n"
                   f"    return {name}\n")
    assert f"    {name} = (\n" \
        "        torch.stack([r.to(device) for r in norms]).tolist() if norms else []\n" \
        "    )\n" in fixed, fixed
    namespace: dict[str, object] = {}
    exec(compile(fixed, "fixed.py", "exec"), namespace)  # noqa: S102
    model = torch.nn.Linear(2, 1)
    assert namespace["f"](model) == [p.norm().item() for p in model.parameters()]  # type: ignore[operator]
