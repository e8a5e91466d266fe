"""What the `.tolist()` forms of the batched fix read (see batched_lists): the tensors a
loop iterates and the names bound to their elements, the tensors it reads by index, and
whether Python computes the reads' comparisons exactly as torch does."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import libcst as cst

from synclint.analysis.kinds import DEVICE_TENSORS
from synclint.fixes.batched_analysis import LoopAnalysis
from synclint.fixes.batched_model import Refused, Site
from synclint.fixes.batched_syntax import (
    _code,
    _names_in,
    _names_outside,
    _positional,
    _root,
    _walk_scope,
    _written_places,
)
from synclint.fixes.tensor_facts import (
    Resolver,
    cpu_tensor,
    int_dtype,
    proven_tensor,
    reaching_value,
)

__all__ = ["ListReads"]

#: Comparison operators Python and torch evaluate alike on exactly representable values.
_ORDERING = (cst.Equal, cst.NotEqual, cst.LessThan, cst.LessThanEqual, cst.GreaterThan,
             cst.GreaterThanEqual)
#: Integers every float dtype (bfloat16 included) holds exactly.
_EXACT_INTEGERS = 256


@dataclass
class _Source:
    """A tensor the loop iterates: the loop variables bound to its elements, and how the
    reads use them."""

    node: cst.BaseExpression
    #: The loop variable bound to each element (`for x in t`), or to each value of a row
    #: unpacked into names (`for a, b in t`).
    names: tuple[str, ...]
    unpacked: bool
    #: Reads of one value (`.item()`, `float()`, truth) and reads of a whole element
    #: (`.tolist()`).
    scalar_reads: int = 0
    list_reads: int = 0
    #: Every read of it runs on every iteration (no guard, no early exit).
    every_time: bool = True
    #: The reads index its rows (`pair[0].item()`): the rows are lists of values.
    indexed: bool = False


@dataclass
class _Hoisted:
    """A tensor whose elements the loop reads by index (`t[i]`): read once before it."""

    node: cst.BaseExpression
    code: str
    indexes: set[int] = field(default_factory=set)
    scalar_reads: int = 0
    list_reads: int = 0
    name: str = ""


class ListReads:
    """The reads of an analysed loop, as the `.tolist()` forms take them (Refused where
    they cannot)."""
    """Builds the `.tolist()` form of an analysed loop, or says there is none (None)."""

    def __init__(self, analysis: LoopAnalysis) -> None:
        self.a = analysis
        self.loop = analysis.loop
        self.sources: dict[str, _Source] = {}
        self.hoisted: dict[str, _Hoisted] = {}
        self.unsafe: list[str] = []
        #: Reads of elements of tensors the code proves (the analysis may not know them).
        self.proven_reads: set[int] = set()
        #: Names of the hoisted lists, taken in the scope `scope_key` once committed.
        self.new_names: list[str] = []
        self.scope_key = 0

    # -- entry points -----------------------------------------------------------------
    def _find_sources(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> None:
        """The tensors the loop iterates and the names bound to their elements:
        `for x in t`, `for i, x in enumerate(t)`, `for a, b in zip(t, names)`."""
        pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
        call = iterable if isinstance(iterable, cst.Call) and isinstance(
            iterable.func, cst.Name) and not self.loop.ctx.bound(iterable.func.value) \
            else None
        if call is not None and call.func.value == "enumerate":  # type: ignore[attr-defined]
            args = [a for a in call.args if a.keyword is None and not a.star]
            if isinstance(target, cst.Tuple) and len(target.elements) == 2 and args:
                pairs.append((target.elements[1].value, args[0].value))
        elif call is not None and call.func.value == "zip":  # type: ignore[attr-defined]
            args = [a for a in call.args if a.keyword is None]
            if isinstance(target, cst.Tuple) and len(target.elements) == len(args) \
                    and not any(a.star for a in args):
                pairs.extend((e.value, a.value) for e, a in zip(target.elements, args,
                                                                  strict=True))
        elif self._tensor(iterable) or self._proven(iterable):
            pairs.append((target, iterable))
        for bound, source in pairs:
            if not self._tensor(source) and not self._proven(source):
                continue
            if isinstance(bound, cst.Name):
                self.sources[bound.value] = _Source(source, (bound.value,), unpacked=False)
            elif isinstance(bound, (cst.Tuple, cst.List)) and all(
                    isinstance(e, cst.Element) and isinstance(e.value, cst.Name)
                    for e in bound.elements):
                names = tuple(e.value.value for e in bound.elements  # type: ignore[attr-defined]
                              )
                entry = _Source(source, names, unpacked=True)
                for name in names:
                    self.sources[name] = entry

    def _tensor(self, node: cst.BaseExpression) -> bool:
        return self.loop.ctx.kind(node) in DEVICE_TENSORS

    def _proven(self, node: cst.BaseExpression) -> bool:
        return proven_tensor(node, self.loop.ctx, self.loop.ancestors, self._resolver())

    def _check_proven(self, node: cst.BaseExpression) -> None:
        """`.tolist()` of a value only an annotation calls a tensor: a list there (code
        that passes one where `Tensor` is written) has no `.tolist()`."""
        if not self._proven(node):
            self.unsafe.append(f"`{_code(node)}` is a tensor only by its annotation: a list "
                               "there has no `.tolist()`")

    # -- the reads ----------------------------------------------------------------------
    def _read(self, site: Site) -> Callable[[], str]:
        """The code that replaces the read (once the hoisted lists have names): the loop
        variable for an element, `t_list[i]` for `t[i]`, and a comparison of those with
        numbers."""
        value = self.loop.substituted(site.value)
        whole = site.mode == "list"
        exact = site.exact and not site.guards and self.loop.early_exit is None
        if isinstance(value, cst.Name) and value.value in self.sources:
            source = self.sources[value.value]
            if whole:
                if source.unpacked:
                    raise Refused("`.tolist()` of one value of a row")
                source.list_reads += 1
            else:
                source.scalar_reads += 1
            source.every_time = source.every_time and exact
            if self._proven(source.node):
                self.proven_reads.add(id(site))
            name = value.value
            return lambda: name
        row = self._row_read(value, site, whole=whole, exact=exact)
        if row is not None:
            return row
        if isinstance(value, cst.Subscript):
            entry, index = self._index(value, whole=whole)
            if self._proven(value.value):
                self.proven_reads.add(id(site))  # `.item()` of an element of a tensor
            return _indexed(entry, index)
        if isinstance(value, cst.Comparison) and not whole:
            return self._comparison(value, exact=exact)
        raise Refused("not a read of a tensor's elements")

    def _row_read(self, value: cst.BaseExpression, site: Site, *, whole: bool, exact: bool
                  ) -> Callable[[], str] | None:
        """`pair[0].item()` where `pair` is a row of the iterated tensor: `pair[0]` of the
        row's list."""
        if whole or not isinstance(value, cst.Subscript) \
                or not isinstance(value.value, cst.Name) or value.value.value not in self.sources:
            return None
        source = self.sources[value.value.value]
        if source.unpacked or not all(
                isinstance(e.slice, cst.Index) and node_is_int_literal(e.slice.value)
                for e in value.slice) or len(value.slice) != 1:
            raise Refused("a row read by an index that is not a literal")
        source.indexed = True
        source.scalar_reads += 1
        source.every_time = source.every_time and exact
        if self._proven(source.node):
            self.proven_reads.add(id(site))
        code = _code(value)
        return lambda: code

    def _index(self, node: cst.Subscript, *, whole: bool) -> tuple[_Hoisted, str]:
        """`t[i]`, `t[i, j]`, `t[a:b]` of a tensor nothing in the loop changes, by Python
        ints: its hoisted list, and the indexing code."""
        tensor = node.value
        if not (self._tensor(tensor) or self._proven(tensor)) or not self._invariant(tensor):
            raise Refused("not an element of a tensor the loop leaves alone")
        parts: list[str] = []
        slices = 0
        for element in node.slice:
            index = element.slice
            if isinstance(index, cst.Slice):
                bounds = [b for b in (index.lower, index.upper, index.step) if b is not None]
                if not all(self._host_int(b) for b in bounds):
                    raise Refused("a slice bound that may not be an int")
                slices += 1
            elif not isinstance(index, cst.Index) or not self._host_int(index.value):
                raise Refused("an index that may not be an int")
            parts.append(_code(index))
        if slices and (not whole or len(parts) > 1):
            raise Refused("a slice read as one value, or among several indexes")
        code = _code(tensor)
        entry = self.hoisted.setdefault(code, _Hoisted(tensor, code))
        entry.indexes.add(len(parts))
        if whole:
            entry.list_reads += 1
        else:
            entry.scalar_reads += 1
        return entry, "".join(f"[{p}]" for p in parts)

    def _comparison(self, node: cst.Comparison, *, exact: bool) -> Callable[[], str]:
        """`x > 0`, `t[i] == j`: replaced piece by piece where Python compares exactly as
        torch does (integers, or numbers every float dtype holds exactly)."""
        operands = [node.left, *(c.comparator for c in node.comparisons)]
        if not all(isinstance(c.operator, _ORDERING) for c in node.comparisons):
            raise Refused("not an ordering comparison")
        pieces = [o for o in operands if self._element(o)]
        numbers = [o for o in operands if not self._element(o)]
        if not pieces:
            raise Refused("no element compared")
        integers = all(self._int_piece(p) for p in pieces)
        for number in numbers:
            if self._small_number(number) or integers and self._host_int(number):
                continue
            raise Refused("compared with a number Python may round differently")
        codes: dict[int, Callable[[], str]] = {}
        for piece in pieces:
            if isinstance(piece, cst.Name):
                source = self.sources[piece.value]
                source.scalar_reads += 1
                source.every_time = source.every_time and exact
            else:
                assert isinstance(piece, cst.Subscript)
                entry, index = self._index(piece, whole=False)
                codes[id(piece)] = _indexed(entry, index)

        def code() -> str:
            rewritten = node.visit(_Pieces(codes))
            assert isinstance(rewritten, cst.BaseExpression)
            return _code(rewritten)
        return code

    def _element(self, node: cst.BaseExpression) -> bool:
        if isinstance(node, cst.Name):
            return node.value in self.sources
        return isinstance(node, cst.Subscript) and self._tensor(node.value)

    def _int_piece(self, node: cst.BaseExpression) -> bool:
        if isinstance(node, cst.Name):
            return int_dtype(self.sources[node.value].node, self.loop.ctx, self._resolver())
        assert isinstance(node, cst.Subscript)
        return int_dtype(node.value, self.loop.ctx, self._resolver())

    def _small_number(self, node: cst.BaseExpression) -> bool:
        """A literal every dtype holds exactly: an integer up to 256 (in magnitude)."""
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            node = node.expression
        if isinstance(node, cst.Integer):
            return int(node.evaluated_value) <= _EXACT_INTEGERS
        if isinstance(node, cst.Float):
            value = float(node.evaluated_value)
            return value.is_integer() and abs(value) <= _EXACT_INTEGERS
        return False

    def _host_int(self, node: cst.BaseExpression) -> bool:
        """A Python int for certain (a loop index, an int literal, `len()`, int arithmetic
        of those) or a host value the analysis knows (`self.n`, a parameter)."""
        if isinstance(node, cst.Name) and node.value in self.sources:
            return False
        if self.a.shapes.int_value(node) or node_is_int_literal(node):
            return True
        if isinstance(node, cst.Name) and node.value in self.loop.host_targets:
            return True
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
                and node.func.value == "len" and not self.loop.ctx.bound("len"):
            return True
        if isinstance(node, cst.BinaryOperation) and type(node.operator).__name__ in (
                "Add", "Subtract", "Multiply", "FloorDivide", "Modulo"):
            return self._host_int(node.left) and self._host_int(node.right)
        return False

    def _invariant(self, node: cst.BaseExpression) -> bool:
        """Reads nothing the loop binds: the same tensor on every iteration."""
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return False
        names = set(_names_in(node))
        return not names & (self.loop.targets | self.loop.body_bound)

    # -- reads of CPU tensors ----------------------------------------------------------
    def cpu_only(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> str | None:
        """The tensor every read reads where all are on the CPU for certain (reading them
        syncs with no GPU: no fix is worth it), else None."""
        self._find_sources(target, iterable)
        elements = {name: source.node for name, source in self.sources.items()}
        resolve = self._resolver()
        found = None
        for site in self.loop.sites:
            value = self.loop.substituted(site.value)
            if not cpu_tensor(value, self.loop.ctx, resolve, elements):
                return None
            iterated = next((elements[n] for n in _names_in(value) if n in elements), None)
            found = found or _code(iterated if iterated is not None else value)
        return found

    # -- tensors nothing else can reach -------------------------------------------------
    def _all_private(self) -> bool:
        """Every tensor read whole is a local one the code makes here and hands to nothing
        (no call, no container, no other name): nothing the loop calls can change it."""
        nodes = [s.node for s in self.sources.values()] + [h.node for h in self.hoisted.values()]
        return bool(nodes) and all(self._private(node) for node in nodes)

    def _private(self, node: cst.BaseExpression) -> bool:
        if not isinstance(node, cst.Name):
            return False
        value = self._resolver()(node.value)
        if value is None or not isinstance(value, (cst.Call, cst.Subscript)) \
                or not self._proven(value) or not self._fresh(value):
            return False
        function = next((n for n in reversed(self.loop.ancestors)
                         if isinstance(n, cst.FunctionDef)), None)
        if function is None:
            return False
        # The iterables and the reads themselves (pure, read on the host).
        allowed = {id(s.node) for s in self.sources.values()}
        for site in self.loop.sites:
            allowed.update(id(n) for n in _walk_scope(site.value))
        return all(_harmless_use(ancestors, child, allowed)
                   for ancestors, child in _occurrences(function.body, node.value, ()))

    def _fresh(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """A tensor with storage of its own: not a view of another or, where nothing needs
        converting, that tensor itself (`x.to(device)`, `x.float()`, `x.flatten()`, `x[0]`
        may all be `x`'s memory, which what the loop calls may change)."""
        if depth > 8:
            return False
        if isinstance(value, cst.Subscript):
            return self._fresh(value.value, depth + 1)
        if not isinstance(value, cst.Call):
            return False
        qualified = self.loop.ctx.imports.qualify(value.func)
        if qualified is not None:
            name = qualified.rpartition(".")[2]
            positional = _positional(value)
            if name in _MAY_ALIAS or name.endswith("_"):
                return bool(positional) and self._fresh(positional[0], depth + 1)
            return True
        if isinstance(value.func, cst.Attribute):
            method = value.func.attr.value
            if method in _MAY_ALIAS or method.endswith("_"):
                return self._fresh(value.func.value, depth + 1)
            return True
        return False

    # -- uses of the loop variables outside the reads ---------------------------------
    def _check_element_uses(self, loop: cst.CSTNode, parts: Sequence[cst.CSTNode],
                            orelse: cst.CSTNode | None) -> None:
        """The names bound to elements are used only by the reads (they become Python
        values), or as an index or slice bound (`x[:n]`: a 0-d integer tensor indexes as
        its int does), and never after the loop."""
        sites = {id(site.node) for site in self.loop.sites} | {
            id(site.value) for site in self.loop.sites}
        names = set(self.sources)
        if not names:
            return
        for part in parts:
            for name, parent in self._uses(part, sites, names):
                source = self.sources[name]
                if isinstance(parent, cst.Index) and int_dtype(
                        source.node, self.loop.ctx, self._resolver()):
                    continue
                if isinstance(parent, cst.Slice):
                    continue
                if isinstance(parent, cst.Index):
                    self.unsafe.append(f"`{name}` indexes a tensor or list: a bool element "
                                       "would index as a mask, its Python value as 0 or 1")
                    continue
                raise Refused(f"`{name}` is used as a tensor")
        if orelse is not None and names & set(_names_in(orelse)):
            raise Refused("the `else:` clause reads a loop variable")
        function = next((node for node in reversed(self.loop.ancestors)
                         if isinstance(node, (cst.FunctionDef, cst.Module))), None)
        if function is not None and names & _names_outside(function, {id(loop)}):
            raise Refused("a loop variable is read after the loop")

    def _uses(self, node: cst.CSTNode, skipped: set[int], names: set[str],
              parent: cst.CSTNode | None = None
              ) -> Iterator[tuple[str, cst.CSTNode | None]]:
        if id(node) in skipped:
            return
        if isinstance(node, cst.Name):
            if node.value in names:
                yield node.value, parent
            return
        if isinstance(node, cst.Attribute):
            yield from self._uses(node.value, skipped, names, node)
            return
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            if names & set(_names_in(node)):
                raise Refused("a function defined in the loop reads a loop variable")
            return
        if isinstance(node, (cst.Arg, cst.Element)):
            for child in node.children:
                yield from self._uses(child, skipped, names, node)
            return
        for child in node.children:
            yield from self._uses(child, skipped, names, node)

    def _check_writes(self, parts: Sequence[cst.CSTNode]) -> None:
        """Nothing in the loop writes to the tensors read whole before it (the loop would
        read the written values, the list the old ones)."""
        roots = {_root(s.node) for s in self.sources.values()} | {
            _root(h.node) for h in self.hoisted.values()}
        roots.discard(None)
        for part in parts:
            for node in _walk_scope(part):
                written: list[cst.BaseExpression] = []
                if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del)):
                    written = list(_written_places(node))
                    if isinstance(node, cst.AugAssign):
                        written.append(node.target)
                elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
                    name = node.func.attr.value
                    if name.endswith("_") and not name.startswith("_") or name in (
                            "copy_", "fill_", "zero_", "index_put_", "scatter_"):
                        written.append(node.func.value)
                    for arg in node.args:
                        if name.endswith("_") and _root(arg.value) in roots:
                            written.append(arg.value)
                elif isinstance(node, cst.Call):
                    qualified = self.loop.ctx.imports.qualify(node.func) or ""
                    if qualified.endswith("_") or qualified.endswith(".copy_"):
                        written.extend(a.value for a in node.args)
                for place in written:
                    if _root(place) in roots:
                        raise Refused(f"the loop writes to `{_code(place)}`, which the "
                                      "fix reads whole before it")

    # -- code ---------------------------------------------------------------------------
    def _resolver(self, anchor: cst.CSTNode | None = None) -> Resolver:
        statement = anchor if anchor is not None else self._statement()

        def resolve(name: str) -> cst.BaseExpression | None:
            if statement is None:
                return None
            index = next((i for i, n in enumerate(self.loop.ancestors) if n is statement),
                         len(self.loop.ancestors))
            return reaching_value(name, statement, self.loop.ancestors[:index])
        return resolve

    def _statement(self) -> cst.CSTNode | None:
        node = self.loop.node
        if isinstance(node, cst.For):
            return node
        for parent in reversed(self.loop.ancestors):
            if isinstance(parent, cst.BaseStatement):
                return parent
        return None

