"""A Hypothesis strategy for PyTorch-flavoured programs: loops over parameters and
gradients with `.item()`, tensor conditions, `torch.cat` of views, squared sums, nested
and guarded at random, with random names, comments and unrelated statements, so that
the rules' analyses and fix paths run, not only the parser."""

from __future__ import annotations

import keyword
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")
Draw = Callable[[st.SearchStrategy[T]], T]

_NAMES = st.sampled_from(
    ["p", "g", "t", "x", "w", "param", "grad", "tensor", "v", "item", "value", "out",
     "flat", "total", "norm", "acc", "stats", "result", "n", "name", "i", "k", "self_"]
)
_FRESH = st.from_regex(r"\A[a-z][a-z0-9_]{0,5}\Z").filter(
    lambda s: not keyword.iskeyword(s) and s not in {"torch", "nn", "th", "self", "model"}
)
_COMMENTS = st.sampled_from(
    ["# check", "# noqa", "# noqa: SYN101", "# synclint: ignore[SYN102]", "# TODO: faster",
     "# type: ignore", "#", "# é ünïcode ✓"]
)
_REDUCTIONS = ["sum()", "mean()", "max()", "min()", "norm()", "abs().max()", "any()",
               "all()", "float().norm()", "pow(2).sum()", "square().sum()", "numel()"]
_HOST_READS = ["item()", "tolist()", "cpu()", "numpy()", "to('cpu')", "cpu().item()"]


@dataclass
class _Scope:
    """What the generated code can refer to at one point."""

    torch: str
    tensors: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    lists: list[str] = field(default_factory=list)
    models: list[str] = field(default_factory=list)

    def child(self) -> _Scope:
        return _Scope(self.torch, list(self.tensors), list(self.names), list(self.lists),
                      list(self.models))


