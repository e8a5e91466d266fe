"""Each rule's own examples moved out of their functions: the same statements at module
level, in a class body and in notebook cells, where a rule sees no enclosing function.

A function's parameters become annotated names (`x: torch.Tensor`), so that what the
function knew about them is still known; `return value` becomes the expression
statement `value`. Decorated and async functions stay as they are."""

from __future__ import annotations

import json
import textwrap

import libcst as cst

from synclint.rules import ALL_RULES
from synclint.rules.base import Example


def _parameters(params: cst.Parameters) -> list[cst.BaseStatement]:
    declared: list[cst.BaseStatement] = []
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    for param in every:
        if param.name.value in ("self", "cls"):
            continue
        if param.annotation is not None:
            declared.append(cst.SimpleStatementLine([cst.AnnAssign(
                param.name, param.annotation, value=param.default)]))
        elif param.default is not None:
            declared.append(cst.SimpleStatementLine([cst.Assign(
                [cst.AssignTarget(param.name)], param.default)]))
    return declared


class _NoReturns(cst.CSTTransformer):
    """`return x` -> `x`, `return` -> `pass`, outside nested functions and classes."""

    def __init__(self) -> None:
        self.depth = 0

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.depth += 1
        return True

    def leave_FunctionDef(self, original: cst.FunctionDef,
                          updated: cst.FunctionDef) -> cst.FunctionDef:
        self.depth -= 1
        return updated

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def leave_Return(self, original: cst.Return,
                     updated: cst.Return) -> cst.BaseSmallStatement:
        if self.depth:
            return updated
        return cst.Expr(updated.value) if updated.value is not None else cst.Pass()


def _hoisted(function: cst.FunctionDef) -> list[cst.BaseStatement]:
    body = function.body
    if not isinstance(body, cst.IndentedBlock):
        body = cst.IndentedBlock([cst.SimpleStatementLine(list(body.body))])
    statements = [s.visit(_NoReturns()) for s in body.body]
    return [*_parameters(function.params),
            *(s for s in statements if isinstance(s, cst.BaseStatement))]


def module_level(source: str) -> str | None:
    """`source` with the bodies of its plain top-level functions at module level, or None
    when it has none (or does not parse)."""
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError:
        return None
    body: list[cst.BaseStatement] = []
    hoisted = False
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef) and not statement.decorators \
                and statement.asynchronous is None:
            body.extend(_hoisted(statement))
            hoisted = True
        else:
            body.append(statement)
    return module.with_changes(body=body).code if hoisted else None


def class_body(source: str) -> str:
    """`source` (module-level code) as the body of a class; imports stay outside."""
    lines = source.splitlines()
    imports = [line for line in lines if line.startswith(("import ", "from "))]
    rest = [line for line in lines if line not in imports]
    body = textwrap.indent("\n".join(rest), "    ") or "    pass"
    return "\n".join([*imports, "class Holder:", body, ""])


def notebook(source: str) -> str:
    """`source` as a notebook, one code cell per top-level statement."""
    module = cst.parse_module(source)
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": module.code_for_node(statement)} for statement in module.body]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                       "nbformat_minor": 5}, indent=1) + "\n"


def example_sources() -> list[tuple[str, str]]:
    """(label, code) of every rule's VALID and INVALID examples."""
    found = []
    for code, rule in ALL_RULES.items():
        for index, example in enumerate(rule.INVALID):
            text = example.code if isinstance(example, Example) else example
            found.append((f"{code}-invalid-{index}", text))
        for index, text in enumerate(rule.VALID):
            found.append((f"{code}-valid-{index}", text))
    return found


def scoped_cases() -> list[tuple[str, str]]:
    """(label, module-level code) for every example with a function to hoist."""
    cases = []
    for label, text in example_sources():
        hoisted = module_level(text)
        if hoisted is not None:
            cases.append((label, hoisted))
    return cases
