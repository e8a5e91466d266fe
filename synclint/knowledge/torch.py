"""The knowledge base's torch table: everything synclint knows about the torch API.

`TABLE` maps an API name, spelled as PyTorch documents it, to its `Facts`:

- `torch.<name>`, `torch.linalg.<name>`, ... : functions (form FUNCTION) and dtypes (DTYPE);
- `Tensor.<name>`: tensor methods (METHOD) and attributes (ATTRIBUTE);
- `Module.<name>`: `nn.Module` methods;
- `torch.<backend>`: accelerator modules (MODULE);
- `builtins.<name>`, `math`, `numpy.<name>`: what Python and NumPy do to a tensor they are
  given (read it on the host, or return a host value);
- `dim=`: keywords only torch takes.

Each entry says what the call returns (a `Kind`, when it does not depend on the
arguments) and carries `Tag`s: what syncs, what is element-wise, what reduces, what makes
data-dependent shapes, ... The inference, the rules and (later) the fixes read the table
through the views at the bottom of this module, never through sets of their own.

The facts are declared below grouped by fact, one `_declare` per group, so that a
reviewer can read "these are the element-wise tensor methods" in one place; the table
merges them per name. `LIBRARY` (at the end) holds what torch shares with the other
libraries' tables: its per-step roles (`nn.Module.forward`, `Optimizer.step`) and the
hook registrations whose callables run per step.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    F64_TENSOR,
    HOST,
    HOST_TENSOR,
    MODULE,
    TENSOR,
    Kind,
    Seq,
    Tup,
)
from synclint.analysis.kinds import (
    Mapping as MappingKind,
)
from synclint.knowledge.distributed import LIBRARY as DISTRIBUTED
from synclint.knowledge.schema import (
    Class,
    Invoker,
    Library,
    Registrar,
    Role,
    StateRegistrar,
)


class Form(enum.Enum):
    FUNCTION = "function"
    METHOD = "method"
    ATTRIBUTE = "attribute"
    MODULE = "module"
    DTYPE = "dtype"
    KEYWORD = "keyword"


class Tag(enum.Enum):
    """Facts about an API name beyond its result."""

    #: Copies a tensor's values to the host and waits for the device (`.item()`,
    #: `float(t)`, `math.sqrt(t)`).
    READS_VALUES = "reads-values"
    #: Of those, a method that means "tensor" even on a receiver the analysis cannot
    #: prove is one (NumPy's `.tolist()` is common and never syncs; `.item()` is rarer;
    #: `.numpy()` works only on host tensors).
    LIKELY_TENSOR = "likely-tensor"
    #: Compares tensors on the device, then returns a Python bool (a sync).
    HOST_COMPARISON = "host-comparison"
    #: Waits for every stream of the device (`torch.cuda.synchronize()`).
    DEVICE_WIDE_SYNC = "device-wide-sync"
    #: A tensor result that is boolean (a mask).
    BOOL_RESULT = "bool-result"
    #: A factory: a host tensor unless `device=` names another.
    FACTORY = "factory"
    #: A constructor that copies its `data` argument (with `device=`: a host-to-device copy).
    COPIES_DATA = "copies-data"
    #: An attribute that is a tensor of the receiver's own kind (`t.data`, `t.T`).
    SAME_KIND = "same-kind"
    #: Only tensors have this method: a call proves its receiver is a tensor.
    TENSOR_ONLY = "tensor-only"
    #: NumPy and pandas have it too: it proves a tensor only in a torch file without pandas.
    WEAK_TENSOR_ONLY = "weak-tensor-only"
    #: Output size depends on the values (`nonzero`, `unique`): the host must learn it.
    DATA_DEPENDENT_SHAPE = "data-dependent-shape"
    #: Of those, a method no NumPy array or pandas object has.
    SHAPE_OP_TENSOR_ONLY = "shape-op-tensor-only"
    #: Applied element by element (a full reduction of its result can be computed per
    #: tensor); arguments other than the tensor are host values.
    ELEMENTWISE = "elementwise"
    #: A full reduction that combines exactly across tensors (sums add, extrema fold).
    REDUCTION = "reduction"
    #: A reduction whose first positional argument after the tensor is not a dimension.
    NORM_LIKE = "norm-like"
    #: A reduction whose first positional argument may be `unbiased`, not a dimension.
    STD_LIKE = "std-like"
    #: A sum (`sum`, `nansum`): the last step of a squared-sum norm.
    SUM = "sum"
    #: A norm: squaring one gives a squared sum.
    NORM = "norm"
    #: Keeps the tensor's elements (casts, detaching, copies): `cat` of them still holds
    #: every element.
    PASS_THROUGH = "pass-through"
    #: Keeps a tensor's values or widens them only to float32 (an operand of a
    #: squared-sum norm stays at risk of overflow).
    NORM_OPERAND = "norm-operand"
    #: Casts to a float type narrower than float64.
    NARROWING_CAST = "narrowing-cast"
    #: Reads host metadata only; allocates nothing.
    METADATA = "metadata"
    #: Joins a sequence of flattened tensors into one O(total) tensor (SYN201).
    JOINS_FLATTENED = "joins-flattened"
    #: Joins per-tensor norms (`torch.stack(norms)`) for a squared sum (SYN301).
    JOINS_NORMS = "joins-norms"
    #: Gathers moved tensors into one (SYN202).
    GATHERS = "gathers"
    #: float64 dtypes: squares cannot overflow.
    FLOAT64 = "float64"
    #: Float dtypes narrower than float64.
    NARROW_FLOAT = "narrow-float"
    #: An accelerator backend module: its functions return host values.
    ACCELERATOR = "accelerator"
    #: An `nn.Module` method that yields modules.
    YIELDS_MODULES = "yields-modules"
    #: Dtype families: what a Python read of one element gives.
    FLOAT_DTYPE = "float-dtype"
    INT_DTYPE = "int-dtype"
    BOOL_DTYPE = "bool-dtype"
    COMPLEX_DTYPE = "complex-dtype"
    #: A tensor method that casts to a fixed dtype (`Tensor.long()`).
    CAST = "cast"
    #: Hands the function it decorates (or is given) to a compiler: TorchScript or
    #: `torch.compile`. The compiler, not Python, runs that code, so the fixer leaves it
    #: alone (TorchScript has no set comprehensions; `torch.compile(fullgraph=True)`
    #: traces `.item()` but not `.tolist()` of a float tensor).
    COMPILES = "compiles"
    #: Gives pieces (views) of its first argument: on that tensor's device, whatever the
    #: other arguments are (`torch.split(cpu_t, [1, 2])` gives CPU tensors).
    PIECES_OF_FIRST = "pieces-of-first"
    #: A field of the named tuple a torch op returns (`t.max(dim=1).values`, `.indices` of
    #: `topk`, `sort`, `mode`, `kthvalue`): a tensor on the device of the op's input.
    NAMED_FIELD = "named-field"


@dataclass(frozen=True)
class Facts:
    """What synclint knows about one API name."""

    form: Form
    #: The kind of the call's result (the attribute's value), when the arguments do not
    #: change it; None when unknown or computed by the inference (factories, casts).
    returns: Kind | None = None
    tags: frozenset[Tag] = frozenset()
    #: A dtype's canonical name (`torch.float` -> "torch.float32"), or the dtype a cast
    #: method gives whatever its input (`Tensor.long` -> "torch.int64").
    dtype: str | None = None


_table: dict[str, Facts] = {}


def _declare(form: Form, prefix: str, names: str, *tags: Tag,
             returns: Kind | None = None, dtype: str | None = None) -> None:
    """Record facts about `prefix + name` for every name in the space-separated `names`."""
    for name in names.split():
        key = prefix + name
        facts = _table.get(key)
        if facts is None:
            facts = Facts(form)
        elif facts.form is not form:
            raise ValueError(f"{key} declared as {facts.form} and {form}")
        if returns is not None:
            if facts.returns is not None and facts.returns != returns:
                raise ValueError(f"{key} returns both {facts.returns} and {returns}")
            facts = replace(facts, returns=returns)
        if dtype is not None:
            if facts.dtype is not None and facts.dtype != dtype:
                raise ValueError(f"{key} has dtype both {facts.dtype} and {dtype}")
            facts = replace(facts, dtype=dtype)
        _table[key] = replace(facts, tags=facts.tags | frozenset(tags))


F, M, A = Form.FUNCTION, Form.METHOD, Form.ATTRIBUTE
T = "torch."
TM = "Tensor."

# -- torch functions ------------------------------------------------------------------------
# Host results: Python bools, numbers, dtypes, devices, context managers.
_declare(F, T, """
    is_tensor is_storage numel is_floating_point is_complex is_nonzero get_default_dtype
    set_default_dtype device dtype Size manual_seed seed initial_seed equal allclose
    is_grad_enabled no_grad enable_grad inference_mode set_grad_enabled finfo iinfo
    get_num_threads set_num_threads is_inference_mode_enabled use_deterministic_algorithms
    result_type promote_types can_cast typename autocast_increment_nesting
    autocast_decrement_nesting compiled_with_cxx11_abi
    are_deterministic_algorithms_enabled is_deterministic_algorithms_warn_only_enabled
    is_autocast_enabled is_autocast_cpu_enabled is_autocast_cache_enabled
    is_anomaly_enabled is_anomaly_check_nan_enabled is_warn_always_enabled is_same_size
    is_conj is_neg broadcast_shapes sym_max sym_min sym_int sym_float sym_not sym_ite sym_sum
    sym_fresh_size
