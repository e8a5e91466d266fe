"""The `.tolist()` forms of the batched fix, the ones a person writes first:

- a loop over a tensor, or over `zip`/`enumerate` of tensors and lists, whose reads are the
  tensor's elements iterates `.tolist()` of that tensor (`for a, b in zip(x.tolist(),
  y.tolist()):`), and the reads become the loop variables;
- reads of one tensor's elements (`t[i].item()`, `t[i, j].item()`, `t[i].tolist()`) of a
  tensor nothing in the loop writes take one `t_list = t.tolist()` before the loop.

Both read the tensor once, whole: a read the loop skips, a `break` or a `return` cost
nothing (`.tolist()` cannot fail where the loop's reads would not). `.item()` of an element
is the element of `.tolist()` where the tensor is 1-D; where the code does not fix the
rank of a tensor the loop iterates, `t.reshape(len(t)).tolist()` gives the same values on
every input where each element read holds one value (which `.item()` needs) and raises
where one holds several, as `.item()` did. A tensor read by index before the loop
(`t_list = t.flatten().tolist()`) cannot raise so (the loop may read none of it): of
unknown rank, that fix is unsafe. Reads that compare or compute with the values
(`if t[i] > 0:`) take this form only where Python computes them exactly as torch would."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.tree import walk
from synclint.diagnostics import Applicability
from synclint.fixes.batched_list_reads import ListReads
from synclint.fixes.batched_model import Outcome, Refused, Site
from synclint.fixes.batched_render import identifiers
from synclint.fixes.batched_syntax import _atomic, _code, _scope_names
from synclint.fixes.pending import PendingFix, Replacement
from synclint.fixes.tensor_facts import int_dtype, rank_of

__all__ = ["ListForms"]


class ListForms(ListReads):
    """Builds the `.tolist()` form of an analysed loop, or says there is none (None)."""

    def for_loop(self, loop: cst.For) -> Outcome | None:
        """The form of a `for` statement (its header, reads and body as they are)."""
        body = loop.body
        return self._form(loop, loop.target, loop.iter, [body], loop, consumer=None,
                          orelse=loop.orelse)

    def comprehension(self, loop: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp,
                      anchor: cst.CSTNode | None, consumer: str | None) -> Outcome | None:
        parts: list[cst.CSTNode] = [c.test for c in loop.for_in.ifs]
        parts.extend([loop.key, loop.value] if isinstance(loop, cst.DictComp) else [loop.elt])
        return self._form(loop, loop.for_in.target, loop.for_in.iter, parts, anchor,
                          consumer=consumer, orelse=None)

    def _form(self, loop: cst.CSTNode, target: cst.BaseExpression,
              iterable: cst.BaseExpression, parts: list[cst.CSTNode],
              anchor: cst.CSTNode | None, *, consumer: str | None, orelse: cst.CSTNode | None) -> Outcome | None:
        saved = list(self.loop.unsafe)
        try:
            for site in self.loop.sites:
                self.a.checks.check_bare_truth(site)
                self.a.checks.check_narrowed(site)
            self._find_sources(target, iterable)
            reads = [self._read(site) for site in self.loop.sites]
            self._check_element_uses(loop, parts, orelse)
            self._check_writes(parts)
            # The loop's own conditions stay where they are (the stack form evaluates them
            # ahead): what the body writes to them changes nothing here.
            guards, self.loop.guard_names = self.loop.guard_names, set()
            try:
                self.a.checks.check_effects(*parts)
            finally:
                self.loop.guard_names = guards
            effects = self.loop.unsafe[len(saved):]
            if effects and not self._all_private():
                # What the loop calls may change the tensors read whole before it.
                self.unsafe.append(self._shared_reason())
                self.unsafe.extend(effects)
            for source in self.sources.values():
                self._check_read_at_all(_code(source.node), set(source.names))
            for code in self.hoisted:
                self._check_read_at_all(code, set())
            iterable_codes = self._source_codes()
            hoisted_lines = self._hoist(anchor)
        except Refused:
            return None
        finally:
            self.loop.unsafe[:] = saved
        replacements: list[Replacement] = []
        seen: set[int] = set()
        for source in self.sources.values():
            if id(source.node) not in seen:
                seen.add(id(source.node))
                replacements.append(Replacement(source.node, iterable_codes[id(source.node)]))
        for site, read in zip(self.loop.sites, reads, strict=True):
            node = site.node if site.mode in ("item", "list") else site.value
            code = read()
            if code != _code(node):
                replacements.append(Replacement(node, code))
        whole = self._whole(loop, consumer, replacements)
        if whole is not None:
            replacements = [whole]
        named = self._named_loop(loop, replacements)
        if named is not None:
            replacements = named
        if hoisted_lines:
            assert anchor is not None
            indent = self.loop.indent(anchor)
            replacements.insert(0, Replacement(
                anchor, "".join(line + "\n" + indent for line in hoisted_lines),
                mode="before"))
        if not replacements:
            return None
        try:
            replacements.extend(self.a.writer.dead_aliases(
                [r.node for r in replacements if r.mode == "replace"]))
        except Refused:
            return None
        return self._outcome(replacements)

    # -- what the loop iterates -------------------------------------------------------
    def _source_codes(self) -> dict[int, str]:
        """`t.tolist()` for each tensor the loop iterates: `t.reshape(len(t)).tolist()`
        where the code does not prove `t` 1-D (every read then holds one value),
        `t.reshape(t.shape[:2])` for rows unpacked into names."""
        codes: dict[int, str] = {}
        seen: set[int] = set()
        for source in self.sources.values():
            if id(source.node) in seen:
                continue
            seen.add(id(source.node))
            self._check_proven(source.node)
            if source.scalar_reads == 0 and source.list_reads == 0:
                raise Refused("an iterated tensor no read reads")
            rank = rank_of(source.node, self.loop.ctx, self._resolver())
            code = _code(source.node)
            code = code if _atomic(source.node) else f"({code})"
            wanted = 2 if source.unpacked or source.indexed else 1
            if source.list_reads and source.scalar_reads and rank != wanted:
                raise Refused("an element read both as one value and as a list")
            if source.list_reads or rank == wanted:
                codes[id(source.node)] = f"{code}.tolist()"
            elif source.every_time:
                # One value per element read, as `.item()` needs: a tensor with more
                # raises here as the loop's first read did (`.flatten()` gave values).
                shape = f"{code}.shape[:2]" if wanted == 2 else f"len({code})"
                codes[id(source.node)] = f"{code}.reshape({shape}).tolist()"
            else:
                raise Refused("a tensor of unknown rank whose reads are skipped sometimes")
        return codes

    def _check_read_at_all(self, code: str, names: set[str]) -> None:
        """Refused where every read of the tensor `code` (indexed, or through the loop
        variables `names` bound to its elements) runs only under a condition the loop
        does not change (`else:` of `if not self.training:`): where it does not hold, the
        loop reads nothing, and the list read before it would add a sync."""
        def reads(site: Site) -> bool:
            return any(isinstance(n, cst.Subscript) and _code(n.value) == code
                       or isinstance(n, cst.Name) and n.value in names
                       for n in walk(site.value))
        reading = [site for site in self.loop.sites if reads(site)]
        for site in reading:
            fixed = [guard for guard in site.guards if self._fixed_condition(guard)]
            if not fixed:
                return
        if reading:
            raise Refused(f"`{code}` is read only where `{fixed[0]}` holds, which the loop "
                          "does not change: the list would add a sync where it reads none")

    def _fixed_condition(self, guard: str) -> bool:
        """A condition with the same value on every iteration: no call, and no name the
        loop binds."""
        try:
            node = cst.parse_expression(guard)
        except cst.ParserSyntaxError:
            return False
        return not any(isinstance(n, cst.Call) for n in walk(node)) \
            and self.a.shapes.invariant(node)

    def _shared_reason(self) -> str:
        """Why reading a tensor whole before the loop may read stale values: it is not a
        copy this function made and kept to itself, and the loop calls other code."""
        nodes = [s.node for s in self.sources.values()] + [h.node for h in self.hoisted.values()]
        shared = list(dict.fromkeys(_code(node) for node in nodes if not self._private(node)))
        names = " and ".join(f"`{name}`" for name in shared) or "the tensor"
        return (f"{names} may be memory other code holds, which what the loop calls may "
                "change in place; the list is read before the loop")

    def _hoist(self, anchor: cst.CSTNode | None) -> list[str]:
        """`t_list = t.tolist()` before the loop, for each tensor read by index."""
        if not self.hoisted:
            return []
        if not isinstance(anchor, cst.BaseStatement):
            raise Refused("no statement to read before")
        scope = next((node for node in reversed(self.loop.ancestors)
                      if isinstance(node, (cst.FunctionDef, cst.Module))), None)
        key = id(scope)
        used = self.loop.file.identifiers.get(key)
        if used is None:
            used = _scope_names(scope) if scope is not None \
                else identifiers(self.loop.ctx.source)
            self.loop.file.identifiers[key] = used
        taken = self.loop.file.taken.get(key, set())
        lines = []
        for entry in self.hoisted.values():
            self._check_proven(entry.node)
            if entry.list_reads and entry.scalar_reads:
                raise Refused("elements read both as one value and as lists")
            if len(entry.indexes) != 1:
                raise Refused("elements read with different numbers of indexes")
            (count,) = entry.indexes
            rank = rank_of(entry.node, self.loop.ctx, self._resolver(anchor))
            code = entry.code if _atomic(entry.node) else f"({entry.code})"
            if entry.list_reads or rank == count:
                value = f"{code}.tolist()"
            elif count == 1:
                # No guard keeps the exception: the loop may read none of the tensor.
                value = f"{code}.flatten().tolist()"
                self.unsafe.append(f"`{entry.code}` may hold several values per element: the "
                                   "list then has values where `.item()` raised")
            else:
                value = f"{code}.tolist()"
                self.unsafe.append(f"`{entry.code}` may have more than {count} dimensions: "
                                   "its elements would be lists")
            entry.name = self._name(entry.node, used | taken | set(self.new_names))
            self.new_names.append(entry.name)
            lines.append(f"{entry.name} = {value}")
        self.scope_key = key
        return lines

    def commit(self) -> None:
        """The form is the one offered: its names are taken in its scope."""
        if self.new_names:
            self.loop.file.taken.setdefault(self.scope_key, set()).update(self.new_names)

    def _name(self, node: cst.BaseExpression, taken: set[str]) -> str:
        """`lengths_list` for `lengths`, `weights` for `self.weights`."""
        if isinstance(node, cst.Attribute) and node.attr.value not in taken:
            return node.attr.value
        base = node.attr.value if isinstance(node, cst.Attribute) else _code(node)
        word = f"{base}_list"
        name, counter = word, 1
        while name in taken:
            counter += 1
            name = f"{word}_{counter}"
        return name

    def _whole(self, loop: cst.CSTNode, consumer: str | None,
               replacements: list[Replacement]) -> Replacement | None:
        """`[x.item() for x in t]` is `t.tolist()`; `sum(float(x) for x in t)` keeps its
        comprehension."""
        if not isinstance(loop, (cst.ListComp, cst.GeneratorExp)) or loop.for_in.ifs \
                or len(self.loop.sites) != 1 or len(self.sources) != 1:
            return None
        site = self.loop.sites[0]
        target, iterable = loop.for_in.target, loop.for_in.iter
        source = next(iter(self.sources.values()))
        if site.node is not loop.elt or site.mode == "arg" or source.node is not iterable \
                or not isinstance(target, cst.Name):
            return None
        if isinstance(loop, cst.GeneratorExp) and consumer is None:
            return None
        code = next(r.code for r in replacements if r.node is iterable)
        return Replacement(loop, code)

    def _named_loop(self, loop: cst.CSTNode, replacements: list[Replacement]
                    ) -> list[Replacement] | None:
        """`for x in t: idx = x.item()` as its first statement: `for idx in t.tolist():`
        (no `idx = x` left behind), where nothing else reads `x`."""
        if not isinstance(loop, cst.For) or not isinstance(loop.target, cst.Name) \
                or len(self.loop.sites) != 1 or not isinstance(loop.body, cst.IndentedBlock):
            return None
        first = loop.body.body[0]
        site = self.loop.sites[0]
        if not (isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1
                and isinstance(first.body[0], cst.Assign) and len(first.body[0].targets) == 1):
            return None
        assign = first.body[0]
        name = assign.targets[0].target
        value = assign.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
                and value.func.value == "int" and len(value.args) == 1 \
                and value.args[0].value is site.node and self._int_source(loop.iter):
            value = site.node  # `int()` of an int element is the element
        if value is not site.node or site.mode != "item" \
                or not isinstance(name, cst.Name) or name.value == loop.target.value \
                or self.loop.bound_counts.get(name.value) != 1 \
                or _code(self.loop.substituted(site.value)) != loop.target.value:
            return None
        if first.leading_lines or loop.body.header.comment is not None \
                or first.trailing_whitespace.comment is not None:
            return None  # a comment there would be lost
        iterable = next((r.code for r in replacements if r.node is loop.iter), None)
        if iterable is None:
            return None
        rest = [r for r in replacements if r.node is not loop.iter and r.node is not site.node]
        return [Replacement(loop.target, f"{name.value} in {iterable}:", through=first),
                *rest]

    def _int_source(self, node: cst.BaseExpression) -> bool:
        source = next((s for s in self.sources.values() if s.node is node), None)
        return source is not None and int_dtype(node, self.loop.ctx, self._resolver())

    def _outcome(self, replacements: list[Replacement]) -> Outcome:
        unsafe = list(self.unsafe)
        for site in self.loop.sites:
            if not site.proven and id(site) not in self.proven_reads:
                unsafe.append(f"`{_code(site.value)}` may not be a tensor")
        message = "Read the tensor's values once with `.tolist()`, then loop over Python values"
        if unsafe:
            return Outcome(PendingFix(Applicability.UNSAFE, f"{message} (unsafe: {unsafe[0]})",
                                      tuple(replacements)), unsafe[0])
        return Outcome(PendingFix(Applicability.SAFE, message, tuple(replacements)))


