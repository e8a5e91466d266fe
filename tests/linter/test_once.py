"""Once code (issue 22, fresh9 L2, worth40): a function that writes or reads a file, or a
command-line command, runs once per file or per command; its findings are hidden by default
and `--once` reports them saying why. Code that trains, a file opened inside a loop, and
per-step roles stay per-step."""

from __future__ import annotations

import textwrap

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source


def _findings(source: str, *, once: bool = False, opt_in: bool = False) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", ["SYN101"], once=once,
                         opt_in=opt_in)
    assert output.error is None
    return list(output.diagnostics)


HEAD = """\
    import click
    import torch
    from typer import Typer

    app = Typer()


"""


@pytest.mark.parametrize(("function", "reason"), [
    ("""\
    def write_xyz(coords: torch.Tensor, dest: str) -> None:
        with open(dest, "w") as f:
            for atom in coords:
                f.write(f"{atom.sum().item()}")
    """, "once per file (`write_xyz` opens it)"),
    ("""\
    def read_cell(path, device: str = "cuda") -> list[float]:
        cell = torch.zeros(3, device=device)
        f = path.open()
        return [v.item() for v in cell]
    """, "once per file (`read_cell` opens it)"),
    ("""\
    @app.command()
    def sp(n: int = 3) -> None:
        for x in torch.randn(n, 3, device="cuda"):
            print(x.sum().item())
    """, "once per command (`sp`)"),
    ("""\
    @click.command("sp")
    def sp(n: int = 3) -> None:
        for x in torch.randn(n, 3, device="cuda"):
            print(x.sum().item())
    """, "once per command (`sp`)"),
])
def test_file_io_and_commands_are_once_code(function: str, reason: str) -> None:
    source = HEAD + textwrap.indent(textwrap.dedent(function), "    ")
    assert _findings(source) == []
    assert _findings(source, opt_in=True) == []  # --opt-in is about options, not this
    [found] = _findings(source, once=True)
    assert found.message.endswith(f", in code run {reason}")


@pytest.mark.parametrize("function", [
    # a training loop inside `with open(log)`: it steps an optimiser
    """\
    def train(model, batches, log: str) -> None:
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        with open(log, "w") as f:
            for batch in batches:
                loss = model(batch.cuda()).mean()
                loss.backward()
                opt.step()
                f.write(f"{loss.item()}")
    """,
    # a log opened inside the step loop: opened per step
    """\
    def fit(model, batches, log: str) -> None:
        for batch in batches:
            loss = model(batch.cuda()).mean()
            with open(log, "a") as f:
                f.write(f"{loss.item()}")
    """,
    # a command that trains
    """\
    @app.command()
    def run(steps: int = 10) -> None:
        model = torch.nn.Linear(4, 1).cuda()
        for _ in range(steps):
            loss = model(torch.randn(8, 4, device="cuda")).mean()
            model.zero_grad()
            print(loss.item())
    """,
    # a file handle a function is given: a codec writes each frame (encodec, fresh9 R)
    """\
    def compress_to_file(model, wav: torch.Tensor, fo) -> None:
        for frame in model(wav.cuda()):
            fo.write(bytes([int(frame.sum().item())]))
    """,
    # a file written to a handle that is not a parameter
    """\
    def log_all(xs: torch.Tensor) -> None:
        import sys
        for x in xs.cuda():
            sys.stdout.write(f"{x.item()}")
    """,
])
def test_training_code_files_opened_per_step_and_other_writes_stay_per_step(
        function: str) -> None:
    source = HEAD + textwrap.indent(textwrap.dedent(function), "    ")
    [found] = _findings(source)
    assert "once" not in found.message


def test_a_modules_forward_that_writes_a_file_is_per_step() -> None:
    source = """\
        import torch
        from torch import nn


        class Probe(nn.Module):
            def forward(self, x: torch.Tensor) -> torch.Tensor:
                with open("probe.txt", "a") as f:
                    for row in x:
                        f.write(f"{row.sum().item()}")
                return x
    """
    [found] = _findings(source)
    assert "once" not in found.message