""", returns=HOST)
_declare(F, T, "equal allclose", Tag.HOST_COMPARISON)
_declare(F, T, """
    tensor as_tensor zeros ones empty full arange range linspace logspace rand randn randint
    randperm eye scalar_tensor empty_strided asarray
""", Tag.FACTORY)
_declare(F, T, "tensor as_tensor asarray", Tag.COPIES_DATA)
_declare(F, T, """
    split chunk unbind tensor_split meshgrid broadcast_tensors atleast_1d hsplit vsplit dsplit
""", returns=Seq(TENSOR))
_declare(F, T, "split chunk unbind tensor_split hsplit vsplit dsplit", Tag.PIECES_OF_FIRST)
_declare(F, T, """
    isnan isinf isfinite isposinf isneginf isreal signbit isclose isin logical_and logical_or
    logical_not logical_xor eq ne gt ge lt le greater greater_equal less less_equal not_equal
    any all
""", Tag.BOOL_RESULT)
_declare(F, T, "nonzero argwhere masked_select unique unique_consecutive where repeat_interleave",
         Tag.DATA_DEPENDENT_SHAPE)
_declare(F, T, """
    abs square sqrt isnan isinf isfinite isposinf isneginf logical_not pow eq ne gt ge lt le
    sign nan_to_num clamp flatten ravel
