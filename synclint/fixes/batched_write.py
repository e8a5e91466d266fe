"""How the batched fix of one loop is written: names, the statements before the loop, the
replacements of the reads, and the fix with its safety."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import libcst as cst

from synclint.diagnostics import Applicability
from synclint.fixes.batched_checks import Checks
from synclint.fixes.batched_facts import (
    _RENDER_WORDS,
)
from synclint.fixes.batched_model import LoopState, Outcome, Refused, Site
from synclint.fixes.batched_render import (
    Names,
    Plan,
    Read,
    by_columns,
    choose_names,
    identifiers,
    prelude,
)
from synclint.fixes.batched_shapes import Shapes
from synclint.fixes.batched_syntax import (
    _atomic,
    _code,
    _names_in,
    _names_outside,
    _positional,
    _reads_of_binding,
    _Rename,
    _scope_names,
)
from synclint.fixes.batched_values import Values
from synclint.fixes.layout import statement as layout_statement
from synclint.fixes.pending import PendingFix, Replacement


class Writer:
    """Writes a loop's fix from its analysis."""

    def __init__(self, loop: LoopState, values: Values, shapes: Shapes, checks: Checks) -> None:
        self.loop = loop
        self.values = values
        self.shapes = shapes
        self.checks = checks

    def unused_targets(self, loop: cst.For, skip: Sequence[cst.CSTNode] = ()) -> set[str]:
        """Loop variables that nothing reads once the reads are replaced: not the body
        outside the reads (and the statements `skip` the fix deletes), not the rest of the
        function (a loop variable outlives its loop), not the `else:` clause."""
        sites = {id(site.node) for site in self.loop.sites} | {id(node) for node in skip}
        try:
            sites |= {id(statement) for statement in self.dead_alias_statements().values()}
        except Refused:
            pass  # refused where the fix is written
        used = set(self.names_outside_sites(loop.body, sites))
        if loop.orelse is not None:
            used |= set(_names_in(loop.orelse))
        function = next((node for node in reversed(self.loop.ancestors)
                         if isinstance(node, (cst.FunctionDef, cst.Module))), None)
        if function is None:
            return set()
        used |= _reads_of_binding(function, {id(loop)})
        return self.loop.targets - used - set(self.loop.aliases)

    def names_outside_sites(self, node: cst.CSTNode, sites: set[int]) -> Iterator[str]:
        if id(node) in sites:
            return
        if isinstance(node, cst.CompFor):
            for condition in node.ifs:
                yield from self.names_outside_sites(condition, sites)
            return
        if isinstance(node, cst.Name):
            yield node.value
            return
        if isinstance(node, cst.Attribute):
            yield from self.names_outside_sites(node.value, sites)
            return
        for child in node.children:
            yield from self.names_outside_sites(child, sites)

    def word(self, site: Site) -> str:
        """What the value is, in a word, for the names of the fix."""
        node: cst.BaseExpression = self.loop.substituted(site.value)
        grad = ".grad" in _code(node)
        word = "flag" if site.truth else "value"
        element = self.element_word(node) if not site.truth and not grad else None
        if element is not None:
            return element
        while True:
            if isinstance(node, cst.Call):
                method = self.loop.meth(node)
                name = method[1] if method is not None else (
                    (self.loop.ctx.imports.qualify(node.func) or "").rsplit(".", 1)[-1])
                if name in _RENDER_WORDS:
                    word = _RENDER_WORDS[name]
                    break
                args = _positional(node)
                if method is not None:
                    node = method[0]
                elif args:
                    node = args[0]
                else:
                    break
                continue
            if isinstance(node, cst.Name) and not site.truth and not grad \
                    and node.value not in self.loop.targets and len(node.value) > 2:
                word = node.value
            elif isinstance(node, cst.Name) and not site.truth and node.value in self.loop.targets \
                    and len(node.value) > 2 and len(self.loop.sites) == 1:
                word = f"{node.value}_value"
            break
        if grad and word not in ("flag", "value"):
            word = f"grad_{word}"
        return word

    def element_word(self, node: cst.BaseExpression) -> str | None:
        """`batch["loss"]`: `loss_value`; with several reads, `starts[i]`: `start`."""
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1 \
                or not isinstance(node.slice[0].slice, cst.Index):
            return None
        key = node.slice[0].slice.value
        if isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str) \
                and key.evaluated_value.isidentifier() \
                and key.evaluated_value.islower() and len(key.evaluated_value) > 2:
            return f"{key.evaluated_value}_value"
        container = node.value
        if len(self.loop.sites) > 1 and isinstance(container, cst.Name) \
                and container.value.endswith("s") and container.value.islower() \
                and not container.value.endswith(("ss", "us", "is")) \
                and len(container.value) > 3 and container.value not in self.loop.targets:
            return container.value[:-1]
        return None

    def collected(self, site: Site, *, guarded: bool = True, view: bool = True) -> str:
        node = self.loop.substituted(site.value)
        code = _code(node)
        atomic = _atomic(node)
        if view and not self.shapes.scalar(site.value):
            code, atomic = f"{code if atomic else f'({code})'}.view(())", True
        if site.truth and self.shapes.value_class(site) != "bool":
            # Only its truth is used: as a bool it stacks with any other value (torch
            # cannot promote float8 or uint16 next to other dtypes) and keeps its truth.
            code = f"{code if atomic else f'({code})'}.bool()"
        if site.guards and guarded:
            if isinstance(node, (cst.IfExp, cst.Lambda)) and not node.lpar:
                code = f"({code})"
            code = f"{code} if {' and '.join(site.guards)} else None"
        return code

    def names(self) -> Names:
        scope: cst.CSTNode | None = None
        for node in reversed(self.loop.ancestors):
            if isinstance(node, (cst.FunctionDef, cst.Module)):
                scope = node
                break
        key = id(scope)
        used = self.loop.file.identifiers.get(key)
        if used is None:
            used = _scope_names(scope) if scope is not None \
                else identifiers(self.loop.ctx.source)
            self.loop.file.identifiers[key] = used
        taken = self.loop.file.taken.setdefault(key, set())
        reads = tuple(Read("", self.word(site), bool(site.guards)) for site in self.loop.sites)
        names = choose_names(reads, used | taken)
        taken.update(names.row, (names.items, names.reads, names.flat, names.host,
                                 names.device, names.values, names.kinds,
                                 names.short or names.values))
        return names

    def prelude(self, names: Names, target: str, iterable: str, *, items: bool,
                indent: str, only_if: str | None = None,
                rows: str | None = None) -> tuple[list[str], str, bool]:
        """The statements that read every value with one transfer, the target that
        receives a row of Python values, and whether `values` holds columns (the loop
        then takes `zip(*values)`)."""
        module = self.loop.ancestors[0] if self.loop.ancestors else None
        unit = module.default_indent if isinstance(module, cst.Module) else "    "
        one = self.shapes.one_dtype_and_device()
        # A filtered first pass keeps one read's guard in its `if`; with several reads,
        # each keeps its own (`None` where it does not hold).
        guarded = only_if is None or len(self.loop.sites) > 1
        plan = Plan(
            reads=tuple(Read(self.collected(site, guarded=guarded), "", bool(site.guards),
                             self.collected(site, guarded=guarded, view=False))
                        for site in self.loop.sites),
            target=target, source=names.items if items else iterable,
            materialise=iterable if items else None, uniform=one or self.shapes.uniform(),
            display=self.values.long_display(self.loop.loop_source[1] or cst.Name("_")),
            one_device=one,
            indent=indent, unit=unit, line_length=self.loop.line_length(), only_if=only_if,
            zip_strict=self.loop.ctx.style.zip_strict, rows=rows)
        lines, row_target = prelude(plan, names)
        return lines, row_target, by_columns(plan)

    def only_if(self) -> str | None:
        """The guard of the loop's one read where the loop reads it exactly when the guard
        holds (every condition on the way is a host guard): the first pass can keep only
        those elements, and the loop take the next value where it read one. With several
        reads, some guarded, each read exactly when its guards hold and each in a
        statement of its own (so they run in the order the first pass reads them): ""
        (the first pass keeps every read whose guards hold, in that order)."""
        if not any(site.guards for site in self.loop.sites) \
                or not all(site.exact for site in self.loop.sites):
            return None
        if len(self.loop.sites) == 1:
            return " and ".join(self.loop.sites[0].guards)
        return "" if self.in_statement_order() else None

    def in_statement_order(self) -> bool:
        """Each read in a statement (or `if` test) of its own: the loop runs them in the
        order the analysis met them. Within one statement it may not (`d[k.item()] +=
        v.item()` reads `k` first)."""
        statements = [site.statement for site in self.loop.sites]
        return statements == sorted(set(statements))

    def filtered_outcome(self, names: Names, anchor: cst.CSTNode, target: cst.CSTNode,
                         iterable: cst.BaseExpression, only_if: str, indent: str,
                         materialise: bool) -> Outcome:
        prelude, _, _ = self.prelude(names, _code(target), _code(iterable),
                                     items=materialise, indent=indent, only_if=only_if)
        replacements = [
            Replacement(anchor, "".join(line + "\n" + indent for line in prelude),
                        mode="before"),
            *(Replacement(site.node if site.mode == "item" else site.value,
                          f"next({names.values})") for site in self.loop.sites),
        ]
        if materialise:
            replacements.append(Replacement(iterable, names.items))
        if isinstance(target, cst.BaseExpression) and isinstance(anchor, cst.For):
            unused = self.unused_targets(anchor)
            if unused and unused < self.loop.targets \
                    and "_" not in self.loop.file.identifiers.get(self.loop.scope_key(), set()):
                # `for name, p in ...` where only `name` is still read: `for name, _`.
                renamed = target.visit(_Rename(dict.fromkeys(unused, "_")))
                assert isinstance(renamed, cst.BaseExpression)
                replacements.append(Replacement(target, _code(renamed)))
        return self.outcome(replacements)

    def zip(self, iterable: str, values: str, *, before: str = "", indent: str = "") -> str:
        """`zip(iterable, values)`, split over lines as black would when the `for` line
        (`before` it, `:` after it) would be too long."""
        strict = ", strict=True" if self.loop.ctx.style.zip_strict else ""
        code = f"zip({iterable}, {values}{strict})"
        if not before or len(before) + len(code) + 1 <= self.loop.line_length():
            return code
        module = self.loop.ancestors[0] if self.loop.ancestors else None
        unit = module.default_indent if isinstance(module, cst.Module) else "    "
        head = before[len(indent):]
        lines = layout_statement(head, code, indent=indent, unit=unit,
                                 line_length=self.loop.line_length(), tail=":")
        lines[0] = lines[0][len(head):]
        lines[-1] = lines[-1][:-1]
        return lines[0] + "".join("\n" + indent + line for line in lines[1:])

    def columns(self, values: str) -> str:
        """The rows of a list of columns."""
        return f"zip(*{values}, strict=True)" if self.loop.ctx.style.zip_strict \
            else f"zip(*{values})"

    def site_replacements(self, names: Names) -> list[Replacement]:
        result: list[Replacement] = []
        for name, site in zip(names.row, self.loop.sites):
            if site.mode == "item":
                result.append(Replacement(site.node, name))
            else:
                result.append(Replacement(site.value, name))
        return result

    def dead_aliases(self, replaced: Sequence[cst.CSTNode]) -> list[Replacement]:
        """The alias statements (`n = torch.linalg.vector_norm(g)`) nothing reads once the
        reads are replaced: deleted, so the body does not compute them for nothing. An
        alias the body still reads must be cheap (a view, an attribute): the first pass
        computes it again; one read twice by the reads is computed twice."""
        return [Replacement(statement, "", mode="delete")
                for statement in self.dead_alias_statements(replaced).values()]

    def dead_alias_statements(self, replaced: Sequence[cst.CSTNode] | None = None
                              ) -> dict[str, cst.SimpleStatementLine]:
        """The statements of the aliases the reads use and nothing else reads (with the
        reads replaced: `replaced`, by default the reads themselves)."""
        loop_node = self.loop.node
        if not isinstance(loop_node, cst.For) or not self.loop.aliases:
            return {}
        if replaced is None:
            replaced = [site.node if site.mode in ("item", "list") else site.value
                        for site in self.loop.sites]
        body = loop_node.body
        skipped = {id(node) for node in replaced}
        outside: list[str] = []
        for statement in (body.body if isinstance(body, cst.IndentedBlock) else [body]):
            outside.extend(self._names_outside_assignments(statement, skipped))
        if loop_node.orelse is not None:
            outside.extend(_names_in(loop_node.orelse))
        function = next((node for node in reversed(self.loop.ancestors)
                         if isinstance(node, (cst.FunctionDef, cst.Module))), None)
        after = _names_outside(function, {id(self.loop.node)}) if function is not None \
            else set()
        in_reads = [name for site in self.loop.sites for name in _names_in(site.value)]
        dead: dict[str, cst.SimpleStatementLine] = {}
        for name, value in self.loop.aliases.items():
            if name not in in_reads:
                continue
            alive = name in outside or name in after
            if not cheap(value) and (alive or in_reads.count(name) > 1):
                raise Refused(f"the fix would compute `{_code(value)}` again in its first "
                              "pass (the body computes it too)")
            line = self.loop.alias_statements.get(name)
            if not alive and line is not None:
                dead[name] = line
        return dead

    def _names_outside_assignments(self, node: cst.CSTNode, skipped: set[int]
                                   ) -> Iterator[str]:
        """Names read by `node` outside the `skipped` subtrees and the alias targets."""
        if id(node) in skipped:
            return
        if isinstance(node, cst.AssignTarget):
            return
        if isinstance(node, cst.Name):
            yield node.value
            return
        if isinstance(node, cst.Attribute):
            yield from self._names_outside_assignments(node.value, skipped)
            return
        for child in node.children:
            yield from self._names_outside_assignments(child, skipped)

    def outcome(self, replacements: list[Replacement]) -> Outcome:
        replacements = [*replacements, *self.dead_aliases(
            [r.node for r in replacements if r.mode == "replace"])]
        for site in self.loop.sites:
            self.checks.check_proven(site)
        count = len(self.loop.sites)
        what = "value" if count == 1 else "values"
        message = (f"Read the loop's {count} tensor {what} per element in one pass, stack "
                   "them and transfer once (`.tolist()`), then loop over Python values")
        if self.loop.unsafe:
            reason = self.loop.unsafe[0]
            fix = PendingFix(Applicability.UNSAFE, f"{message} (unsafe: {reason})",
                             tuple(replacements), ("torch",))
            return Outcome(fix, reason)
        return Outcome(PendingFix(Applicability.SAFE, message, tuple(replacements),
                                  ("torch",)))