#: Tensor methods and torch functions whose result may share the memory of their (first)
#: tensor: views, and conversions that return the tensor itself where nothing changes.
#: In-place methods (a `_` suffix) return the tensor itself too.
_MAY_ALIAS = frozenset({
    "to", "cuda", "cpu", "type", "type_as", "float", "double", "half", "bfloat16", "int",
    "long", "short", "bool", "byte", "char", "contiguous", "detach", "view", "view_as",
    "reshape", "reshape_as", "flatten", "unflatten", "ravel", "squeeze", "unsqueeze",
    "transpose", "swapaxes", "swapdims", "permute", "movedim", "moveaxis", "t", "expand",
    "expand_as", "narrow", "select", "unfold", "as_strided", "diagonal", "split", "chunk",
    "unbind", "tensor_split", "hsplit", "vsplit", "dsplit", "real", "imag", "view_as_real",
    "view_as_complex", "as_tensor", "asarray", "from_numpy", "pin_memory", "numpy",
    "align_to", "rename", "refine_names", "conj", "resolve_conj", "resolve_neg",
})

#: Attributes and methods of a tensor that hand it to nobody.
_METADATA = frozenset({"shape", "ndim", "dtype", "device", "numel", "dim", "size", "is_cuda",
                       "item", "tolist"})


