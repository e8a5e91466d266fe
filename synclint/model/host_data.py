"""Code that works on data on the host: a dataset's `__getitem__` runs in a DataLoader
worker on CPU tensors (`knowledge.host_data`), and a loop over a DataLoader built in the
project reads the batches it built; a tensor there whose device nothing shows is a CPU
tensor. A function that moves a value to a device itself keeps every finding.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from synclint import knowledge
from synclint.analysis.kinds import (
    HOST,
    HOST_TENSOR,
    UNKNOWN,
    Kind,
    Tup,
)
from synclint.knowledge.host_data import HOST_LOADER
from synclint.knowledge.torch import DTYPE_NAMES

if TYPE_CHECKING:
    from synclint.model.flow import Flow

#: `.to(...)` keywords that never name a device.
_NOT_DEVICE_KEYWORDS = frozenset({"dtype", "non_blocking", "copy", "memory_format"})


def host_data_role(name: str, body: ast.AST, bases: Sequence[str],
                   tree: ast.Module | None = None) -> str | None:
    """Why the method `name` (of a class deriving from the library `bases`) works on host
    data, or None: a dataset's sample builders, and the helpers of its class that only
    they call (`sample_helper`, where the module's `tree` is given), unless `body` moves a
    value to a device."""
    if not bases:
        return None
    role = knowledge.host_role(name, bases)
    reason = role.reason if role is not None else None
    if reason is None and tree is not None and isinstance(
            body, ast.FunctionDef | ast.AsyncFunctionDef) and knowledge.host_role(
            "__getitem__", bases) is not None:
        reason = sample_helper(body, bases, tree)
    if reason is None or moves_to_device(body):
        return None
    return reason


def sample_helper(method: ast.FunctionDef | ast.AsyncFunctionDef, bases: Sequence[str],
                  tree: ast.Module) -> str | None:
    """Why `method` of a dataset class builds samples on the host, where the class's own
    sample builders (`__getitem__`) are the only code of its class that uses it, directly
    or through other such helpers (fairseq's `DenoisingDataset.add_whole_word_mask`,
    fresh18 F1), or None. A method the class does not use itself (a replay buffer's
    `sample(batch_size)`, which training code calls) keeps its device."""
    cls = _class_of(method, tree)
    if cls is None:
        return None
    methods = {node.name: node for node in cls.body
               if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    users: dict[str, set[str]] = {name: set() for name in methods}
    for name, node in methods.items():
        for child in ast.walk(node):
            if isinstance(child, ast.Attribute) and child.attr in users and \
                    isinstance(child.value, ast.Name) and child.value.id == "self" and \
                    child.attr != name:
                users[child.attr].add(name)
    builders = {name for name in methods if knowledge.host_role(name, bases) is not None}
    helpers = set(builders)
    changed = True
    while changed:
        changed = False
        for name, used_by in users.items():
            if name not in helpers and used_by and used_by <= helpers:
                helpers.add(name)
                changed = True
    if method.name not in helpers or method.name in builders:
        return None
    first = sorted(builders & _reaching(method.name, users))[:1]
    return f"only `{first[0] if first else '__getitem__'}` uses it to build a sample, on the host"


def _reaching(name: str, users: dict[str, set[str]]) -> set[str]:
    """The methods that use `name`, directly or through the methods that use it."""
    found: set[str] = set()
    pending = [name]
    while pending:
        for user in users.get(pending.pop(), ()):
            if user not in found:
                found.add(user)
                pending.append(user)
    return found


def _class_of(method: ast.AST, tree: ast.Module) -> ast.ClassDef | None:
    """The class whose body defines `method` directly, found in the module `tree` (its
    classes, by the methods they define, found once per tree)."""
    found = _CLASSES.get(id(tree))
    if found is None or found[0] is not tree:
        if len(_CLASSES) > 64:
            _CLASSES.clear()
        owners = {id(child): node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                  for child in node.body}
        found = _CLASSES[id(tree)] = (tree, owners)
    return found[1].get(id(method))


_CLASSES: dict[int, tuple[ast.Module, dict[int, ast.ClassDef]]] = {}


#: The packages of a library that build its data sets (`avalanche.benchmarks.classic`,
#: `pykeen.datasets.ea`, `mmdet.datasets.transforms`): a folder with an `__init__.py`, so
#: a repository's folder of benchmark scripts (no package) is not one.
_DATA_PACKAGES = frozenset({"datasets", "benchmarks"})
#: The bases a data transform written on torchvision's transforms derives from.
_TRANSFORM_BASES = ("torchvision.transforms.", "torch.nn.Module", "torch.nn.modules.", "object")


def module_host_role(module: str, imports: Iterable[str], bases: Sequence[str],
                     project_bases: int, body: ast.AST) -> str | None:
    """Why a function of the module `module` (its dotted name; `imports`, the dotted
    targets it imports) works on data built on the host, or None, unless `body` moves a
    value to a device or copies one to the host: a package a library table names (`pykeen.triples`); a module of a
    library's `datasets` or `benchmarks` package; a
    `transforms` module written on torchvision's transforms (not on kornia, which augments
    batches already on the device), in a class deriving from nothing but torchvision's
    transforms or `nn.Module` (`bases`; `project_bases`, the project classes above it)."""
    parts = module.split(".")
    package = next((part for part in parts[:-1] if part in _DATA_PACKAGES), None)
    role = knowledge.host_package(module)
    if role is None and package is not None:
        role = f"a module of a `{package}` package builds data on the host"
    elif role is None and "transforms" in parts and _torchvision_transforms(imports) and \
            project_bases == 0 and all(base.startswith(_TRANSFORM_BASES) for base in bases):
        role = "a transform written on torchvision's transforms runs in a data pipeline"
    if role is None or moves_to_device(body) or _copies_to_host(body):
        return None
    return role


def _copies_to_host(node: ast.AST) -> bool:
    """Whether the code under `node` calls `.cpu()`: it is handed values that may live
    elsewhere (a prediction's scores given to a data package's `tensor_to_df`), so where
    it lives does not make its tensors host data."""
    return any(isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and
               child.func.attr == "cpu" for child in ast.walk(node))


def _torchvision_transforms(imports: Iterable[str]) -> bool:
    targets = list(imports)
    return any(t.startswith("torchvision.transforms") for t in targets) and \
        not any(t == "kornia" or t.startswith("kornia.") for t in targets)


def host_sample(flow: Flow, cls: str) -> Kind | None:
    """`dataset[idx]` of an object of the project class `cls`: the sample its
    `__getitem__` builds, when that is a host-data role (a Dataset's, that moves nothing
    to a device), with its tensors on the CPU; None otherwise."""
    classes = list(flow.project._mro(cls))
    bases = (*flow._library_bases(cls), *(c.key.replace(":", ".") for c in classes))
    key = next((c.methods["__getitem__"] for c in classes if "__getitem__" in c.methods),
               None)
    if key is None or knowledge.host_role("__getitem__", bases) is None:
        return None
    flow.callees.add(key)  # its summary is read: evaluated again when that changes
    summary = flow.project.summaries.get(key)
    if summary is None or knowledge.to_host(summary.returns) != summary.returns:
        return None  # it returns device tensors: it moved its sample
    return hosted(summary.returns)


#: Names of a value that is a data set: `dataset`, `train_dataset`, `self.val_dataset`.
_DATASET_SUFFIXES = ("_dataset", "_data_set")


def dataset_named(node: ast.expr) -> bool:
    """Whether `node` names a data set (`dataset`, `self.train_dataset`): an item read
    from it (`dataset[idx]`) is a sample its `__getitem__` built on the host."""
    name = node.id if isinstance(node, ast.Name) else (
        node.attr if isinstance(node, ast.Attribute) else "")
    lowered = name.lower()
    return lowered == "dataset" or lowered.endswith(_DATASET_SUFFIXES)


#: Why a loop over a loader makes the rest of a function host code.
LOADER_LOOP = "iterates a DataLoader's host batches and moves nothing to a device"
#: Calls whose result iterates over their first argument's elements, counted from 0.
_WRAPPERS = {"enumerate": True, "iter": False, "tqdm": False}


def loader_batches(iterable: ast.expr, kind_of: Callable[[ast.expr], Kind]) -> Kind | None:
    """What a `for` over `iterable` binds when it iterates a DataLoader built in the
    project (`for batch in self.loader`, `enumerate(loader)`, `tqdm(loader)`): host
    batches, or a count and a host batch; None for any other iterable."""
    if kind_of(iterable) == HOST_LOADER:
        return HOST_TENSOR
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and \
            iterable.func.id in _WRAPPERS and iterable.args and \
            kind_of(iterable.args[0]) == HOST_LOADER:
        return Tup((HOST, HOST_TENSOR)) if _WRAPPERS[iterable.func.id] else HOST_TENSOR
    return None


#: Builtins that read what they are given and move nothing (`zip(targets, outputs)`).
_PASSIVE = frozenset({
    "zip", "enumerate", "len", "list", "tuple", "iter", "next", "sorted", "reversed",
    "print", "isinstance", "str", "repr", "dict", "set", "sum", "min", "max", "any", "all",
    "int", "float", "bool", "type", "id"})
#: Words in a loader's name that say its batches may already be on a device.
_DEVICE_LOADER_WORDS = ("device", "cuda", "gpu", "prefetch")


def unmoved_fields(loop: ast.For | ast.AsyncFor) -> frozenset[str]:
    """The names a `for a, b in <data loader>:` binds that stay host data: the loop moves a
    sibling to a device itself (`images = [img.to(device) for img in images]`), which shows
    the loader yields host batches, but never moves this one, nor hands it (or a piece of
    it) to any call but a builtin (`model(images, targets)` may move it). The loader is
    named as one (`data_loader`, `log_every(val_loader, ...)`), and not a device or
    prefetching one."""
    target = loop.target
    if not isinstance(target, (ast.Tuple, ast.List)) or not _loader_named(loop.iter):
        return frozenset()
    names = [elt.id for elt in target.elts if isinstance(elt, ast.Name)]
    if len(names) < 2:
        return frozenset()
    statements = [node for statement in loop.body for node in ast.walk(statement)
                  if isinstance(node, ast.stmt)]
    moving = [_names_in(node) for node in statements if _simple(node) and moves_to_device(node)]
    rebound = {t.id for node in statements if isinstance(node, (ast.Assign, ast.AugAssign))
               for target_ in (node.targets if isinstance(node, ast.Assign) else [node.target])
               for t in ast.walk(target_) if isinstance(t, ast.Name)}
    derived = {name: _derived(name, loop.body) for name in names}
    moved = {name for name in names if any(derived[name] & used for used in moving)}
    if not moved:
        return frozenset()
    return frozenset(
        name for name in names if name not in moved and name not in rebound and
        not _passed_on(derived[name], loop.body))


def _loader_named(iterable: ast.expr) -> bool:
    words = [node.id if isinstance(node, ast.Name) else node.attr
             for node in ast.walk(iterable) if isinstance(node, (ast.Name, ast.Attribute))]
    lowered = [word.lower() for word in words]
    return any("loader" in word for word in lowered) and not any(
        device in word for word in lowered for device in _DEVICE_LOADER_WORDS)


def _simple(node: ast.stmt) -> bool:
    return isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return))


def _names_in(node: ast.AST) -> set[str]:
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name)}


def _root(node: ast.expr) -> str | None:
    """`t` of `t`, `t["boxes"]`, `t.boxes[0]`: the name a piece of a value is read from."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _derived(name: str, body: list[ast.stmt]) -> set[str]:
    """`name` and the names bound to its elements or pieces in `body`: targets of a `for`
    or a comprehension over it, and `x = name[...]`."""
    found = {name}
    changed = True
    while changed:
        changed = False
        for statement in body:
            for node in ast.walk(statement):
                bound: list[ast.expr] = []
                if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and \
                        _names_in(node.iter) & found:
                    bound = [node.target]
                elif isinstance(node, ast.Assign) and _root(node.value) in found:
                    bound = node.targets
                new = {n for b in bound for n in _names_in(b)} - found
                if new:
                    found |= new
                    changed = True
    return found


