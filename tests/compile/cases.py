"""The labelled set: small functions Dynamo compiles on CPU, one pattern each.

Each case is a function `f` (with its helpers) whose line marked `# <-` holds the pattern
a finding would point at. `labelling.py` runs every case under `torch.compile(f,
backend="eager")` with and without `capture_scalar_outputs` and
`capture_dynamic_output_shape_ops`, and with `fullgraph=True`, and records where Dynamo's
`graph_breaks` log says the graph broke; `labels.json` holds the result. The static
analysis is then asked the same question for each case (tests/compile/test_agreement.py).

Values read from tensors are computed inside `f` (never a 0-d input): Dynamo specialises
an input's `.item()` on its value and recompiles instead of breaking.
"""

from __future__ import annotations

from dataclasses import dataclass

MARK = "# <-"


@dataclass(frozen=True)
class Case:
    name: str
    #: The row of synclint/knowledge/dynamo.py the case exercises.
    pattern: str
    #: A module's text after `import torch`: `f` and whatever it needs.
    source: str
    #: The arguments of `f`, a Python expression list evaluated with torch imported.
    args: str

    @property
    def site(self) -> int:
        """The 1-based line of the marked statement in `module_text()`."""
        for number, line in enumerate(self.module_text().splitlines(), 1):
            if line.rstrip().endswith(MARK):
                return number
        raise ValueError(f"case {self.name} marks no line")

    def module_text(self, prefix: str = "", decorator: str = "") -> str:
        """The case as a module; `prefix` goes after `import torch`, `decorator` on `f`."""
        body = self.source
        if decorator:
            body = body.replace("def f(", f"{decorator}\ndef f(", 1)
        return f"import torch\n{prefix}{body}"


def _case(name: str, pattern: str, source: str, args: str = "torch.randn(8)") -> Case:
    return Case(name, pattern, source, args)


INTS = "torch.randint(0, 4, (8,))"