def _harmless_use(ancestors: tuple[cst.CSTNode, ...], child: cst.CSTNode,
                  allowed: set[int]) -> bool:
    """A use of a local tensor that hands it to nobody: its binding, the loop's iterable
    and reads (`allowed`), its metadata, `len()` of it."""
    parent = ancestors[-1] if ancestors else None
    if id(child) in allowed or isinstance(parent, cst.AssignTarget):
        return True
    if isinstance(parent, cst.Attribute) and parent.value is child:
        return parent.attr.value in _METADATA
    if isinstance(parent, cst.Arg) and len(ancestors) >= 2:
        call = ancestors[-2]
        return isinstance(call, cst.Call) and isinstance(call.func, cst.Name) \
            and call.func.value == "len" and len(call.args) == 1
    return False


def _occurrences(node: cst.CSTNode, name: str, ancestors: tuple[cst.CSTNode, ...]
                 ) -> Iterator[tuple[tuple[cst.CSTNode, ...], cst.CSTNode]]:
    """(ancestors, node) of every `Name(name)` in `node` (the last two ancestors at most),
    nested functions included (a closure that reads it is a use too)."""
    if isinstance(node, cst.Name):
        if node.value == name:
            yield ancestors, node
        return
    if isinstance(node, cst.Attribute):
        yield from _occurrences(node.value, name, (*ancestors[-1:], node))
        return
    for child in node.children:
        yield from _occurrences(child, name, (*ancestors[-1:], node))


def _indexed(entry: _Hoisted, index: str) -> Callable[[], str]:
    return lambda: f"{entry.name}{index}"


def node_is_int_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


class _Pieces(cst.CSTTransformer):
    """A comparison with its tensor pieces replaced by their Python values."""

    def __init__(self, codes: dict[int, Callable[[], str]]) -> None:
        super().__init__()
        self.codes = codes

    def leave_Subscript(self, original_node: cst.Subscript, updated_node: cst.Subscript
                        ) -> cst.BaseExpression:
        code = self.codes.get(id(original_node))
        return updated_node if code is None else cst.parse_expression(code())