def _passed_on(derived: set[str], body: list[ast.stmt]) -> bool:
    """Whether a call other than a passive builtin is given one of `derived` (or a piece of
    it, or a container holding one) as an argument."""
    for statement in body:
        for node in ast.walk(statement):
            if not isinstance(node, ast.Call) or (
                    isinstance(node.func, ast.Name) and node.func.id in _PASSIVE):
                continue
            args = [*node.args, *(k.value for k in node.keywords)]
            if any(_root(piece) in derived for arg in args for piece in _pieces(arg)):
                return True
    return False


def _pieces(arg: ast.expr) -> list[ast.expr]:
    """The values an argument hands on: itself, or the items of a container built in
    place (`[t["labels"] for t in targets]`, `(a, b)`, `{"t": t}`, `*targets`)."""
    if isinstance(arg, ast.Starred):
        return _pieces(arg.value)
    if isinstance(arg, (ast.Tuple, ast.List, ast.Set)):
        return [piece for elt in arg.elts for piece in _pieces(elt)]
    if isinstance(arg, ast.Dict):
        return [piece for value in arg.values for piece in _pieces(value)]
    if isinstance(arg, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
        return _pieces(arg.elt)
    if isinstance(arg, ast.DictComp):
        return _pieces(arg.value)
    return [arg]


def hosted(kind: Kind) -> Kind:
    """What a value of `kind` is in host code: its tensors, and values of unknown kind
    (a sample's fields through a helper the model cannot read), are CPU tensors."""
    return HOST_TENSOR if kind is UNKNOWN else knowledge.to_host(kind)


def calls_a_model(body: list[ast.stmt], module_method: bool,
                  is_module: Callable[[ast.expr], bool]) -> bool:
    """Whether a loop over a loader calls a model: `self(...)` or `self.<m>(...)` in a
    module's method, or a callee known as a module (`model(batch)`). A model may move the
    batch to its own device inside (flair's `forward_labels_and_loss`), so what it returns
    is not host data, though the batches are."""
    for statement in body:
        for node in ast.walk(statement):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            receiver = func.value if isinstance(func, ast.Attribute) else func
            if module_method and isinstance(receiver, ast.Name) and receiver.id == "self":
                return True
            if is_module(func):
                return True
    return False


def moves_to_device(node: ast.AST) -> bool:
    """Whether the code under `node` may put a value on an accelerator: `.cuda()`,
    `.to(<a device>)`, a `device=` that is not a CPU device or another tensor's device, or
    a literal "cuda..." device."""
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str) and \
                child.value.startswith(("cuda", "mps", "xpu")):
            return True
        if not isinstance(child, ast.Call):
            continue
        func = child.func
        if isinstance(func, ast.Attribute) and func.attr in ("cuda", "to_device"):
            return True
        if isinstance(func, ast.Attribute) and func.attr == "to" and (
                any(not _dtype(arg) and not _same_place(arg) for arg in child.args) or any(
                    k.arg not in _NOT_DEVICE_KEYWORDS for k in child.keywords)):
            return True
        for keyword in child.keywords:
            if keyword.arg == "device" and not _host_or_same(keyword.value):
                return True
    return False


