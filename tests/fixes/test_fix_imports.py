"""A fix follows the file's imports: `T.stack` where the file has `import torch as T`, no
module-level `import torch` where the function around the fix imports torch itself, and
never a second `import torch`."""

from __future__ import annotations

import textwrap

from synclint.fixer import fix_source

BATCHED = ("SYN101", "SYN102")


def _fixed(source: str) -> str:
    result = fix_source(textwrap.dedent(source), "example.py", BATCHED, unsafe=True)
    assert result.error is None and not result.discarded
    return result.text


def _run(text: str, function: str, *args: object) -> object:
    namespace: dict[str, object] = {}
    exec(compile(text, "<fixed>", "exec"), namespace)  # noqa: S102
    return namespace[function](*args)  # type: ignore[operator]


def test_a_file_that_imports_torch_under_another_name_gets_that_name() -> None:
    fixed = _fixed("""\
        import torch as T

        def norms(grads: list[T.Tensor]) -> list[float]:
            out = []
            for g in grads:
                out.append(T.linalg.vector_norm(g).item())
            return out
        """)
    assert "T.stack(" in fixed and "torch." not in fixed
    assert fixed.count("import torch") == 1  # `import torch as T`, nothing added
    import torch

    assert _run(fixed, "norms", [torch.ones(4), torch.ones(9)]) == [2.0, 3.0]


def test_a_function_that_imports_torch_itself_gets_no_module_import() -> None:
    fixed = _fixed("""\
        def main(grads):
            import torch

            out = []
            for g in grads:
                out.append(torch.linalg.vector_norm(g).item())
            return out
        """)
    assert fixed.startswith("def main(grads):")  # no `import torch` added above it
    assert "torch.stack(" in fixed
    import torch

    assert _run(fixed, "main", [torch.ones(4)]) == [2.0]


def test_a_module_import_in_another_function_does_not_count() -> None:
    fixed = _fixed("""\
        def setup():
            import torch
            return torch

        def main(grads):
            out = []
            for g in grads:
                out.append(g.norm().item())
            return out
        """)
    assert fixed.startswith("import torch\n")