""", Tag.ELEMENTWISE)
_declare(F, T, """
    sum mean nansum nanmean prod count_nonzero any all amax amin min max aminmax std var norm
""", Tag.REDUCTION)
_declare(F, T + "linalg.", "vector_norm norm", Tag.REDUCTION)
_declare(F, T, "norm", Tag.NORM)
_declare(F, T + "linalg.", "vector_norm norm", Tag.NORM)
_declare(F, T + "linalg.", "vector_norm", Tag.NORM_LIKE)
_declare(F, T, "sum nansum", Tag.SUM)
_declare(F, T, "cat concat concatenate stack hstack", Tag.JOINS_FLATTENED)
_declare(F, T, "stack cat hstack", Tag.JOINS_NORMS)
_declare(F, T, "stack cat concat concatenate hstack vstack", Tag.GATHERS)
_declare(F, T, "compile _dynamo.optimize", Tag.COMPILES)
_declare(F, T + "jit.", "script script_method export script_if_tracing", Tag.COMPILES)
_declare(F, T + "cuda.", "synchronize", Tag.DEVICE_WIDE_SYNC)
_declare(F, T + "accelerator.", "synchronize", Tag.DEVICE_WIDE_SYNC)
_declare(F, T + "xpu.", "synchronize", Tag.DEVICE_WIDE_SYNC)
_declare(F, T + "mps.", "synchronize", Tag.DEVICE_WIDE_SYNC)
_declare(F, T + "npu.", "synchronize", Tag.DEVICE_WIDE_SYNC)

# -- dtypes -----------------------------------------------------------------------------
_declare(Form.DTYPE, T, """
    float16 float32 float64 bfloat16 half float double int8 int16 int32 int64 uint8 bool long
    int short complex64 complex128 float8_e4m3fn float8_e5m2
""")
_declare(Form.DTYPE, T, "float64 double", Tag.FLOAT64)
_declare(Form.DTYPE, T, "float32 float float16 half bfloat16", Tag.NARROW_FLOAT)
# Families: what `.item()` of a tensor of the dtype gives (a float, an int, a bool).
_declare(Form.DTYPE, T, "float16 float32 float64 bfloat16 half float double float8_e4m3fn "
         "float8_e5m2", Tag.FLOAT_DTYPE)
_declare(Form.DTYPE, T, "int8 int16 int32 int64 uint8 long int short", Tag.INT_DTYPE)
_declare(Form.DTYPE, T, "bool", Tag.BOOL_DTYPE)
_declare(Form.DTYPE, T, "complex64 complex128", Tag.COMPLEX_DTYPE)
# Aliases and their canonical names.
for _canonical, _aliases in {"float32": "float32 float", "float64": "float64 double",
                             "float16": "float16 half", "bfloat16": "bfloat16",
                             "int64": "int64 long", "int32": "int32 int",
                             "int16": "int16 short", "int8": "int8", "uint8": "uint8",
                             "bool": "bool", "complex64": "complex64",
                             "complex128": "complex128", "float8_e4m3fn": "float8_e4m3fn",
                             "float8_e5m2": "float8_e5m2"}.items():
    _declare(Form.DTYPE, T, _aliases, dtype=T + _canonical)

# -- tensor methods ---------------------------------------------------------------------
_declare(M, TM, """
    item tolist numel dim ndimension size stride element_size nelement is_contiguous
    is_floating_point is_complex data_ptr get_device storage_offset is_pinned is_shared
    untyped_storage _typed_storage storage typed_storage __len__ is_set_to has_names
    is_signed is_nonzero equal allclose
    _nnz sparse_dim dense_dim is_coalesced is_inference is_conj is_neg is_same_size _is_view
    dim_order