def _dtype(node: ast.expr) -> bool:
    """`torch.float32`, `x.dtype`, `dtype`: an argument of `.to()` that names a dtype."""
    if isinstance(node, ast.Attribute):
        return node.attr == "dtype" or node.attr in DTYPE_NAMES
    return isinstance(node, ast.Name) and "dtype" in node.id


def _same_place(node: ast.expr) -> bool:
    """`.to(x.device)` of a local `x`: where `x` already is. (`.to("cpu")` still counts as
    a move: a copy to the host shows the code holds values that may be elsewhere.)"""
    return isinstance(node, ast.Attribute) and node.attr == "device" and _local(node.value)


def _host_or_same(node: ast.expr) -> bool:
    """`None`, `"cpu"`, `torch.device("cpu")`, or `x.device` of a local value (where `x`
    already is: `store.x.device` too; `self.device` is the device a module or trainer was
    given)."""
    if isinstance(node, ast.Constant):
        return node.value is None or node.value == "cpu"
    if isinstance(node, ast.Attribute):
        return node.attr == "device" and _local(node.value)
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        return isinstance(node.func, ast.Attribute) and node.func.attr == "device" and \
            _host_or_same(node.args[0]) and isinstance(node.args[0], ast.Constant)
    return False


def _local(node: ast.expr) -> bool:
    """`x`, `x.y`, `x[i].y`: a value reached from a local name other than `self`."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return isinstance(node, ast.Name) and node.id != "self"


#: Methods that put their receiver on a device: `x = x.to(device)`, `x = x.cuda()`.
_MOVERS = frozenset({"to", "cuda"})


def host_until_later(body: list[ast.stmt],
                     numpy_receivers: Callable[[ast.stmt], set[str]]) -> dict[int, tuple[str, bool]]:
    """The statements of `body` whose value a later statement of the same block shows was
    on the host, with no other binding of the name between: the name, and whether that is
    proved. Proved: a later `x.numpy()` (or `x.detach().numpy()`; `numpy_receivers` lists
    them) raises on an accelerator tensor, unless a statement between may leave the block
    (`if out.is_cuda: continue`). A hint: the block moves the value to a device itself
    (`labels = input_ids.clone()` ... `labels = labels.to(device)`) because it is not there
    yet; a value computed by a call the model cannot see through (a layer, `self`, a
    helper) may be on another accelerator (`hidden = layer(hidden)` then
    `hidden.to(next_device)`) and is not listed. Nothing is walked where no statement
    moves a name it rebinds or calls `.numpy()`."""
    later: list[tuple[int, str, bool]] = []
    for index, statement in enumerate(body):
        moved = _moved_name(statement)
        if moved is not None:
            later.append((index, moved, False))
        later.extend((index, name, True) for name in numpy_receivers(statement))
    found: dict[int, tuple[str, bool]] = {}
    for point, name, proved in later:
        for index in range(point - 1, -1, -1):
            statement = body[index]
            if name in _bound_names(statement):
                assigned = _assigned(statement)
                if assigned is not None and assigned[0] == name and \
                        _moved_name(statement) is None and \
                        (proved or _plain_value(assigned[1])) and \
                        (proved or index not in found):
                    found[index] = (name, proved)
                break
            if proved and _may_leave(statement):
                break
    return found


def _may_leave(statement: ast.stmt) -> bool:
    """Whether `statement` holds a `return`, `continue`, `break` or `raise` (outside
    nested definitions): the block's later statements may not run."""
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Return, ast.Continue, ast.Break, ast.Raise)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                 ast.Lambda, ast.expr)):
            stack.extend(ast.iter_child_nodes(node))
    return False