CASES: tuple[Case, ...] = (
    # -- a value read with .item() / float() / int() / bool() ------------------------------
    _case("item_in_arithmetic", "item-arithmetic",
          "def f(x: torch.Tensor):\n    s = x.sum().item()  # <-\n    return x * s\n"),
    _case("item_in_math", "item-arithmetic",
          "import math\n\ndef f(x: torch.Tensor):\n    s = math.sqrt(x.abs().sum().item())  # <-\n"
          "    return x * s\n"),
    _case("item_as_tensor_size", "item-arithmetic",
          "def f(x: torch.Tensor):\n    k = (x > 0).sum().item()  # <-\n    return torch.zeros(k) + x.sum()\n"),
    _case("item_as_slice_bound", "item-arithmetic",
          "def f(x: torch.Tensor):\n    k = (x > 0).sum().item()  # <-\n    return x[:k] * 2\n"),
    _case("tensor_as_slice_bound", "item-arithmetic",
          "def f(x: torch.Tensor):\n    k = (x > 0).sum()\n    return x[:k] * 2  # <-\n"),
    _case("item_as_view_size", "item-arithmetic",
          "def f(x: torch.Tensor):\n    k = (x.abs() > -1).sum().item() // 4  # <-\n    return x.view(k, -1)\n"),
    _case("float_of_tensor", "item-arithmetic",
          "def f(x: torch.Tensor):\n    s = float(x.sum())  # <-\n    return x * s\n"),
    _case("int_of_tensor", "item-arithmetic",
          "def f(x: torch.Tensor):\n    k = int((x > 0).sum())  # <-\n    return x * k\n"),
    _case("bool_of_tensor_in_arithmetic", "item-arithmetic",
          "def f(x: torch.Tensor):\n    b = bool(x.any())  # <-\n    return x * b\n"),
    _case("item_as_range_bound", "item-python-control",
          "def f(x: torch.Tensor):\n    k = (x > 0).sum().item()  # <-\n    out = x\n    for _ in range(k):\n"
          "        out = out + 1\n    return out\n"),
    _case("item_in_if", "item-python-control",
          "def f(x: torch.Tensor):\n    k = x.sum().item()  # <-\n    if k > 0:\n        return x + 1\n"
          "    return x - 1\n"),
    _case("item_in_str", "item-python-control",
          "def f(x: torch.Tensor):\n    s = str(x.sum().item())  # <-\n    return x, s\n"),
    _case("list_repeated_by_tensor_count", "item-python-control",
          "def f(x: torch.Tensor):\n    k = (x > 0).sum()\n    ws = [1.0] * k  # <-\n"
          "    return x * len(ws)\n"),
    # -- .tolist() ---------------------------------------------------------------------------
    _case("tolist_of_floats", "tolist-float",
          "def f(x: torch.Tensor):\n    y = x * 2\n    return y.tolist()  # <-\n"),
    _case("tolist_of_bools", "tolist-float",
          "def f(x: torch.Tensor):\n    y = x > 0\n    return y.tolist()  # <-\n"),
    _case("tolist_of_ints", "tolist-int",
          "def f(x: torch.Tensor):\n    return x.long().tolist()  # <-\n"),
    _case("tolist_of_argmax", "tolist-int",
          "def f(x: torch.Tensor):\n    i = x.view(2, 4).argmax(dim=1).tolist()  # <-\n    return x[i[0]] + x[i[1]]\n"),
    # -- a tensor as a Python bool -------------------------------------------------------------
    _case("tensor_if", "tensor-condition",
          "def f(x: torch.Tensor):\n    if x.sum() > 0:  # <-\n        return x + 1\n    return x - 1\n"),
    _case("tensor_while", "tensor-condition",
          "def f(x: torch.Tensor):\n    while x.sum() < 10:  # <-\n        x = x + 1\n    return x\n",
          "torch.zeros(8)"),
    _case("tensor_and", "tensor-condition",
          "def f(x: torch.Tensor):\n    y = x * 2\n    if (x > 0).any() and (y > 1).any():  # <-\n"
          "        return x\n    return y\n"),
    _case("tensor_ternary", "tensor-condition",
          "def f(x: torch.Tensor):\n    return x + 1 if x.sum() > 0 else x - 1  # <-\n"),
    _case("tensor_assert", "tensor-assert",
          "def f(x: torch.Tensor):\n    assert (x >= 0).all()  # <-\n    return x + 1\n", "torch.rand(8)"),
    _case("tensor_assert_with_message", "tensor-assert",
          "def f(x: torch.Tensor):\n    assert (x >= 0).all(), 'negative input'  # <-\n    return x + 1\n",
          "torch.rand(8)"),
    # -- reads that do not break on 2.13 -------------------------------------------------------
    _case("numpy_of_result", "numpy",
          "def f(x: torch.Tensor):\n    y = x + 1\n    a = y.numpy()  # <-\n    return torch.from_numpy(a) * 2\n"),
    _case("cpu_copy", "cpu",
          "def f(x: torch.Tensor):\n    y = (x * 2).cpu()  # <-\n    return y + 1\n"),
    _case("tensor_in_fstring", "fstring",
          "def f(x: torch.Tensor):\n    s = f'{x.sum()}'  # <-\n    return x * 2, s\n"),
    # -- output sizes that depend on the data --------------------------------------------------
    _case("nonzero", "dynamic-shape",
          "def f(x: torch.Tensor):\n    idx = x.nonzero()  # <-\n    return idx + 1\n"),
    _case("argwhere", "dynamic-shape",
          "def f(x: torch.Tensor):\n    idx = torch.argwhere(x > 0)  # <-\n    return idx + 1\n"),
    _case("boolean_mask", "dynamic-shape",
          "def f(x: torch.Tensor):\n    y = x[x > 0]  # <-\n    return y * 2\n"),
    _case("masked_select", "dynamic-shape",
          "def f(x: torch.Tensor):\n    y = torch.masked_select(x, x > 0)  # <-\n    return y * 2\n"),
    _case("unique", "dynamic-shape",
          "def f(x: torch.Tensor):\n    u = torch.unique(x)  # <-\n    return u * 2\n", INTS),
    _case("bincount", "dynamic-shape",
          "def f(x: torch.Tensor):\n    c = torch.bincount(x)  # <-\n    return c * 2\n", INTS),
    _case("bincount_with_minlength", "dynamic-shape",
          "def f(x: torch.Tensor):\n    c = torch.bincount(x, minlength=4)  # <-\n    return c * 2\n", INTS),
    _case("repeat_interleave_without_output_size", "dynamic-shape",
          "def f(x: torch.Tensor):\n    r = (x > 0).long() + 1\n    y = torch.repeat_interleave(x, r)  # <-\n"
          "    return y * 2\n"),
    _case("where_one_argument", "dynamic-shape",
          "def f(x: torch.Tensor):\n    rows = torch.where(x > 0)  # <-\n    return rows[0] + 1\n"),
    _case("len_of_nonzero", "dynamic-shape",
          "def f(x: torch.Tensor):\n    n = len(x.nonzero())  # <-\n    return x * n\n"),
    # -- look-alikes with fixed shapes ---------------------------------------------------------
    _case("repeat_interleave_with_output_size", "fixed-shape",
          "def f(x: torch.Tensor):\n    r = torch.ones(8, dtype=torch.long) * 2\n"
          "    y = torch.repeat_interleave(x, r, output_size=16)  # <-\n    return y * 2\n"),
    _case("repeat_interleave_int_repeats", "fixed-shape",
          "def f(x: torch.Tensor):\n    y = x.repeat_interleave(2)  # <-\n    return y * 2\n"),
    _case("where_three_arguments", "fixed-shape",
          "def f(x: torch.Tensor):\n    y = torch.where(x > 0, x, 0.0)  # <-\n    return y * 2\n"),
    _case("nonzero_static", "fixed-shape",
          "def f(x: torch.Tensor):\n    idx = torch.nonzero_static(x, size=8)  # <-\n    return idx + 1\n"),
    _case("one_hot_with_num_classes", "fixed-shape",
          "def f(x: torch.Tensor):\n    y = torch.nn.functional.one_hot(x, num_classes=4)  # <-\n"
          "    return y * 2\n", INTS),
    _case("one_hot_without_num_classes", "one-hot",
          "def f(x: torch.Tensor):\n    y = torch.nn.functional.one_hot(x)  # <-\n    return y * 2\n", INTS),
    # -- control flow on shapes ----------------------------------------------------------------
    _case("if_on_static_shape", "static-shape-control",
          "def f(x: torch.Tensor):\n    if x.shape[0] > 4:  # <-\n        return x + 1\n    return x - 1\n"),
    _case("if_on_numel", "static-shape-control",
          "def f(x: torch.Tensor):\n    n = x.numel()\n    if n > 4:  # <-\n        return x + 1\n    return x\n"),
    _case("if_on_data_dependent_shape", "data-dependent-shape-control",
          "def f(x: torch.Tensor):\n    idx = x.nonzero()\n    if idx.shape[0] > 0:  # <-\n        return idx + 1\n"
          "    return idx - 1\n"),
    _case("range_over_data_dependent_shape", "data-dependent-shape-control",
          "def f(x: torch.Tensor):\n    idx = x.nonzero()\n    out = 0\n    for i in range(idx.shape[0]):  # <-\n"
          "        out = out + i\n    return out\n"),
    # -- calls Dynamo cannot trace -------------------------------------------------------------
    _case("print_string", "print",
          "def f(x: torch.Tensor):\n    y = x + 1\n    print('step done')  # <-\n    return y * 2\n"),
    _case("print_first_statement", "print",
          "def f(x: torch.Tensor):\n    print('start')  # <-\n    return x * 2\n"),
    _case("time_time", "unsupported-call",
          "import time\n\ndef f(x: torch.Tensor):\n    t = time.time()  # <-\n    return x * 2, t\n"),
    _case("warnings_warn", "unsupported-call",
          "import warnings\n\ndef f(x: torch.Tensor):\n    warnings.warn('slow path')  # <-\n    return x * 2\n"),
    _case("logger_info", "unsupported-call",
          "import logging\n\nlog = logging.getLogger('cases')\n\ndef f(x: torch.Tensor):\n"
          "    log.info('step')  # <-\n    return x * 2\n"),
    _case("globals_call", "unsupported-call",
          "def f(x: torch.Tensor):\n    globals()['seen'] = True  # <-\n    return x * 2\n"),
    _case("compiler_disable_leaf", "disabled-call",
          "@torch.compiler.disable\ndef g(x: torch.Tensor):\n    return x + 1\n\ndef f(x: torch.Tensor):\n"
          "    y = g(x)  # <-\n    return y * 2\n"),
    _case("dynamo_disable_leaf", "disabled-call",
          "@torch._dynamo.disable\ndef g(x: torch.Tensor):\n    return x + 1\n\ndef f(x: torch.Tensor):\n"
          "    y = g(x)  # <-\n    return y * 2\n"),
    # -- plain code ---------------------------------------------------------------------------
    _case("max_of_two_tensors", "no-break",
          "def f(x: torch.Tensor):\n    m = max(x.sum(), x.mean())  # <-\n    return x * m\n"),
    _case("assert_async", "no-break",
          "def f(x: torch.Tensor):\n    torch._assert_async((x >= 0).all())  # <-\n    return x + 1\n",
          "torch.rand(8)"),
)
