"""Pathological inputs for the resource-limit checks, and a runner that lints or fixes
one of them in a child process under a time limit, measuring its wall time and peak
memory, so that a crash or a hang cannot take the caller down."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: A finding to make sure every rule really runs over the pathological part.
_PRELUDE = "import torch\n\nfor p in model.parameters():\n    x = p.grad.norm().item()\n\n"


def _statement(expression: str) -> str:
    return _PRELUDE + f"y = {expression}\n"


#: name -> (depth or size -> source). Nesting depth is the parameter.
CASES: dict[str, Callable[[int], str]] = {
    "parentheses": lambda n: _statement("(" * n + "1" + ")" * n),
    "lists": lambda n: _statement("[" * n + "]" * n),
    "call-nesting": lambda n: _statement("f(" * n + "1" + ")" * n),
    "unary-minus": lambda n: _statement("-" * n + "1"),
    "not": lambda n: _statement("not " * n + "a"),
    "attribute-chain": lambda n: _statement("a" + ".b" * n),
    "call-chain": lambda n: _statement("f" + "()" * n),
    "subscript-chain": lambda n: _statement("a" + "[0]" * n),
    "method-chain": lambda n: _statement("t" + ".float()" * n + ".item()"),
    "binary-operators": lambda n: _statement(" + ".join(["a"] * n)),
    "power-chain": lambda n: _statement(" ** ".join(["a"] * n)),
    "comparison-chain": lambda n: _statement(" < ".join(["a"] * n)),
    "boolean-chain": lambda n: _statement(" and ".join(["a"] * n)),
    "string-concatenation": lambda n: _statement(" ".join(["'s'"] * n)),
    "lambdas": lambda n: _statement("lambda: " * n + "1"),
    "ternaries": lambda n: _statement("a if b else " * n + "c"),
    "nested-blocks": lambda n: _PRELUDE + "".join(
        "    " * i + f"if x{i}:\n" for i in range(n)) + "    " * n + "pass\n",
    "nested-loops": lambda n: _PRELUDE + "".join(
        "    " * i + f"for p{i} in model.parameters():\n" for i in range(n))
    + "    " * n + "y = p0.grad.norm().item()\n",
}

_FUNCTION = '''
def telemetry_{i}(model, grads):
    stats = {{}}
    for name, p in model.named_parameters():
        if p.grad is not None:
            stats[name] = p.grad.norm().item()
        if torch.isnan(p).any():
            stats[name + "_nan"] = 1.0
    flat = torch.cat([g.view(-1) for g in grads])
    stats["norm"] = flat.norm().item()
    total = sum((g.float() * g.float()).sum() for g in grads)
    return stats, total
'''


def big_file(megabytes: float) -> str:
    """A realistic module of about `megabytes` MB, full of findings."""
    chunks = ["import torch\n"]
    size, index = 0, 0
    while size < megabytes * 1_000_000:
        chunk = _FUNCTION.format(i=index)
        chunks.append(chunk)
        size += len(chunk)
        index += 1
    return "".join(chunks)


def long_function(lines: int, findings: bool = True) -> str:
    """One function of `lines` lines; with `findings`, a sync in every line of a loop."""
    body = ["import torch\n", "def f(model, a):\n", "    for p in model.parameters():\n"]
    for index in range(lines):
        body.append(f"        x{index} = p.grad.norm().item()\n" if findings
                    else f"        x{index} = a + {index}\n")
    return "".join(body)


@dataclass(frozen=True)
class Measured:
    """How one child process that linted or fixed a file ended."""

    returncode: int | None  # None: killed after the time limit
    seconds: float
    peak_mb: float
    stdout: str
    stderr: str

    @property
    def timed_out(self) -> bool:
        return self.returncode is None

    @property
    def crashed(self) -> bool:
        # Negative: killed by a signal (a segfault, the OOM killer); 2 is reserved for
        # a reported error, 1 for findings.
        return self.returncode is not None and self.returncode not in (0, 1, 2)


_CHILD = """
import json, sys, time, warnings
warnings.simplefilter("ignore")
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.rules import ALL_RULES
codes = frozenset(ALL_RULES)
for path in sys.argv[2:]:
    text = open(path, encoding="utf-8").read()
    started = time.perf_counter()
    if sys.argv[1] == "check":
        out = lint_source(text, path, codes)
        error, diagnostics, changed = out.error, out.diagnostics, False
    else:
        out = fix_source(text, path, codes, unsafe=True)
        error, diagnostics, changed = out.error, out.remaining, out.changed
        if changed:
            try:
                compile(text, path, "exec")
            except (SyntaxError, RecursionError, MemoryError):
                pass  # only a fix of code that compiled must compile
            else:
                compile(out.text, path, "exec")
    print(json.dumps({"path": path, "findings": len(diagnostics),
                      "codes": sorted({d.code for d in diagnostics}),
                      "error": None if error is None else error.message,
                      "internal": bool(error is not None and error.internal),
                      "changed": changed, "seconds": time.perf_counter() - started}),
          flush=True)
"""


def run_child(source: str, mode: str = "check", timeout: float = 60.0,
              cli: bool = False) -> Measured:
    """Lint (`mode` "check") or fix ("fix") `source` in a child process, through the
    library or, with `cli`, the `synclint` command line."""
    return run_children([source], mode, timeout, cli)


def run_children(sources: list[str], mode: str = "check", timeout: float = 60.0,
                 cli: bool = False) -> Measured:
    """Like `run_child`, for several files in one child; the library child prints one
    JSON line per file (see `results`)."""
    with tempfile.TemporaryDirectory(prefix="synclint-limits-") as directory:
        paths = []
        for index, source in enumerate(sources):
            path = Path(directory, f"pathological_{index}.py")
            path.write_text(source, encoding="utf-8")
            paths.append(str(path))
        if cli:
            command = [sys.executable, "-m", "synclint", mode, "--select", "ALL",
                       "--no-cache", "-q", "--unsafe-fixes", *paths]
        else:
            command = [sys.executable, "-c", _CHILD, mode, *paths]
        out_path, err_path = Path(directory, "out"), Path(directory, "err")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            started = time.perf_counter()
            process = subprocess.Popen(command, stdout=out, stderr=err, cwd=directory,
                                       env={**os.environ, "PYTHONPATH": str(ROOT)})
            returncode: int | None = None
            usage = None
            while True:
                pid, status, usage = os.wait4(process.pid, os.WNOHANG)
                if pid:
                    returncode = os.waitstatus_to_exitcode(status)
                    break
                if time.perf_counter() - started > timeout:
                    process.kill()
                    _, _, usage = os.wait4(process.pid, 0)
                    break
                time.sleep(0.02)
            process.returncode = returncode if returncode is not None else -9
            seconds = time.perf_counter() - started
        return Measured(returncode, seconds, usage.ru_maxrss / 1024 if usage else 0.0,
                        out_path.read_text(errors="replace"),
                        err_path.read_text(errors="replace"))


def results(measured: Measured) -> list[dict[str, object]]:
    """The per-file JSON lines of a library child."""
    import json

    return [json.loads(line) for line in measured.stdout.splitlines() if line.startswith("{")]
