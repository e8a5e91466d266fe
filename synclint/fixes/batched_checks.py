"""The checks that refuse the batched fix of a loop, or make it unsafe: reads the fix would
make that the loop does not, effects on what the reads read, iterables read twice."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
)
from synclint.analysis.uses import binds, occurrences
from synclint.fixes.batched_facts import (
    _CONTAINER_MUTATORS,
    _EFFECTFUL_METHODS,
    _HARMLESS_BUILTINS,
    _HARMLESS_METHODS,
    _PURE_BY_NAME,
)
from synclint.fixes.batched_model import LoopState, Refused, Site
from synclint.fixes.batched_sequences import element_of_sequences
from synclint.fixes.batched_shapes import Shapes
from synclint.fixes.batched_syntax import (
    _bound_names,
    _code,
    _int_targets,
    _method,
    _names_in,
    _plain_target,
    _root,
    _simple,
    _walk_scope,
    _written_places,
)
from synclint.fixes.batched_values import Values

#: Torch functions that return a new tensor, with memory nothing else holds.
_NEW_TENSORS = frozenset({"zeros", "zeros_like", "ones", "ones_like", "empty", "empty_like",
                          "full", "full_like", "rand", "rand_like", "randn", "randn_like",
                          "arange", "tensor"})
#: Casts: the tensor itself or a copy of it.
_CASTS = frozenset({"float", "double", "half", "bfloat16", "long", "int", "bool", "to",
                    "contiguous"})


class Checks:
    """Refuses a loop's fix (Refused) or records why it is unsafe (`loop.unsafe`)."""

    def __init__(self, loop: LoopState, values: Values, shapes: Shapes) -> None:
        self.loop = loop
        self.values = values
        self.shapes = shapes

    def check_scope(self, *, class_body_refused: bool) -> None:
        for node in reversed(self.loop.ancestors):
            if isinstance(node, (cst.FunctionDef, cst.Lambda)):
                return
            if isinstance(node, cst.ClassDef) and class_body_refused:
                raise Refused("a loop in a class body (a comprehension there cannot see "
                              "the class's names)")

    def check_target(self, target: cst.BaseExpression,
                     iterable: cst.BaseExpression | None = None) -> None:
        if not _plain_target(target):
            raise Refused("the loop target is not a plain name or tuple of names")
        self.loop.targets = set(_bound_names(target))
        self.loop.host_targets = set(_int_targets(target, iterable))
        self.loop.loop_source = (target, iterable)

    def check_early_exit(self) -> None:
        """A loop that can stop early never reads the elements after the stop: the fix
        would (and a read there may raise: a meta tensor, a missing value)."""
        if self.loop.early_exit is not None:
            raise Refused(f"{self.loop.early_exit}: the fix would read elements the loop "
                          "never reaches")

    def check_deferred(self) -> None:
        """A read the stacked forms cannot take (see `BodyWalker.defer`)."""
        if self.loop.deferred is not None:
            raise Refused(self.loop.deferred)

    def check_sites(self) -> None:
        """Refuse a fix that would make a read the original does not make, or read a
        value that is not the loop's own."""
        for site in self.loop.sites:
            self.check_bare_truth(site)
            self.check_conditional_read(site)
            self.check_narrowed(site)
            self.check_depends_on_loop(site)

    def check_bare_truth(self, site: Site) -> None:
        """`if batch_image:` where only an annotation says `batch_image` is a tensor: a list
        there is tested for emptiness, and the fix would read it as a tensor."""
        if site.truth and isinstance(site.node, (cst.Name, cst.Subscript, cst.Attribute)) \
                and not isinstance(self.loop.substituted(site.value), (cst.Call, cst.Comparison,
                                                                       cst.BinaryOperation)):
            raise Refused(f"the truth of `{_code(site.node)}` itself is tested: a tensor only "
                          "by its annotation, and a list there would be tested for emptiness")

    def check_conditional_read(self, site: Site) -> None:
        """A read under a condition on tensor values happens in the fix for every
        element: only reads that cannot raise may be made where the original did not."""
        if not site.exact and self.loop.opaque_guards:
            raise Refused(f"`{self.loop.opaque_guards[0]}` may skip elements the fix would read "
                          "anyway (a meta tensor cannot be read)")
        if not site.exact and not self.values.total(self.loop.substituted(site.value), site.facts):
            raise Refused(f"`{_code(site.value)}` is read only where a tensor condition "
                          "holds; the fix would read it every time, and it may raise")
        if not site.exact and not self.shapes.scalar(site.value):
            # `.view(())` of a tensor of several values raises: the loop may never read one.
            raise Refused(f"`{_code(site.value)}` is read only where a condition the fix "
                          "cannot copy holds; it may hold several values there")

    def check_narrowed(self, site: Site) -> None:
        """`if isinstance(v, np.floating): v.item()`: `v` is not a tensor there; under
        `isinstance(v, torch.Tensor)` it is one."""
        if site.proven:
            return
        for guard in site.guards:
            if "isinstance(" not in guard:
                continue
            if guard.startswith("not") or "Tensor" not in guard or " or " in guard:
                raise Refused(f"`{_code(site.value)}` is narrowed by `isinstance`: it may "
                              "not be a tensor")
            site.proven = True

    def check_proven(self, site: Site) -> None:
        """`.item()` of a value the analysis cannot prove a tensor: a NumPy scalar there
        would make `torch.stack` fail."""
        if not site.proven:
            self.loop.unsafe.append(f"`{_code(site.value)}` may not be a tensor")

    def check_depends_on_loop(self, site: Site) -> None:
        """A read of something other than the current element reads state the body may
        change between iterations (an accumulator): the fix would read it too early."""
        if not set(_names_in(self.loop.substituted(site.value))) & self.loop.targets:
            raise Refused(f"`{_code(site.value)}` does not depend on the loop variable: it "
                          "reads state the loop may change")

    def check_effects(self, *bodies: cst.CSTNode) -> None:
        """Refused when the body writes to what a read reads before the read would run
        (an accumulator zeroed and refilled, a tensor changed in place first), or rebinds
        it; unsafe when it may change what the reads read in ways that cannot be seen."""
        roots: set[str] = set()
        for site in self.loop.sites:
            for name in _names_in(self.loop.substituted(site.value)):
                roots.add(name)
        for name in roots & self.loop.targets:
            if self.loop.bound_counts.get(name):
                raise Refused(f"the loop body rebinds `{name}`")
        watched = roots | self.loop.guard_names
        order = {id(node): index for body in bodies
                 for index, node in enumerate(_walk_scope(body))}
        last_read = max((order.get(id(site.node), -1) for site in self.loop.sites), default=-1)
        for node in (node for body in bodies for node in _walk_scope(body)):
            if isinstance(node, cst.Call):
                reason = self.call_effect(node)
                method = self.loop.meth(node)
                if method is not None and method[1] in _CONTAINER_MUTATORS \
                        and _root(method[0]) in self.loop.guard_names:
                    raise Refused(f"the loop changes `{_code(method[0])}`, which a condition "
                                  "reads: the conditions cannot be evaluated ahead")
                written = self.real_root(method[0]) if method is not None else None
                if reason is not None and written in roots:
                    self.write(written, reason, order.get(id(node), 0), last_read)
                if reason is not None:
                    self.loop.unsafe.append(reason)
            elif isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del)):
                for element in _written_places(node):
                    root = self.real_root(element)
                    if root is not None and (root in watched or root in self.loop.aliases):
                        reason = (f"the loop assigns to `{_code(element)}`, which the "
                                  "reads may depend on")
                        if root in roots:
                            self.write(root, reason, order.get(id(node), 0), last_read)
                        self.loop.unsafe.append(reason)
                if isinstance(node, cst.AugAssign):
                    self.augmented_effect(node)
            elif isinstance(node, (cst.Yield, cst.Await)):
                raise Refused("the loop yields or awaits: other code runs between iterations")
            elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator,
                                                                      cst.Multiply):
                self.check_repeat_count(node, roots & self.loop.targets)

    def check_repeat_count(self, node: cst.BinaryOperation, elements: set[str]) -> None:
        """`[w] * (n // w)` counted by a loop element the reads read (`elements`): Python
        reads the count on the host on every iteration, a sync the batched reads would
        leave in the loop (transformers' Qwen3 audio chunk lengths): the fix would add
        lines and keep the stall."""
        for display, count in ((node.left, node.right), (node.right, node.left)):
            if isinstance(display, (cst.List, cst.Tuple, cst.ListComp)) and \
                    set(_names_in(count)) & elements:
                raise Refused(f"`{_code(count)}` counts the repeats of a list on every "
                              "iteration: a host read the fix would leave in the loop")

    def augmented_effect(self, node: cst.AugAssign) -> None:
        """`a += b` on a tensor changes it in place: another element may be that tensor
        (not where `a` is only ever a new tensor, `torch.zeros_like(x)`: nothing else
        holds it)."""
        if isinstance(node.target, cst.Name) and self.loop.is_device(node.target) \
                and not self.new_tensor_only(node.target.value):
            self.loop.unsafe.append(f"`{_code(node.target)} {_code(node.operator).strip()} ...` "
                                    "may modify a tensor in place")

    def new_tensor_only(self, name: str) -> bool:
        """Every assignment in the function gives `name` a tensor a torch factory made
        there (`torch.zeros_like(x).float()`), or adds to it in place."""
        function = next((n for n in reversed(self.loop.ancestors)
                         if isinstance(n, cst.FunctionDef)), None)
        if function is None:
            return False
        made = False
        for node, ancestors in occurrences(function, name):
            if not binds(node, ancestors):
                continue
            parent = ancestors[-1] if ancestors else None
            if isinstance(parent, cst.AugAssign):
                continue
            assign = ancestors[-2] if len(ancestors) >= 2 else None
            if not (isinstance(parent, cst.AssignTarget) and isinstance(assign, cst.Assign)
                    and self.made_new(assign.value)):
                return False
            made = True
        return made

    def made_new(self, value: cst.BaseExpression) -> bool:
        """A torch factory's new tensor, maybe cast (`.float()` of it is it or a copy)."""
        while isinstance(value, cst.Call):
            qualified = self.loop.ctx.imports.qualify(value.func)
            if qualified is not None:
                return qualified.startswith("torch.") and qualified[6:] in _NEW_TENSORS
            method = _method(value)
            if method is None or method[1] not in _CASTS:
                return False
            value = method[0]
        return False

    def real_root(self, node: cst.BaseExpression) -> str | None:
        root = _root(node)
        alias = self.loop.aliases.get(root) if root is not None else None
        return _root(alias) if alias is not None else root

    def write(self, root: str, reason: str, position: int, last_read: int) -> None:
        """A write to `root`, which a read reads: the fix reads every value before the
        first write, so the write must come after every read, and touch only this
        iteration's element (a loop variable)."""
        if root not in self.loop.targets:
            raise Refused(f"{reason}: `{root}` is not the loop variable, so the fix would "
                          "read it before the loop writes to it")
        if position < last_read:
            raise Refused(f"{reason} before reading it")

    def call_effect(self, node: cst.Call) -> str | None:
        func = node.func
        callee = func.attr.value if isinstance(func, cst.Attribute) else \
            func.value if isinstance(func, cst.Name) else ""
        if not node.args and callee[:1].isupper() and not callee.isupper():
            return None  # `AverageMeter()`: a new object, handed nothing to modify
        if callee.startswith(("is_", "has_")):
            return None  # a predicate (`is_list_of(x, torch.Tensor)`) changes nothing
        qualified = self.loop.ctx.imports.qualify(func)
        if qualified is not None:
            head = qualified.split(".")[0]
            if head in ("math", "logging", "warnings"):
                return None
            if head == "torch" and self.pure_torch(qualified):
                return None
            return f"the loop calls `{qualified}()`, which may modify the tensors it reads"
        if isinstance(func, cst.Name):
            if func.value in _HARMLESS_BUILTINS and not self.loop.ctx.bound(func.value):
                return None
            return f"the loop calls `{func.value}()`, which may modify the tensors it reads"
        if isinstance(func, cst.Attribute):
            name = func.attr.value
            receiver = self.loop.ctx.kind(func.value)
            if name.endswith("_") and not name.startswith("_"):
                return f"`.{name}()` modifies a tensor in place"
            if name in _EFFECTFUL_METHODS - {"item", "tolist", "cpu", "numpy"}:
                return f"`.{name}()` has effects on the tensors"
            if receiver in DEVICE_TENSORS:
                return None
            if name in _HARMLESS_METHODS or name in _PURE_BY_NAME:
                return None
            return (f"the loop calls `.{name}()` on a value that may not be a tensor, so "
                    "the call could have side effects")
        return "the loop calls a computed function"

    def pure_torch(self, qualified: str) -> bool:
        parts = qualified.split(".")
        return not parts[-1].endswith("_") and (
            len(parts) == 2 or parts[1] in ("linalg", "special", "nn"))

    def check_iterable_unchanged(self, iterable: cst.BaseExpression, body: cst.CSTNode) -> None:
        root = _root(iterable)
        if root is None:
            return
        if root in self.loop.body_bound:
            raise Refused(f"the loop body rebinds `{root}`, part of what it iterates over")
        tensor = self.loop.is_device(iterable)
        for node in _walk_scope(body):
            if isinstance(node, cst.Call):
                method = self.loop.meth(node)
                if method is not None and method[1] in _CONTAINER_MUTATORS \
                        and _root(method[0]) == root and _code(method[0]) == _code(iterable):
                    raise Refused(f"the loop body changes `{root}`, the sequence it "
                                  "iterates over")
                if tensor and method is not None and method[1].endswith("_") \
                        and not method[1].startswith("_") and _root(method[0]) == root:
                    raise Refused(f"the loop body changes `{_code(method[0])}` in place, "
                                  "the tensor it iterates over")
            elif tensor and isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                for place in _written_places(node):
                    if _root(place) == root:
                        raise Refused(f"the loop body writes to `{_code(place)}`, the "
                                      "tensor it iterates over")

    def early_exit_verdict(self, iterable: cst.BaseExpression, why: str) -> None:
        """`any()` / `all()` stop at the first deciding element; the fix computes every
        element's condition first."""
        total = all(self.values.total(self.loop.substituted(site.value), site.facts)
                    for site in self.loop.sites)
        if not total:
            raise Refused(f"{why}; the fix would compute conditions the original never "
                          "reaches, and they may raise")
        if not self.values.collection(iterable):
            raise Refused(f"{why}; the fix would consume the whole iterable first")
        self.loop.unsafe.append(f"{why}; the fix computes every element's condition first (a "
                                "tensor that cannot be read, such as one on the meta device, "
                                "then fails)")

    def check_iterable_readable_twice(self, iterable: cst.BaseExpression) -> bool:
        """Whether the fix must copy the iterable into a list first (False: iterating it
        twice gives the same elements). Refused where copying it could change what runs
        when: a generator or progress bar would run ahead of the loop body."""
        if self.values.collection(iterable) or element_of_sequences(self.loop, iterable):
            return False
        if isinstance(iterable, (cst.Name, cst.Attribute)) and _simple(iterable):
            self.loop.unsafe.append(f"`{_code(iterable)}` may be an iterator (a generator or "
                                    "progress bar), which the fix drains before the loop body "
                                    "runs")
            return True
        raise Refused(f"the loop iterates `{_code(iterable)}`, which may be a generator: "
                      "the fix would run it ahead of the loop body")
