"""What the batched fix knows about torch operations and Python builtins: which results
are 0-d, of which dtype class, which operations cannot raise, sync, or have effects."""

from __future__ import annotations

from synclint.analysis.torch_api import (
    ELEMENTWISE_METHODS,
    METADATA_METHODS,
    PASS_THROUGH_METHODS,
    REDUCTION_METHODS,
    SUM_METHODS,
    TORCH_ONLY_METHODS,
)

#: Reductions whose result is 0-d when called without a dimension.
_SCALAR_REDUCTIONS = frozenset({
    "any", "all", "sum", "mean", "norm", "max", "min", "prod", "std", "var", "amax", "amin",
    "nansum", "nanmean", "count_nonzero", "median", "nanmedian", "logsumexp", "vector_norm",
    "aminmax",
}) - {"aminmax", "logsumexp"}
#: Element-wise tensor operations: a 0-d input gives a 0-d output.
_ELEMENTWISE = frozenset({
    "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "abs", "neg", "float",
    "double", "half", "bfloat16", "bool", "int", "long", "detach", "clone", "logical_not",
    "sqrt", "square", "exp", "log", "log2", "log10", "sign", "reciprocal", "rsqrt", "sigmoid",
    "relu", "contiguous", "nan_to_num", "clamp", "clip", "pow",
})
#: Results that are real floating point for every input they accept (complex inputs give
#: real norms and variances; `mean` or `sqrt` of a complex tensor would be complex).
_FLOAT_RESULTS = frozenset({
    "norm", "std", "var", "vector_norm", "float", "double", "half", "bfloat16",
})
#: Results that are bool tensors.
_BOOL_RESULTS = frozenset({
    "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "any", "all", "bool",
    "logical_not", "eq", "ne", "lt", "le", "gt", "ge", "isclose", "equal",
})
#: Results that are int64 tensors.
_INT_RESULTS = frozenset({"count_nonzero", "long", "numel"})

_RENDER_WORDS = {
    "isnan": "has_nan", "isinf": "has_inf", "isfinite": "finite", "norm": "norm",
    "vector_norm": "norm", "sum": "total", "nansum": "total", "mean": "mean",
    "nanmean": "mean", "max": "largest", "amax": "largest", "min": "smallest",
    "amin": "smallest", "std": "std", "var": "var", "count_nonzero": "count",
}
#: Operations that cannot raise on any tensor (reading extra values with them is harmless).
_TOTAL = frozenset({
    "isnan", "isinf", "isfinite", "isposinf", "isneginf", "any", "all", "sum", "abs",
    "detach", "float", "double", "bool", "logical_not", "clone", "nansum", "count_nonzero",
    "signbit",
})
#: Operations that read device data on the host: host reads, and results whose shape
#: depends on the values.
_SYNCING_OPS = frozenset({
    "item", "tolist", "cpu", "numpy", "nonzero", "masked_select", "unique",
    "unique_consecutive", "bincount", "equal", "allclose", "argwhere",
})
#: Tensor methods with effects beyond their result.
_EFFECTFUL_METHODS = frozenset({
    "backward", "register_hook", "retain_grad", "record_stream", "item", "tolist", "cpu",
    "numpy", "share_memory_", "pin_memory",
})
#: Functions and methods that draw random numbers: a first pass would draw them in
#: another order than the loop (a `torch.manual_seed` in the body, other draws between).
_RANDOM_OPS = frozenset({
    "rand", "randn", "randint", "randperm", "rand_like", "randn_like", "randint_like",
    "bernoulli", "multinomial", "normal", "poisson", "binomial", "dropout", "alpha_dropout",
    "feature_alpha_dropout", "rrelu",
})
#: Builtins that change nothing the loop's tensors hold.
_HARMLESS_BUILTINS = frozenset({
    "print", "len", "isinstance", "hasattr", "getattr", "str", "repr", "int", "float",
    "bool", "abs", "round", "min", "max", "sum", "sorted", "list", "tuple", "dict", "set",
    "frozenset", "enumerate", "zip", "range", "any", "all", "format", "id", "type", "divmod",
    "pow", "reversed", "iter", "callable", "next",
})
#: Methods of host containers, strings and loggers that cannot modify a tensor.
_HARMLESS_METHODS = frozenset({
    "append", "extend", "insert", "add", "setdefault", "update", "get", "items", "keys",
    "values", "join", "format", "startswith", "endswith", "lower", "upper", "strip", "split",
    "replace", "count", "index", "pop", "remove", "discard", "clear", "info", "debug",
    "warning", "warn", "error", "critical", "exception", "numel", "dim", "size",
    "is_floating_point", "is_complex", "nelement", "element_size", "item", "tolist",
})
#: Methods that by their name in torch, NumPy or `str` change nothing (no `_` suffix, no
#: container mutation): called on a value of unknown kind, they cannot modify a tensor.
_PURE_BY_NAME = (frozenset(
    name for name in (PASS_THROUGH_METHODS | ELEMENTWISE_METHODS | REDUCTION_METHODS
                      | METADATA_METHODS | TORCH_ONLY_METHODS | SUM_METHODS)
    if not name.endswith("_")) - {"record_stream"}) | frozenset({
    "roll", "transpose", "expand", "repeat", "narrow", "chunk", "argmax", "argmin", "topk",
    "softmax", "log_softmax", "sigmoid", "matmul", "gather", "index_select", "astype",
    "tanh", "sin", "cos", "relu", "gelu", "silu", "floor", "ceil", "round", "trunc",
    "reciprocal", "rsqrt", "erf", "log1p", "expm1", "cumsum", "cumprod", "flip", "t",
    "find", "rfind", "rstrip", "lstrip", "splitlines", "isdigit", "encode", "decode",
    "capitalize", "title", "zfill", "partition", "rpartition",
})
#: Container methods that change the container (the iterable must not change this way).
_CONTAINER_MUTATORS = frozenset({
    "append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault",
    "popitem", "discard", "add", "sort", "reverse",
})
#: Host predicates a guard may call.
_HOST_GUARD_CALLS = frozenset({"isinstance", "len", "hasattr", "callable", "getattr"})