class _Gen:
    def __init__(self, draw: Draw[Any], torch: str) -> None:
        self.draw = draw
        self.torch = torch

    def name(self) -> str:
        return str(self.draw(st.one_of(_NAMES, _NAMES, _FRESH)))

    def choice(self, options: Sequence[T]) -> T:
        chosen: T = self.draw(st.sampled_from(options))
        return chosen

    def flag(self, probability_true: float = 0.5) -> bool:
        return bool(self.draw(st.integers(0, 99)) < probability_true * 100)

    # -- expressions ----------------------------------------------------------------
    def tensor(self, scope: _Scope) -> str:
        T = self.torch
        bases = list(scope.tensors) or [f"{T}.zeros(3)"]
        base = self.choice(bases)
        form = self.choice([
            "{b}", "{b}", "{b}.grad", "{b}.data", "{b}.detach()", "{b}.float()",
            "{b}.view(-1)", "{T}.isnan({b})", "{T}.isinf({b})", "{b}.abs()", "({b} * {b})",
            "{b}[0]", "{T}.randn(2, 3)", "{b}.grad.data",
        ])
        return form.format(b=base, T=T)

    def scalar_tensor(self, scope: _Scope) -> str:
        return f"{self.tensor(scope)}.{self.choice(_REDUCTIONS)}"

    def condition(self, scope: _Scope) -> str:
        T = self.torch
        t = self.tensor(scope)
        base = self.choice(scope.tensors) if scope.tensors else "x"
        form = self.choice([
            f"{T}.isnan({t}).any()", f"{T}.isinf({t}).any()", f"({t} > 0).all()",
            f"{t}.norm() > 1.0", f"not {T}.isfinite({t}).all()", f"{base}.grad is not None",
            f"{base}.grad is not None and {T}.isinf({base}.grad).any()", f"{t}.numel() > 0",
            f"{base}.requires_grad", f"{t}.sum().item() > 0", f"{base} is None",
            f"{t}.shape[0] > 1", f"{t}.any() or {t}.all()", "True", "i > 3",
        ])
        return str(form)

    def host_read(self, scope: _Scope) -> str:
        return f"{self.tensor(scope)}.{self.choice(_REDUCTIONS)}.{self.choice(_HOST_READS)}"

    def iterable(self, scope: _Scope) -> tuple[str, list[str], list[str]]:
        """An iterable, the tensor targets it binds and the host names it binds."""
        model = self.choice(scope.models) if scope.models else "model"
        lst = self.choice(scope.lists) if scope.lists else "grads"
        p, n = self.name(), self.name()
        if p == n:
            n = n + "_name"
        kind = self.choice(["params", "named", "list", "state", "enum", "zip", "range"])
        if kind == "params":
            return f"{model}.parameters()", [p], []
        if kind == "named":
            return f"{model}.named_parameters()", [p], [n]
        if kind == "list":
            return lst, [p], []
        if kind == "state":
            return f"{model}.state_dict().values()", [p], []
        if kind == "enum":
            return f"enumerate({lst})", [p], [n]
        if kind == "zip":
            return f"zip({lst}, {model}.parameters())", [p, n], []
        return f"range({self.draw(st.integers(0, 9))})", [], [p]

    def target(self, iterable: tuple[str, list[str], list[str]]) -> str:
        text, tensors, names = iterable
        if text.startswith("enumerate"):
            return f"{names[0]}, {tensors[0]}"
        if text.startswith("zip"):
            return f"{tensors[0]}, {tensors[1]}"
        if ".named_parameters" in text:
            return f"{names[0]}, {tensors[0]}"
        return (tensors or names)[0]

    # -- statements -----------------------------------------------------------------
    def simple(self, scope: _Scope, in_loop: bool) -> list[str]:
        T = self.torch
        x = self.name()
        lst = self.choice(scope.lists) if scope.lists else "results"
        key = self.choice(scope.names) if scope.names else "'k'"
        options: list[list[str]] = [
            [f"{x} = {self.host_read(scope)}"],
            [f"{lst}.append({self.host_read(scope)})"],
            [f"{x} = float({self.scalar_tensor(scope)})"],
            [f"{x} = int({self.tensor(scope)}.sum())"],
            [f"stats[{key}] = {self.tensor(scope)}.norm().item()"],
            [f"{x} += ({self.tensor(scope)} * {self.tensor(scope)}).sum()"],
            [f"{x} = {self.tensor(scope)}.pow(2).sum()"],
            [f"{x} = ({self.tensor(scope)} ** 2).sum()"],
            [f"print(f'{{{self.tensor(scope)}}}')"],
            [f"assert not {T}.isnan({self.tensor(scope)}).any()"],
            [f"{x} = {self.host_read(scope)} if {self.condition(scope)} else 0"],
            [f"{x} = [{self.tensor(scope)}.{self.choice(_HOST_READS)} for _ in range(2)]"],
            [f"{x} = {self.tensor(scope)}.nonzero()"],
            [f"{x} = {self.tensor(scope)}.to('cuda')"],
            [f"{T}.cuda.synchronize()"],
            [f"{x} = {self.draw(st.integers(-5, 10**6))}"],
            ["pass"],
            [self.draw(_COMMENTS)],
            ['"""A docstring-like string."""'],
            [f"{x} = {x}"],
            [f"del {x}" if x in scope.names else f"{x} = None"],
        ]
        if in_loop:
            options += [["continue"], ["break"]]
        statement = list(self.choice(options))
        if self.flag(0.15):
            statement[-1] += "  " + self.draw(_COMMENTS)
        if self.flag(0.1):
            statement[-1] += ";  pass"
        return statement

    def block(self, scope: _Scope, depth: int, in_loop: bool) -> list[str]:
        count = self.draw(st.integers(1, 4 if depth < 2 else 2))
        lines: list[str] = []
        for _ in range(count):
            lines += self.statement(scope, depth, in_loop)
        return _body(lines)

    def statement(self, scope: _Scope, depth: int, in_loop: bool) -> list[str]:
        if depth >= 4 or self.flag(0.45):
            return self.simple(scope, in_loop)
        T = self.torch
        kind = self.choice(["for", "for", "for", "if", "if", "while", "with", "try",
                            "comp", "cat", "sumnorm"])
        if kind == "for":
            iterable = self.iterable(scope)
            inner = scope.child()
            inner.tensors += iterable[1]
            inner.names += iterable[2]
            header = f"for {self.target(iterable)} in {iterable[0]}:"
            body = self.block(inner, depth + 1, True)
            lines = [header] + _indent(body)
            if self.flag(0.1):
                lines += ["else:"] + _indent(_body(self.simple(scope, in_loop)))
            return lines
        if kind == "if":
            body = self.block(scope, depth + 1, in_loop)
            lines = [f"if {self.condition(scope)}:"] + _indent(body)
            if self.flag(0.3):
                lines += [f"elif {self.condition(scope)}:"] + _indent(
                    self.block(scope, depth + 1, in_loop))
            if self.flag(0.3):
                lines += ["else:"] + _indent(self.block(scope, depth + 1, in_loop))
            return lines
        if kind == "while":
            body = self.block(scope, depth + 1, True) + ["i += 1"]
            return ["i = 0", f"while i < 3 and {self.condition(scope)}:"] + _indent(body)
        if kind == "with":
            body = self.block(scope, depth + 1, in_loop)
            return [f"with {T}.no_grad():"] + _indent(body)
        if kind == "try":
            body = self.block(scope, depth + 1, in_loop)
            return (["try:"] + _indent(body) + ["except (RuntimeError, ValueError):"]
                    + _indent(_body(self.simple(scope, in_loop))))
        if kind == "comp":
            iterable = self.iterable(scope)
            inner = scope.child()
            inner.tensors += iterable[1]
            inner.names += iterable[2]
            x = self.name()
            element = self.choice([self.host_read(inner), self.scalar_tensor(inner),
                                   f"{self.tensor(inner)}.view(-1)"])
            guard = f" if {self.condition(inner)}" if self.flag(0.4) else ""
            brackets = self.choice([("[", "]"), ("(", ")"), ("{", "}")])
            comp = f"{brackets[0]}{element} for {self.target(iterable)} in {iterable[0]}{guard}{brackets[1]}"
            if brackets[0] == "(":
                comp = self.choice([f"sum{comp}", f"max{comp}", f"list{comp}", f"any{comp}"])
            return [f"{x} = {comp}"]
        if kind == "cat":
            lst = self.choice(scope.lists) if scope.lists else "grads"
            g, flat = self.name(), self.name()
            if g == flat:
                flat += "_flat"
            view = self.choice(["view(-1)", "flatten()", "reshape(-1)", "float().view(-1)"])
            join = self.choice(["cat", "cat", "stack"])
            guard = f" if {g} is not None" if self.flag(0.3) else ""
            lines = [f"{flat} = {T}.{join}([{g}.{view} for {g} in {lst}{guard}])"]
            for _ in range(self.draw(st.integers(1, 4))):
                use = self.choice([
                    f"{flat}.sum().item()", f"{T}.isnan({flat}).sum().item()",
                    f"({flat} == 0).sum().item() / {flat}.numel()", f"{flat}.norm()",
                    f"{flat}.min().item()", f"{flat}.abs().max()", f"{flat}.mean()",
                    f"{T}.isinf({flat}).any()", f"{flat}[0]", f"{flat}.float().norm().item()",
                ])
                lines.append(f"{self.name()} = {use}")
            return lines
        lst = self.choice(scope.lists) if scope.lists else "grads"
        g = self.name()
        form = self.choice([
            f"sum(({g}.float() * {g}.float()).sum() for {g} in {lst})",
            f"sum({g}.norm() ** 2 for {g} in {lst})",
            f"sum({g}.pow(2).sum() for {g} in {lst})",
            f"{T}.stack([{g}.norm() for {g} in {lst}]).pow(2).sum()",
            f"sum(({g} ** 2).sum() for {g} in {lst} if {g} is not None)",
        ])
        total = self.name()
        lines = [f"{total} = {form}"]
        if self.flag(0.5):
            lines.append(f"return float({total}.sqrt().item())" if self.flag(0.5)
                         else f"{self.name()} = {total}.sqrt()")
        return lines