""", returns=HOST)
# A nested tensor's metadata tables live on the CPU whatever its device (the strided
# nested tensor keeps them there to size its components without a sync).
_declare(M, TM, "_nested_tensor_size _nested_tensor_strides _nested_tensor_storage_offsets",
         returns=HOST_TENSOR)
# Not `numpy`: `Tensor.numpy()` raises on an accelerator tensor (CUDA, MPS), so on any
# receiver it is a tensor already on the host (or NumPy-like): never a sync. The `.cpu()`
# or `.to("cpu")` before it is the read, and that call is what is reported.
_declare(M, TM, "item tolist cpu", Tag.READS_VALUES)
_declare(M, TM, "item cpu", Tag.LIKELY_TENSOR)
_declare(M, TM, "equal allclose", Tag.HOST_COMPARISON)
_declare(M, TM, """
    isnan isinf isfinite isposinf isneginf isreal signbit isclose isin logical_and logical_or
    logical_not logical_xor eq ne gt ge lt le greater greater_equal less less_equal not_equal
    any all bool
""", Tag.BOOL_RESULT)
_declare(M, TM, """
    detach cpu cuda float double half bfloat16 numel isnan isinf isfinite contiguous unsqueeze
    permute masked_fill masked_fill_ masked_select logical_not requires_grad_ numpy norm
    square nansum isneginf isposinf nan_to_num type_as view_as expand_as new_zeros new_ones
    new_full new_empty new_tensor pin_memory addcmul_ addcdiv_ lerp_ mul_ add_ div_ copy_
    zero_ clamp_ record_stream topk kthvalue
""", Tag.TENSOR_ONLY)
# `eq` ... `le`: pandas has them, NumPy arrays do not (`np.equal` is a function).
_declare(M, TM, "pow abs exp log clamp sqrt sum bool mode eq ne gt ge lt le",
         Tag.WEAK_TENSOR_ONLY)
_declare(M, TM, "nonzero argwhere masked_select unique unique_consecutive repeat_interleave",
         Tag.DATA_DEPENDENT_SHAPE)
_declare(M, TM, "masked_select unique_consecutive repeat_interleave argwhere",
         Tag.SHAPE_OP_TENSOR_ONLY)
_declare(M, TM, """
    abs pow square sqrt exp log neg sign isnan isinf isfinite isposinf isneginf logical_not
    float double half bfloat16 bool int long to type detach clone contiguous eq ne gt ge lt le
    clamp clip nan_to_num flatten ravel view reshape
""", Tag.ELEMENTWISE)
_declare(M, TM, """
    sum mean nansum nanmean prod count_nonzero any all amax amin min max aminmax std var norm
""", Tag.REDUCTION)
_declare(M, TM, "norm", Tag.NORM_LIKE)
_declare(M, TM, "std var", Tag.STD_LIKE)
_declare(M, TM, "sum nansum", Tag.SUM)
_declare(M, TM, "detach float double half bfloat16 contiguous clone to cpu cuda type",
         Tag.PASS_THROUGH)
_declare(M, TM, """
    float double detach flatten view reshape contiguous ravel abs clone to half bfloat16
    squeeze type
""", Tag.NORM_OPERAND)
_declare(M, TM, "float half bfloat16", Tag.NARROWING_CAST)
# Casts: the dtype of the result whatever the input (called without arguments).
for _method, _dtype in {"float": "float32", "double": "float64", "half": "float16",
                        "bfloat16": "bfloat16", "bool": "bool", "long": "int64", "int": "int32",
                        "short": "int16", "byte": "uint8", "char": "int8"}.items():
    _declare(M, TM, _method, Tag.CAST, dtype=T + _dtype)
# A sparse tensor's counts are host metadata: `s._nnz() == 0` does not wait for the device.
_declare(M, TM, "numel size dim ndimension element_size nelement get_device _nnz sparse_dim "
         "dense_dim", Tag.METADATA)

# -- tensor attributes ------------------------------------------------------------------
_declare(A, TM, """
    shape dtype device ndim is_cuda requires_grad is_leaf layout names itemsize nbytes
    is_sparse is_quantized is_meta is_mps is_xla is_cpu grad_fn output_nr _version is_nested
""", returns=HOST)
_declare(A, TM, "data T mT H mH real imag", Tag.SAME_KIND)
# Fields of torch.return_types (max/min/median/mode/kthvalue/topk/sort/aminmax, eigh, slogdet).
_declare(A, TM, "values indices eigenvalues eigenvectors logabsdet", Tag.NAMED_FIELD)
_declare(A, TM, "data grad", Tag.PASS_THROUGH)
_declare(A, TM, "shape dtype device ndim is_cuda requires_grad nbytes itemsize layout",
         Tag.METADATA)

# -- nn.Module --------------------------------------------------------------------------
_declare(M, "Module.", "parameters buffers", returns=Seq(TENSOR))
_declare(M, "Module.", "named_parameters named_buffers", returns=Seq(Tup((HOST, TENSOR))))
_declare(M, "Module.", "state_dict", returns=MappingKind(HOST, TENSOR))
_declare(M, "Module.", "modules children", Tag.YIELDS_MODULES, returns=Seq(MODULE))
_declare(M, "Module.", "named_modules named_children", Tag.YIELDS_MODULES,
         returns=Seq(Tup((HOST, MODULE))))

# -- accelerator modules (`torch.hip`: the name code probing for ROCm uses) ---------------
_declare(Form.MODULE, T, """
    cuda hip npu mlu hpu musa xpu mps mtia xla ipu sdaa gcu neuron accelerator