_HOST_GUARD_METHODS = frozenset({
    "startswith", "endswith", "numel", "dim", "size", "is_floating_point", "is_complex",
    "nelement", "get", "lower", "upper",
})
#: Context managers that do not change what a tensor expression computes.
_NEUTRAL_CONTEXTS = frozenset({"torch.no_grad", "torch.inference_mode", "torch.enable_grad"})
#: Builtins that consume a generator argument completely (or, for any/all, until decided).
_CONSUMERS = frozenset({"sum", "any", "all", "min", "max", "sorted", "list", "tuple", "set",
                        "frozenset", "dict"})

_SHORT_CIRCUIT = frozenset({"any", "all"})
#: Iterables that are fresh, finite and free of side effects to iterate in full.
_COLLECTION_METHODS = frozenset({
    "parameters", "named_parameters", "buffers", "named_buffers", "items", "values", "keys",
    "children", "named_children", "modules", "named_modules", "state_dict",
})

#: torch functions that cut one tensor into pieces: every piece has its dtype and device.
_PIECES_OF_ONE = frozenset({"split", "chunk", "unbind", "tensor_split", "hsplit", "vsplit",
                            "dsplit"})
#: Python int arithmetic (an int index stays an int).
_INT_OPERATORS = ("Add", "Subtract", "Multiply", "FloorDivide", "Modulo")
#: torch functions whose result is one tensor (not a tuple: `torch.sort` gives values and
#: int64 indices, `torch.max(x, 0)` values and indices, `torch.frexp` a float and an int).
_SINGLE_TENSOR_FUNCTIONS = frozenset({
    "tensor", "as_tensor", "from_numpy", "zeros", "ones", "full", "empty", "arange",
    "linspace", "logspace", "eye", "rand", "randn", "randint", "randperm", "zeros_like",
    "ones_like", "full_like", "empty_like", "rand_like", "randn_like", "nonzero", "argwhere",
    "cat", "concat", "concatenate", "stack", "cumsum", "cumprod", "flatten", "reshape",
    "argsort", "argmax", "argmin", "masked_select", "unique", "bincount", "tril", "triu",
    "isnan", "isinf", "isfinite", "logical_not", "abs", "clamp", "round",
})
#: Tensor methods whose result is one tensor.
_SINGLE_TENSOR_METHODS = frozenset({
    "flatten", "view", "reshape", "ravel", "float", "double", "half", "bfloat16", "long",
    "int", "bool", "to", "contiguous", "clone", "detach", "squeeze", "unsqueeze", "t",
    "permute", "transpose", "cumsum", "cumprod", "abs", "neg", "clamp", "round", "nonzero",
})