def _body(lines: list[str]) -> list[str]:
    if all(line.lstrip().startswith("#") for line in lines):
        return lines + ["pass"]  # a block of comments only is a syntax error
    return lines


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line if line else line for line in lines]


@st.composite
def torch_programs(draw: Draw[Any]) -> str:
    """A module of one to three functions (maybe methods) full of sync-prone telemetry."""
    torch, header = draw(st.sampled_from([
        ("torch", ["import torch"]),
        ("torch", ["import torch", "from torch import nn"]),
        ("th", ["import torch as th"]),
        ("torch", ["from __future__ import annotations", "", "import torch"]),
        ("torch", []),  # no import: unknown receivers, lower confidence paths
    ]))
    gen = _Gen(draw, torch)
    lines = list(header)
    for _ in range(draw(st.integers(1, 3))):
        scope = _Scope(torch, tensors=[], names=[], lists=["grads"], models=["model"])
        method = gen.flag(0.3)
        annotation = draw(st.sampled_from(
            ["", f": list[{torch}.Tensor]", ": list", f": 'list[{torch}.Tensor]'"]))
        name = draw(_FRESH)
        if method:
            scope.models = ["self.model"]
            signature = f"def {name}(self, grads{annotation}):"
        else:
            signature = f"def {name}(model, grads{annotation}, results=None):"
        body = ["results = []" if gen.flag(0.5) else "stats = {}"]
        body += ["stats = {}", "total = 0.0", "x = None"] if gen.flag(0.5) else []
        if gen.flag(0.4):
            body.append(f"grads = [p.grad for p in {scope.models[0]}.parameters() "
                        "if p.grad is not None]")
        body += gen.block(scope, 0, False)
        if gen.flag(0.5):
            body.append("return stats" if gen.flag(0.5) else "return results")
        function = [signature] + _indent(body)
        if method:
            function = ["class Monitor:"] + _indent(function)
        if gen.flag(0.2):
            function = ["@decorator" if gen.flag(0.5) else f"@{torch}.no_grad()"] + function
        lines += ["", ""] + function
    newline = "\n"
    return newline.join(lines) + newline