#: Views, casts, elementwise operations and reductions: one pass over the tensor at most,
#: cheap to evaluate once more (not `svdvals`, a matrix product or a model).
_CHEAP = frozenset({
    "detach", "view", "reshape", "flatten", "squeeze", "unsqueeze", "t", "contiguous",
    "float", "double", "half", "bfloat16", "to", "long", "int", "bool", "abs", "neg", "sum",
    "mean", "max", "min", "amax", "amin", "any", "all", "norm", "vector_norm", "isnan",
    "isinf", "isfinite", "count_nonzero", "eq", "ne", "gt", "ge", "lt", "le", "logical_not",
    "sqrt", "square", "pow", "exp", "log", "clamp", "sign",
})


def cheap(node: cst.CSTNode) -> bool:
    """Names, attributes, indexing, and cheap operations of those: an alias the first pass
    may evaluate again without doing the body's work twice."""
    if isinstance(node, cst.Call):
        func = node.func
        name = func.attr.value if isinstance(func, cst.Attribute) else \
            func.value if isinstance(func, cst.Name) else None
        receiver_cheap = not isinstance(func, cst.Attribute) or cheap(func.value)
        return name in _CHEAP and receiver_cheap and all(cheap(a.value) for a in node.args)
    return all(cheap(child) for child in node.children
               if isinstance(child, cst.BaseExpression))