""", Tag.ACCELERATOR)

# -- what Python and NumPy do with a tensor ---------------------------------------------
_declare(F, "builtins.", """
    float int bool complex len str repr isinstance hasattr callable id hash format type print
    range ord chr divmod
""", returns=HOST)
_declare(F, "builtins.", "float int bool complex str repr print format", Tag.READS_VALUES)
_declare(Form.MODULE, "", "math", Tag.READS_VALUES)
_declare(F, "numpy.", "asarray array", Tag.READS_VALUES)

# -- keywords only torch takes (NumPy says `axis=`, `keepdims=`) ----------------------------
_declare(Form.KEYWORD, "", "dim keepdim", Tag.TENSOR_ONLY)

#: The table: API name -> facts. Read-only.
TABLE: Mapping[str, Facts] = MappingProxyType(_table)


# -- views: what the inference and the rules ask ----------------------------------------------
def _select(form: Form, prefix: str, *, tag: Tag | None = None, returns: Kind | None = None,
            short: bool = True) -> frozenset[str]:
    """Names of `form` under `prefix` with `tag` (and/or result `returns`), without the
    prefix when `short`."""
    found: set[str] = set()
    for key, facts in _table.items():
        if facts.form is not form or not key.startswith(prefix):
            continue
        if tag is not None and tag not in facts.tags:
            continue
        if returns is not None and facts.returns != returns:
            continue
        found.add(key[len(prefix):] if short else key)
    return frozenset(found)


def _union(*sets: Iterable[str]) -> frozenset[str]:
    return frozenset().union(*sets)


def _tagged(tag: Tag, *forms: Form) -> frozenset[str]:
    """Full names (`torch.linalg.norm`) of every entry of `forms` with `tag`."""
    return frozenset(k for k, f in _table.items() if f.form in forms and tag in f.tags)


def _last(names: Iterable[str]) -> frozenset[str]:
    return frozenset(name.rsplit(".", 1)[-1] for name in names)


# torch.* functions (short names: `torch.<name>` only, no submodules).
def _top(names: frozenset[str]) -> frozenset[str]:
    return frozenset(n for n in names if "." not in n)


#: Full names of the functions that compile the function they decorate or are given.
COMPILERS = _tagged(Tag.COMPILES, F)
#: torch.<name> functions whose results are pieces of their first argument, on its device.
PIECE_FUNCTIONS = _top(_select(F, T, tag=Tag.PIECES_OF_FIRST))
#: torch.<name> functions whose result is a host value.
TORCH_HOST_FUNCTIONS = _top(_select(F, T, returns=HOST))
#: torch.<name> factories: a host tensor unless a device is given.
TORCH_FACTORIES = _top(_select(F, T, tag=Tag.FACTORY))
#: torch.<name> constructors that copy their data argument.
COPYING_CONSTRUCTORS = _top(_select(F, T, tag=Tag.COPIES_DATA))
#: torch.<name> functions that return a sequence of tensors.
TORCH_SEQUENCE_FUNCTIONS = _top(_select(F, T, returns=Seq(TENSOR)))
#: Functions and methods whose tensor result is boolean.
BOOL_RESULTS = _union(_top(_select(F, T, tag=Tag.BOOL_RESULT)),
                      _select(M, TM, tag=Tag.BOOL_RESULT))
#: Tensor methods whose result is a host value.
HOST_METHODS = _select(M, TM, returns=HOST)
#: Tensor methods whose result is a CPU tensor whatever the receiver's device.
HOST_TENSOR_METHODS = _select(M, TM, returns=HOST_TENSOR)
#: Tensor attributes that read host metadata and never synchronise.
HOST_ATTRIBUTES = _select(A, TM, returns=HOST)
#: Tensor attributes that are tensors of the receiver's kind.
TENSOR_ATTRIBUTES = _select(A, TM, tag=Tag.SAME_KIND)
#: Fields of the named tuples torch ops return: tensors on the op's device.
NAMED_FIELDS = _select(A, TM, tag=Tag.NAMED_FIELD)
#: Methods only tensors have: a call proves its receiver is a tensor.
TORCH_ONLY_METHODS = _select(M, TM, tag=Tag.TENSOR_ONLY)
#: Methods NumPy and pandas objects have too.
WEAK_TENSOR_METHODS = _select(M, TM, tag=Tag.WEAK_TENSOR_ONLY)
#: Keywords only torch's reductions take.
TORCH_KEYWORDS = _select(Form.KEYWORD, "", tag=Tag.TENSOR_ONLY)
#: torch.<backend> modules of accelerators.
ACCELERATOR_MODULES = _select(Form.MODULE, T, tag=Tag.ACCELERATOR)
#: Python builtins whose result is a host value whatever the argument.
HOST_BUILTINS = _select(F, "builtins.", returns=HOST)
#: Every torch dtype name (`torch.<name>`).
DTYPE_NAMES = _select(Form.DTYPE, T)
#: Qualified dtype name (`torch.long`) -> its canonical name (`torch.int64`).
DTYPE_CANONICAL: Mapping[str, str] = MappingProxyType({
    key: facts.dtype for key, facts in _table.items()
    if facts.form is Form.DTYPE and facts.dtype is not None
})
_FAMILY_TAGS = {Tag.FLOAT_DTYPE: "float", Tag.INT_DTYPE: "int", Tag.BOOL_DTYPE: "bool",
                Tag.COMPLEX_DTYPE: "complex"}
#: Qualified dtype name -> its family: "float", "int", "bool" or "complex".
DTYPE_FAMILIES: Mapping[str, str] = MappingProxyType({
    key: family for key, facts in _table.items() if facts.form is Form.DTYPE
    for tag, family in _FAMILY_TAGS.items() if tag in facts.tags
})
#: Tensor cast methods (`long`) -> the canonical dtype of their result (`torch.int64`).
CAST_METHOD_DTYPES: Mapping[str, str] = MappingProxyType({
    key[len(TM):]: facts.dtype for key, facts in _table.items()
    if key.startswith(TM) and Tag.CAST in facts.tags and facts.dtype is not None
})
#: Qualified float64 dtypes, and float dtypes narrower than float64.
F64_DTYPES = _select(Form.DTYPE, T, tag=Tag.FLOAT64, short=False)
NARROW_DTYPES = _select(Form.DTYPE, T, tag=Tag.NARROW_FLOAT, short=False)
#: nn.Module methods that yield tensors, and what they yield.
MODULE_TENSOR_ITERATORS: Mapping[str, Kind] = MappingProxyType({
    key[len("Module."):]: facts.returns
    for key, facts in _table.items()
    if key.startswith("Module.") and facts.returns is not None
    and Tag.YIELDS_MODULES not in facts.tags
})
#: nn.Module methods that yield modules.
MODULE_ITERATORS = _select(M, "Module.", tag=Tag.YIELDS_MODULES)

# Host reads (SYN101).
#: Tensor methods that copy a device tensor to the host and wait for it.
SYNC_METHODS = _select(M, TM, tag=Tag.READS_VALUES)
#: Of those, the ones that mean "tensor" even on a receiver the analysis cannot prove.
LIKELY_TENSOR_METHODS = _select(M, TM, tag=Tag.LIKELY_TENSOR)
#: torch functions and tensor methods that compare tensors and return a Python bool.
SYNC_COMPARISONS = _union(_top(_select(F, T, tag=Tag.HOST_COMPARISON)),
                          _select(M, TM, tag=Tag.HOST_COMPARISON))
#: Builtins that read a tensor's value on the host.
SYNC_BUILTINS = _select(F, "builtins.", tag=Tag.READS_VALUES)
#: Qualified-name prefixes of functions that read tensor values on the host
#: (`math.` for the whole module).
SYNC_MODULES: tuple[str, ...] = tuple(sorted(
    [name + "." for name in _select(Form.MODULE, "", tag=Tag.READS_VALUES)]
    + [name for name in _tagged(Tag.READS_VALUES, F) if not name.startswith("builtins.")]
    # torch.distributed's object collectives pickle their objects (distributed.py).
    + [call.name for call in DISTRIBUTED.calls if call.syncs]
))
#: Device-wide waits (SYN103).
DEVICE_WIDE = _tagged(Tag.DEVICE_WIDE_SYNC, F)

# Data-dependent shapes (SYN104).
SHAPE_FUNCTIONS = _union(_top(_select(F, T, tag=Tag.DATA_DEPENDENT_SHAPE)),
                         _select(M, TM, tag=Tag.DATA_DEPENDENT_SHAPE))
SHAPE_TORCH_ONLY = _select(M, TM, tag=Tag.SHAPE_OP_TENSOR_ONLY)

# Joins, element-wise ops and reductions (SYN201, SYN202, SYN301).
JOIN_FLATTENED_FUNCTIONS = _tagged(Tag.JOINS_FLATTENED, F)
JOIN_NORM_FUNCTIONS = _tagged(Tag.JOINS_NORMS, F)
GATHER_FUNCTIONS = _tagged(Tag.GATHERS, F)
PASS_THROUGH_METHODS = _select(M, TM, tag=Tag.PASS_THROUGH)
PASS_THROUGH_ATTRIBUTES = _select(A, TM, tag=Tag.PASS_THROUGH)
ELEMENTWISE_METHODS = _select(M, TM, tag=Tag.ELEMENTWISE)
ELEMENTWISE_FUNCTIONS = _tagged(Tag.ELEMENTWISE, F)
REDUCTION_METHODS = _select(M, TM, tag=Tag.REDUCTION)
REDUCTION_FUNCTIONS = _tagged(Tag.REDUCTION, F)
NORM_LIKE_REDUCTIONS = _last(_tagged(Tag.NORM_LIKE, F, M))
STD_LIKE_REDUCTIONS = _last(_tagged(Tag.STD_LIKE, F, M))
METADATA_ATTRIBUTES = _select(A, TM, tag=Tag.METADATA)
METADATA_METHODS = _select(M, TM, tag=Tag.METADATA)
NORM_FUNCTIONS = _tagged(Tag.NORM, F)
NORM_OPERAND_METHODS = _select(M, TM, tag=Tag.NORM_OPERAND)
NARROWING_METHODS = _select(M, TM, tag=Tag.NARROWING_CAST)
SUM_METHODS = _select(M, TM, tag=Tag.SUM)
SUM_FUNCTIONS = _tagged(Tag.SUM, F)

#: `torch.*` functions that wrap host memory: their tensors are on the CPU, whatever the
#: default device (`torch.from_numpy(a)`, `torch.frombuffer(response.content, ...)`).
HOST_MEMORY_FUNCTIONS = frozenset({"from_numpy", "frombuffer", "from_file"})
#: Loaders and the keyword that says where they put the tensors they read: given a CPU
#: device (`torch.load(path, map_location="cpu")`, `torch.device("cpu")`), the result
#: (a checkpoint or state dict) holds CPU tensors; otherwise they go where they were saved.
LOAD_LOCATIONS = {"torch.load": "map_location"}

# -- what torch shares with the other libraries' tables -----------------------------------
#: `nn.Module` and optimizer classes: any `torch.nn.<Class>` is a module, any
#: `torch.optim.<Class>` steps like an optimizer (schedulers included, as before).
MODULE_BASE = "torch.nn.Module"
OPTIMIZER_BASE = "torch.optim.Optimizer"
DISTRIBUTION_BASE = "torch.distributions.Distribution"
#: Modules of `torch.distributions` whose classes are not distributions.
_NOT_DISTRIBUTIONS = frozenset({"constraints", "constraint_registry", "transforms", "kl",
                                "utils"})
#: A distribution draws and scores on every use: once per step of an SVI model or guide
#: (pyro), of a policy acting or being updated (RL), of a sampled loss.
DISTRIBUTION_ROLES = (
    Role(DISTRIBUTION_BASE, "sample", "a distribution's `sample` runs on every draw",
         (HOST,)),
    Role(DISTRIBUTION_BASE, "rsample", "a distribution's `rsample` runs on every draw",
         (HOST,)),
    Role(DISTRIBUTION_BASE, "log_prob", "a distribution's `log_prob` runs on every score",
         (TENSOR,)),
)

#: Methods of `torch.distributions` (and pyro) distributions whose result is a tensor on
#: the distribution's device. Called on a value of unknown kind in torch code (`pout` of
#: `pout, values = self.model(states)`, a policy's output), the result is such a tensor:
#: no tensor, NumPy array or Python value has them (`sample` has other meanings: a
#: dataset's, `random.sample`).
DISTRIBUTION_TENSOR_METHODS = frozenset({"entropy", "log_prob", "rsample"})


def torch_base(qualified: str) -> str | None:
    """The torch base a qualified class name stands for (`torch.nn.Linear` is a module),
    or None."""
    last = qualified.rsplit(".", 1)[-1]
    if qualified.startswith("torch.nn.") and last.lstrip("_")[:1].isupper():
        return MODULE_BASE  # `Linear`, and the private bases `_Loss`, `_ConvNd`, `_BatchNorm`
    if not last[:1].isupper():
        return None
    if qualified.startswith("torch.optim."):
        return OPTIMIZER_BASE
    if qualified.startswith("torch.distributions.") and \
            _NOT_DISTRIBUTIONS.isdisjoint(qualified.split(".")[2:-1]):
        return DISTRIBUTION_BASE  # `torch.distributions.Normal`, `...normal.Normal`
    return None


_HOOK = "every backward"
LIBRARY = Library(
    name="torch",
    roots=("torch",),
    classes=(
        Class(MODULE_BASE, module=True, called=TENSOR),
        Class(OPTIMIZER_BASE),
        Class(DISTRIBUTION_BASE),
    ),
    roles=(
        Role(MODULE_BASE, "forward", "`forward` runs on every call of the module"),
        # A `__call__` of its own replaces `Module.__call__`, which would run `forward`.
        Role(MODULE_BASE, "__call__", "`__call__` runs on every call of the module"),
        *DISTRIBUTION_ROLES,
        Role(OPTIMIZER_BASE, "step", "`Optimizer.step` runs once per training step"),
    ),
    registrars=(
        Registrar("register_hook", 0, _HOOK),
        Registrar("register_post_accumulate_grad_hook", 0, _HOOK),
        Registrar("register_forward_hook", 0, "every forward"),
        Registrar("register_forward_pre_hook", 0, "every forward"),
        Registrar("register_full_backward_hook", 0, _HOOK),
        Registrar("register_full_backward_pre_hook", 0, _HOOK),
        Registrar("register_backward_hook", 0, _HOOK),
        Registrar("register_step_pre_hook", 0, "every optimizer step"),
        Registrar("register_step_post_hook", 0, "every optimizer step"),
        Registrar("register_comm_hook", 1, _HOOK),
        Registrar("register_multi_grad_hook", 1, _HOOK),
        # The autograd engine runs a queued callback once, at the end of the backward pass
        # in progress: queued from a backward hook (or an autograd Function's backward),
        # which is the only place it may be called, it runs once per backward.
        Registrar("queue_callback", 0, _HOOK),
    ),
    # Activation checkpointing runs the function now (and again in backward).
    invokers=(Invoker("torch.utils.checkpoint.checkpoint", 0, qualified=True,
                      passes_keywords=False),),
    state_registrars=(StateRegistrar(MODULE_BASE, "register_buffer", 1, "tensor"),),
)

#: The legacy tensor classes as annotations (`ids: torch.LongTensor`) -> the kind of the
#: value. transformers and diffusers annotate tensors of any device this way, so the
#: `torch.` and `torch.cuda.` names alike are tensors that may live on an accelerator (the
#: kinds carry no integer dtype: the integer classes are plain tensors). Called, the CPU
#: classes build host tensors (`calls.py`); this is only what an annotation says.
_LEGACY_DTYPES = {
    "FloatTensor": TENSOR, "HalfTensor": TENSOR, "BFloat16Tensor": TENSOR,
    "DoubleTensor": F64_TENSOR, "LongTensor": TENSOR, "IntTensor": TENSOR,
    "ShortTensor": TENSOR, "CharTensor": TENSOR, "ByteTensor": TENSOR,
    "BoolTensor": BOOL_TENSOR,
}
LEGACY_TENSOR_ANNOTATIONS: Mapping[str, Kind] = MappingProxyType({
    f"{prefix}{name}": kind for name, kind in _LEGACY_DTYPES.items()
    for prefix in ("torch.", "torch.cuda.")})

#: Functions that raise unless an argument is a CPU tensor: qualified name -> (position,
#: keyword) of that argument. After such a call returns, the tensor passed there is on the
#: CPU (`pack_padded_sequence(x, lengths)`: "must be on the CPU if provided as a tensor").
CPU_ONLY_ARGUMENTS: Mapping[str, tuple[int, str]] = MappingProxyType({
    "torch.nn.utils.rnn.pack_padded_sequence": (1, "lengths"),
})

#: Methods that register a callable that then runs per step, and the callable's position
#: (the torch hooks; the other libraries' registrars are in their tables).
HOOK_REGISTRARS: Mapping[str, tuple[int, str]] = MappingProxyType({
    r.name: (r.position, r.when) for r in LIBRARY.registrars})

__all__ = [
    "ACCELERATOR_MODULES", "BOOL_RESULTS", "CAST_METHOD_DTYPES", "COMPILERS", "CPU_ONLY_ARGUMENTS",
    "COPYING_CONSTRUCTORS", "DEVICE_WIDE", "DISTRIBUTION_BASE", "DISTRIBUTION_ROLES", "DISTRIBUTION_TENSOR_METHODS", "DTYPE_CANONICAL", "DTYPE_FAMILIES", "DTYPE_NAMES",
    "ELEMENTWISE_FUNCTIONS", "ELEMENTWISE_METHODS", "F64_DTYPES", "GATHER_FUNCTIONS",
    "HOOK_REGISTRARS", "HOST_ATTRIBUTES", "HOST_BUILTINS", "HOST_MEMORY_FUNCTIONS", "LOAD_LOCATIONS",
    "HOST_METHODS", "HOST_TENSOR_METHODS", "JOIN_FLATTENED_FUNCTIONS", "JOIN_NORM_FUNCTIONS", "LEGACY_TENSOR_ANNOTATIONS", "LIBRARY",
    "LIKELY_TENSOR_METHODS", "METADATA_ATTRIBUTES", "METADATA_METHODS", "MODULE_BASE",
    "MODULE_ITERATORS", "MODULE_TENSOR_ITERATORS", "NAMED_FIELDS", "NARROWING_METHODS",
    "NARROW_DTYPES", "NORM_FUNCTIONS", "NORM_LIKE_REDUCTIONS", "NORM_OPERAND_METHODS",
    "OPTIMIZER_BASE", "PASS_THROUGH_ATTRIBUTES", "PASS_THROUGH_METHODS", "PIECE_FUNCTIONS",
    "REDUCTION_FUNCTIONS", "REDUCTION_METHODS", "SHAPE_FUNCTIONS", "SHAPE_TORCH_ONLY",
    "STD_LIKE_REDUCTIONS", "SUM_FUNCTIONS", "SUM_METHODS", "SYNC_BUILTINS",
    "SYNC_COMPARISONS", "SYNC_METHODS", "SYNC_MODULES", "TABLE", "TENSOR_ATTRIBUTES",
    "TORCH_FACTORIES", "TORCH_HOST_FUNCTIONS", "TORCH_KEYWORDS", "TORCH_ONLY_METHODS",
    "TORCH_SEQUENCE_FUNCTIONS", "WEAK_TENSOR_METHODS", "Facts", "Form", "Tag", "torch_base",
]
