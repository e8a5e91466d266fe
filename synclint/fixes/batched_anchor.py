"""Where the batched fix of a comprehension reads its values: the statement before which
they can be read, and the builtin that consumes a generator."""

from __future__ import annotations

import libcst as cst

from synclint.fixes.batched_facts import (
    _CONSUMERS,
)
from synclint.fixes.batched_model import LoopState, Refused
from synclint.fixes.batched_syntax import (
    _code,
    _simple,
)

#: Where a comprehension can sit, in a reader's words (for why it is not fixed).
_PLACES = {"IfExp": "a conditional expression (`a if c else b`)", "Lambda": "a lambda",
           "Dict": "a dict display", "DictElement": "a dict display",
           "FormattedStringExpression": "an f-string", "FormattedString": "an f-string",
           "Await": "an `await`", "Yield": "a `yield`", "NamedExpr": "an assignment "
           "expression (`:=`)", "With": "a `with` statement", "WithItem": "a `with` "
           "statement", "While": "a `while` test", "Assert": "an `assert`",
           "Raise": "a `raise`", "Del": "a `del`", "GeneratorExp": "another comprehension",
           "ListComp": "another comprehension", "SetComp": "another comprehension",
           "DictComp": "another comprehension"}


class Anchor:
    """The statement a comprehension's values are read before."""

    def __init__(self, loop: LoopState) -> None:
        self.loop = loop

    def anchor(self, loop: cst.CSTNode) -> tuple[cst.CSTNode, str | None]:
        """The statement before which the comprehension's values can be read, and the
        builtin consuming a generator. Everything the statement evaluates before the
        comprehension must be free of effects, and the comprehension must be evaluated
        exactly once whenever the statement runs."""
        consumer: str | None = None
        child: cst.CSTNode = loop
        for parent in reversed(self.loop.ancestors):
            if isinstance(parent, cst.Arg):
                child = parent
                continue
            if isinstance(parent, cst.Call):
                if child is parent.func:
                    pass
                else:
                    if not _simple(parent.func):
                        raise Refused("the comprehension is an argument of a call whose "
                                      "callee has effects")
                    for arg in parent.args:
                        if arg is child:
                            break
                        if not _simple(arg.value):
                            raise Refused("an earlier argument of the call has effects")
                    if consumer is None and child is not loop and any(
                            a is child and a.value is loop for a in parent.args):
                        consumer = self.consumer(parent, child, strict=isinstance(
                            loop, cst.GeneratorExp))
            elif isinstance(parent, (cst.Tuple, cst.List, cst.Set)):
                for element in parent.elements:
                    if element is child:
                        break
                    if not _simple(element.value):
                        raise Refused("an earlier element of the expression has effects")
            elif isinstance(parent, (cst.Element, cst.StarredElement, cst.UnaryOperation,
                                     cst.Attribute, cst.ComparisonTarget)):
                pass
            elif isinstance(parent, cst.BinaryOperation):
                if child is parent.right and not _simple(parent.left):
                    raise Refused("the left operand has effects")
            elif isinstance(parent, cst.Comparison):
                if child is not parent.left and not _simple(parent.left):
                    raise Refused("the left operand has effects")
            elif isinstance(parent, cst.BooleanOperation):
                if child is not parent.left:
                    raise Refused("the comprehension is evaluated only sometimes "
                                  "(right of `and`/`or`)")
            elif isinstance(parent, (cst.Subscript, cst.Index, cst.Slice,
                                     cst.SubscriptElement)):
                if not isinstance(parent, cst.Subscript) or child is not parent.value:
                    raise Refused("the comprehension is an index")
            elif isinstance(parent, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return,
                                     cst.Expr)):
                if isinstance(parent, cst.AugAssign) and not _simple(parent.target):
                    raise Refused("the augmented target has effects")
                if getattr(parent, "value", None) is not child:
                    raise Refused("the comprehension is not the value of its statement")
            elif isinstance(parent, cst.SimpleStatementLine):
                if len(parent.body) != 1:
                    raise Refused("several statements share the line")
                return self.statement_anchor(parent, loop), consumer
            elif isinstance(parent, cst.SimpleStatementSuite):
                raise Refused("the statement shares a line with its block header")
            elif isinstance(parent, cst.If):
                if child is not parent.test:
                    raise Refused("not a test")
                return self.statement_anchor(parent, loop), consumer
            elif isinstance(parent, cst.For):
                if child is not parent.iter:
                    raise Refused("not an iterable")
                return self.statement_anchor(parent, loop), consumer
            else:
                where = _PLACES.get(type(parent).__name__, "an expression")
                raise Refused(f"the comprehension sits in {where}, where its values "
                              "cannot be read ahead")
            child = parent
        raise Refused("no statement to put the reads before")

    def consumer(self, call: cst.Call, arg: cst.CSTNode, *, strict: bool) -> str | None:
        """The builtin a comprehension is the only argument of; a generator must have one
        (anything else may interleave its own work with the generator's)."""
        func = call.func
        positional = [a for a in call.args if a.keyword is None]
        if len(positional) == 1 and positional[0] is arg and not positional[0].star:
            if isinstance(func, cst.Name) and func.value in _CONSUMERS \
                    and not self.loop.ctx.bound(func.value):
                return func.value
            if isinstance(func, cst.Attribute) and func.attr.value == "join":
                return "join"
        if strict:
            raise Refused(f"a generator consumed lazily by `{_code(func)}()`")
        return None

    def statement_anchor(self, statement: cst.CSTNode, loop: cst.CSTNode) -> cst.CSTNode:
        index = self.loop.ancestors.index(statement)
        parent = self.loop.ancestors[index - 1] if index > 0 else None
        if isinstance(statement, cst.If) and isinstance(parent, cst.If) \
                and parent.orelse is statement:
            raise Refused("an `elif` test is evaluated only when the `if` fails")
        if not isinstance(parent, (cst.IndentedBlock, cst.Module)):
            raise Refused("the statement shares a line with its block header")
        return statement
