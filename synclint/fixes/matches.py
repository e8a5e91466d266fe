"""What a fix rewrites, as the rules that find it describe it: the matched parts of a
squared-sum norm (SYN301) and of a cat-then-reduce (SYN201).

They live with the fixes so that rules may import fixes and fixes never import rules."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst


@dataclass(frozen=True)
class SquaredNorm:
    """A squared-sum norm: what to replace, and the parts a rewrite needs."""

    #: The whole expression to report and replace.
    node: cst.BaseExpression
    #: "sum-method" `(g*g).sum()`, "sum-function" `torch.sum(g**2)`, "dot" `torch.dot(g, g)`,
    #: "builtin-sum" `sum(... for g in grads)`, "accumulate" `total += g.norm() ** 2`.
    form: str
    #: The squaring expression (`g * g`, `g.pow(2)`, `x.norm() ** 2`).
    square: cst.BaseExpression
    #: What is squared (`g.float()`, `x.norm()`, `torch.stack(norms)`).
    operand: cst.BaseExpression
    #: For "builtin-sum": the generator or comprehension summed over.
    comprehension: cst.GeneratorExp | cst.ListComp | None = None


@dataclass(frozen=True)
class FlattenedElements:
    """Where the joined tensors come from: one flatten per element of some iterable."""

    #: The join's first argument: a comprehension, a generator, a list or a name.
    container: cst.BaseExpression
    #: The flattening expression (`g.view(-1)`, also the argument of `flat.append(...)`);
    #: for a literal list, the first of its elements.
    flatten: cst.BaseExpression
    #: What is flattened (`g`, `p.grad.detach()`).
    tensor: cst.BaseExpression
    #: The comprehension or generator producing the elements, if any.
    comprehension: cst.ListComp | cst.GeneratorExp | None = None
    #: `flats = []` and the `for` loop whose `flats.append(...)` builds the list, if any.
    list_binding: cst.Assign | None = None
    append_loop: cst.For | None = None
    #: Every flattening expression (one per literal element or append call).
    flattens: tuple[cst.BaseExpression, ...] = ()


@dataclass(frozen=True)
class ReductionUse:
    """One read of the joined tensor that ends in a full reduction."""

    #: The occurrence of the joined tensor: the join call itself or a name bound to it.
    use: cst.BaseExpression
    #: The elementwise steps then the reduction, e.g. ("isnan", "sum") or ("==", "float", "mean").
    chain: tuple[str, ...]
    #: The expression that completes the reduction (`torch.isnan(flat).sum()`).
    node: cst.BaseExpression


@dataclass(frozen=True)
class MetadataUse:
    """A host metadata read of the joined tensor (`flat.numel()`, `flat.shape`, `len(flat)`)."""

    use: cst.BaseExpression
    what: str
    node: cst.BaseExpression


@dataclass(frozen=True)
class CatThenReduce:
    """A join of per-tensor flattens whose result is only reduced."""

    call: cst.Call
    #: "torch.cat", "torch.stack" ...
    function: str
    elements: FlattenedElements
    #: The assignments that name the joined tensor (or elementwise results of it), in order.
    bindings: tuple[cst.Assign | cst.AnnAssign, ...]
    reductions: tuple[ReductionUse, ...]
    metadata: tuple[MetadataUse, ...]