def _assigned(statement: ast.stmt) -> tuple[str, ast.expr] | None:
    """`name = value`: the one name and the value; None for any other statement."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
            isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id, statement.value
    return None


def _moved_name(statement: ast.stmt) -> str | None:
    """`x` of `x = x.to(<a device>)` or `x = x.cuda(...)`; None for any other statement."""
    assigned = _assigned(statement)
    if assigned is None:
        return None
    name, value = assigned
    moved = isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
        value.func.attr in _MOVERS and isinstance(value.func.value, ast.Name) and \
        value.func.value.id == name and moves_to_device(value)
    return name if moved else None


def _bound_names(statement: ast.stmt) -> set[str]:
    """Every name `statement` may bind, anywhere inside it (loop and `with` targets,
    assignments, walrus, imports, nested definitions)."""
    names: set[str] = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def _plain_value(value: ast.expr) -> bool:
    """Whether the value bound is built by tensor methods, `torch` functions, builtins
    and reads of data only: no call of a plain name (`layer(x)`, `helper(x)`) or through
    `self`."""
    for node in ast.walk(value):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id not in _PASSIVE:
            return False
        root = func
        while isinstance(root, (ast.Attribute, ast.Subscript, ast.Call)):
            root = root.func if isinstance(root, ast.Call) else root.value
        if isinstance(root, ast.Name) and root.id == "self":
            return False
    return True
