"""Once code: a function that runs once per file it writes or reads, or once per run of a
command line, whose loops go over the file's records or the command's inputs, not over
training steps (issue 22, fresh9 L2: torchani's `io.write_xyz`, `read_xyz` and `cli.sp`).

A sync there is real but paid once per file or per command, so such a finding is not
reported by default; `--once` (`once = true`) reports it, and its message says why the
code runs once ("in code run once per file (`write_xyz` opens it)"). As for opt-in code
(`opt_in.py`), only the sync rules' groups are affected. A function is once code when, being no per-step code
by its role (`forward`, a hook: the walker's `Context.hot`):

- it opens a file outside any loop of its own (`with open(path, "w") as f:`, `path.open()`,
  `gzip.open`, `h5py.File`): it runs once per file;
- it is a command of a command-line app (`@app.command()`, `@click.command()`,
  `@cli.group()`): it runs once per invocation.

Code that trains is never once code, whatever it opens or however it is run: a function
that calls `.backward()`, `.zero_grad()` or an optimiser's `.step()`, itself or through a
project function (`Summary.trains`, which `Context.once` reads), runs its loop per
training step (`with open(log) as f:` around a training loop; a `train` command). A file
opened inside a loop is opened per iteration: that function stays per-step (`with
open(log, "a")` in a step loop). A function that writes to a file handle it is given is
not once code: a codec's `compress_to_file(model, wav, fo)` writes every frame it
encodes, and it is the library's main path (encodec; the fresh9 hunt's R). A call of once code from per-step code is still
reported at the call, as a call of cold code is (`cold.py`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import libcst as cst

from synclint.analysis.names import dotted_name
from synclint.analysis.tree import walk

#: Calls that open a file, by their dotted name's last part or whole name.
_OPENERS = frozenset({"open", "File", "ZipFile", "TarFile", "NamedTemporaryFile"})
#: Decorators that make a function a command of a command-line app (typer, click).
_COMMANDS = frozenset({"command", "group", "callback"})
#: Calls that make a function train: a backward pass or an optimiser step.
_TRAINING = frozenset({"backward", "zero_grad"})


def once_reason(parents: Sequence[cst.CSTNode]) -> str | None:
    """Why the innermost function around the node whose ancestors are `parents` runs once
    per file or per command, or None (the caller checks it is no per-step code)."""
    function = next((p for p in reversed(parents) if isinstance(p, cst.FunctionDef)), None)
    if function is None:
        return None
    cached = _REASONS.get(id(function))
    if cached is not None and cached[0] is function:
        return cached[1]
    if len(_REASONS) > 512:
        _REASONS.clear()
    reason = _reason(function)
    _REASONS[id(function)] = (function, reason)
    return reason


_REASONS: dict[int, tuple[cst.FunctionDef, str | None]] = {}


def _reason(function: cst.FunctionDef) -> str | None:
    name = function.name.value
    if _trains(function):
        return None
    if any(_command(decorator.decorator) for decorator in function.decorators):
        return f"in code run once per command (`{name}`)"
    if _opens_outside_loops(function.body):
        return f"in code run once per file (`{name}` opens it)"
    return None


def _command(decorator: cst.BaseExpression) -> bool:
    target = decorator.func if isinstance(decorator, cst.Call) else decorator
    dotted = dotted_name(target)
    return dotted is not None and dotted.rpartition(".")[2] in _COMMANDS and (
        "." in dotted or dotted == "command")


def _calls(node: cst.CSTNode) -> Iterator[cst.Call]:
    """The calls under `node`, nested functions and classes included (a closure that
    trains makes its function a training function too)."""
    return (current for current in walk(node) if isinstance(current, cst.Call))


def _trains(function: cst.FunctionDef) -> bool:
    for call in _calls(function.body):
        if isinstance(call.func, cst.Attribute):
            attr = call.func.attr.value
            if attr in _TRAINING:
                return True
            if attr == "step" and "optim" in (dotted_name(call.func.value) or "").lower():
                return True
    return False


def _opener(call: cst.Call) -> bool:
    dotted = dotted_name(call.func)
    return dotted is not None and dotted.rpartition(".")[2] in _OPENERS


def _opens_outside_loops(node: cst.CSTNode) -> bool:
    """Whether a call under `node` opens a file, outside loops, comprehensions and nested
    functions (a file opened per iteration is opened per step)."""
    if isinstance(node, (cst.For, cst.While, cst.FunctionDef, cst.Lambda, cst.ClassDef,
                         cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
        return False
    if isinstance(node, cst.Call) and _opener(node):
        return True
    return any(_opens_outside_loops(child) for child in node.children)
