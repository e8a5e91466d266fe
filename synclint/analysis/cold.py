"""Cold code: places that run rarely, where a sync costs nothing worth reporting.

- `assert` messages and `raise` arguments are evaluated at most once, when the program is
  already failing; so is a block that always ends in `raise`.
- The body of a periodic guard (`if step % 100 == 0:`, `if self.global_step %
  self.log_every_n_steps == 0:`, `if should_log:`) runs once every N iterations: a read
  there is periodic logging, not "a sync on every iteration". Only the opt-in rule
  SYN107 reports it.
- The body of a guard that compares the loop counter for equality (`if i == n - 1:`,
  `if step == warmup:`) runs on one iteration, not on every one.
- The body of a guard that compares a step counter with a constant (`if batch_idx < 10:`,
  `if global_step == 0:`) runs on a bounded number of steps, loops inside it included; so
  does the body of a latch, which makes its own test false (`if len(state) == 0:` filling
  an optimiser's state, `if not self._checked: ...; self._checked = True`: `latches.py`).
- The body of a verbose or debug guard (`if self._verbose:`, `if debug:`) runs only when
  a user asks for diagnostics.
- A whole function can be cold by its role: setup, save, load, export and conversion
  code, `__init__`, `__repr__`, logger backends, test code (`roles.py` decides; the walker
  keeps the answer in `Context.cold_role`). Every sync rule is silent there, loops
  included (`Rule.report` drops the finding).

Everything here reads the walker's ancestor stack; nothing is stored between calls except
a per-function cache of flags assigned from periodic expressions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import libcst as cst

from synclint.analysis.kinds import TENSORS, Kind
from synclint.analysis.latches import latch
from synclint.analysis.names import dotted_name
from synclint.analysis.roles import is_debug_flag, is_periodic_flag, step_counter
from synclint.analysis.tree import walk

#: Why a place is cold: "raise" (an assert message, a raise argument, a raising block) or
#: "periodic" (the body of a periodic guard).
RAISE = "raise"
PERIODIC = "periodic"
#: "debug": the body of a verbose or debug guard (`if self.verbose:`, `if debug:`,
#: `if logger.isEnabledFor(logging.DEBUG):`), which runs only when a user asks for
#: diagnostics.
DEBUG = "debug"
#: "once": the body of a guard that compares the loop counter for equality
#: (`if i == len(timesteps) - 1:`, `if step == warmup_steps:`): one iteration runs it.
ONCE = "once"
#: "bounded": the body of a guard that compares a step counter with a constant so that it
#: holds on a bounded number of steps (`if batch_idx < 10:`, `if global_step == 0:`), or
#: the `else` of one that holds on all steps but those (`if batch_idx >= 10: ... else:`);
#: loops inside it included, since the whole block runs on those steps only.
BOUNDED = "bounded"
#: "role": the whole function is cold by what it is (setup, save, load, export, a logger
#: backend, test code; `roles.py` says which and why).
ROLE = "role"

@dataclass(frozen=True)
class Cold:
    """A cold place: why, and the node that makes it so (the guard, raise or assert)."""

    reason: str
    guard: cst.CSTNode
    #: For periodic guards: how the period reads in a message ("100", "`log_every`"), or
    #: None when only a flag says so (`should_log`).
    period: str | None = None
    #: For ROLE: why the function is cold ("`__init__` runs once per object").
    role: str | None = None


KindOf = Callable[[cst.BaseExpression], Kind]


def cold_reason(
    node: cst.CSTNode,
    parents: Sequence[cst.CSTNode],
    loop: cst.CSTNode | None,
    kind_of: KindOf,
    flags: Callable[[str], cst.BaseExpression | None],
) -> Cold | None:
    """Why `node` (below `parents`, outermost first) is cold, or None when it is not.

    `loop` is the innermost enclosing loop of the current function (None outside loops):
    a periodic guard counts only inside it, since a loop inside the guard still runs every
    iteration. `kind_of` infers kinds (a tensor `step % 2 == 0` is a tensor test, not a
    guard); `flags(name)` is the periodic expression a local flag was assigned, if any.
    """
    path = list(parents) + [node]
    in_loop_part = True
    raising_block: cst.CSTNode | None = None
    for index in range(len(path) - 2, -1, -1):
        ancestor, child = path[index], path[index + 1]
        if isinstance(ancestor, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            break
        if isinstance(ancestor, cst.Raise) and child is ancestor.exc:
            return Cold(RAISE, ancestor)
        if isinstance(ancestor, cst.Assert) and child is ancestor.msg:
            return Cold(RAISE, ancestor)
        if (
            raising_block is None
            and isinstance(ancestor, (cst.IndentedBlock, cst.SimpleStatementSuite))
            and _always_raises(ancestor)
            and not _is_function_body(path, index)
        ):
            raising_block = ancestor
        if raising_block is not None and _catches(ancestor, child) and in_loop_part:
            raising_block = None  # caught inside the loop: the loop goes on
        if isinstance(ancestor, cst.IndentedBlock):
            guard = _debug_exit_before(ancestor, child, kind_of)
            if guard is not None:
                return Cold(DEBUG, guard)
            if in_loop_part and _is_function_body(path, index):
                skip = _periodic_exit_before(ancestor, child, kind_of)
                if skip is not None:
                    return Cold(PERIODIC, skip[0], skip[1] or None)
            if _is_function_body(path, index) and _in_raising_tail(ancestor, child):
                return Cold(RAISE, ancestor)
        if ancestor is loop:
            if raising_block is not None:
                return Cold(RAISE, raising_block)
            in_loop_part = False
            continue
        if isinstance(ancestor, cst.If) and child is ancestor.body and _debug_test(
                ancestor.test, kind_of):
            return Cold(DEBUG, ancestor)
        if isinstance(ancestor, cst.If) and (_bounded_branch(ancestor, child, kind_of) or (
                child is ancestor.body and latch(ancestor))):
            return Cold(BOUNDED, ancestor)
        if in_loop_part and isinstance(ancestor, cst.If) and isinstance(loop, cst.For) \
                and child is ancestor.body and _once_test(ancestor.test, loop, kind_of):
            return Cold(ONCE, ancestor)
        if in_loop_part and isinstance(ancestor, cst.If):
            period = _guarded_branch(ancestor, child, kind_of, flags)
            if period is not None and (loop is None or _varies_in(ancestor.test, loop)) \
                    and not steps_an_update(child) \
                    and not _update_guard_test(ancestor, child, loop or _function_of(path)):
                return Cold(PERIODIC, ancestor, period or None)
    if raising_block is not None:
        return Cold(RAISE, raising_block)
    return None


def steps_an_update(block: cst.CSTNode) -> bool:
    """Whether `block` runs an update of its own: a backward pass (`loss.backward()`,
    `accelerator.backward(loss)`, `manual_backward`). Under a modulo guard that is the
    algorithm's update schedule (TD3's and CrossQ's delayed actor update every
    `policy_delay` steps), whose reads run on every such update, not periodic logging. An
    optimiser step alone after gradients accumulated outside the guard (`if (i + 1) %
    accum_steps == 0: optimizer.step()`) leaves the guard periodic."""
    for node in walk(block):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                node.func.attr.value in ("backward", "manual_backward"):
            return True
    return False


def _function_of(path: Sequence[cst.CSTNode]) -> cst.CSTNode | None:
    """The innermost function holding the last node of `path`."""
    return next((n for n in reversed(path) if isinstance(n, cst.FunctionDef)), None)


def _update_guard_test(guard: cst.If, child: cst.CSTNode, scope: cst.CSTNode | None) -> bool:
    """Whether another `if` in `scope` (the loop, else the function) has the same test as
    `guard` and runs an update in the same branch: the update's schedule written twice
    (TD3's delayed actor update, then `if not counter % policy_delay:` around the actor
    loss's logging), whose reads run on every such update."""
    if scope is None:
        return False
    body = child is guard.body
    for node in walk(scope):
        if isinstance(node, cst.If) and node is not guard and node.test.deep_equals(
                guard.test) and steps_an_update(node.body if body else node.orelse or
                                                cst.SimpleStatementSuite(body=())):
            return True
    return False


def _debug_test(test: cst.BaseExpression, kind_of: KindOf) -> bool:
    """Whether `test` holds only when diagnostics are switched on."""
    if isinstance(test, cst.BooleanOperation):
        left = _debug_test(test.left, kind_of)
        right = _debug_test(test.right, kind_of)
        return left or right if isinstance(test.operator, cst.And) else left and right
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(
            test.comparisons[0].operator, (cst.GreaterThan, cst.GreaterThanEqual)):
        test = test.left  # `verbose > 1`, `self.verbosity >= 2`
    if isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute):
        return test.func.attr.value == "isEnabledFor"  # logger.isEnabledFor(logging.DEBUG)
    if isinstance(test, (cst.Name, cst.Attribute)):
        name = test.value if isinstance(test, cst.Name) else test.attr.value
        return is_debug_flag(name) and not _is_tensor(test, kind_of)
    return False


def _bounded_branch(node: cst.If, child: cst.CSTNode, kind_of: KindOf) -> bool:
    """Whether `child` is the branch of `node` that runs on a bounded number of steps."""
    if child is node.body:
        return _bounded_test(node.test, kind_of, True)
    if isinstance(node.orelse, cst.Else) and child is node.orelse:
        return _bounded_test(node.test, kind_of, False)
    return False


#: The comparisons of `counter <op> constant` true on a bounded number of steps (with
#: `holds`) or false on only a bounded number (without), for a counter that counts up.
_BOUNDED_OPS: dict[bool, tuple[type[cst.BaseCompOp], ...]] = {
    True: (cst.LessThan, cst.LessThanEqual, cst.Equal, cst.In),
    False: (cst.GreaterThan, cst.GreaterThanEqual, cst.NotEqual, cst.NotIn),
}
_MIRRORED: dict[type[cst.BaseCompOp], type[cst.BaseCompOp]] = {
    cst.GreaterThan: cst.LessThan, cst.GreaterThanEqual: cst.LessThanEqual,
    cst.LessThan: cst.GreaterThan, cst.LessThanEqual: cst.GreaterThanEqual,
    cst.Equal: cst.Equal, cst.NotEqual: cst.NotEqual,
}


def _bounded_test(test: cst.BaseExpression, kind_of: KindOf, holds: bool) -> bool:
    """Whether `test` is true (`holds`) or false (not `holds`) on a bounded number of
    steps only: a step counter (`batch_idx`, `self.global_step`, `roles.step_counter`)
    compared with an integer constant (`batch_idx < 10`, `step == 0`, `10 > batch_idx`,
    `step in (0, 1)`), alone or under `and` / `or` / `not`. A counter compared with a
    name (`step < warmup_steps`) is left to the settings model."""
    if isinstance(test, cst.BooleanOperation):
        left = _bounded_test(test.left, kind_of, holds)
        right = _bounded_test(test.right, kind_of, holds)
        # `a and b` is bounded-true when either is; its negation when both are.
        if isinstance(test.operator, cst.And) == holds:
            return left or right
        return left and right
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _bounded_test(test.expression, kind_of, not holds)
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return False
    target = test.comparisons[0]
    operator: type[cst.BaseCompOp] = type(target.operator)
    counter, constant = test.left, target.comparator
    if not _step_counter(counter, kind_of) and operator in _MIRRORED:
        counter, constant, operator = constant, counter, _MIRRORED[operator]
    if not _step_counter(counter, kind_of) or operator not in _BOUNDED_OPS[holds]:
        return False
    if operator in (cst.In, cst.NotIn):
        return isinstance(constant, (cst.Tuple, cst.List, cst.Set)) and all(
            isinstance(element.value, cst.Integer) for element in constant.elements)
    return isinstance(constant, cst.Integer)


def _step_counter(node: cst.BaseExpression, kind_of: KindOf) -> bool:
    """A step index (`batch_idx`, `self.global_step`), not a count that may be a setting
    (`self.n_steps == 1`, `num_updates < 2`: plural or `n_`/`num_` names)."""
    if not isinstance(node, (cst.Name, cst.Attribute)):
        return False
    name = dotted_name(node)
    last = name.rsplit(".", 1)[-1].lstrip("_") if name is not None else ""
    return step_counter(name) and not last.endswith("s") and not last.startswith(
        ("n_", "num_")) and not _is_tensor(node, kind_of)


def _once_test(test: cst.BaseExpression, loop: cst.For, kind_of: KindOf) -> bool:
    """Whether `test` holds on one iteration of `loop` at most: the loop's own counter
    compared for equality with something the loop does not change (`i == n - 1`)."""
    if isinstance(test, cst.BooleanOperation):
        left = _once_test(test.left, loop, kind_of)
        right = _once_test(test.right, loop, kind_of)
        return left or right if isinstance(test.operator, cst.And) else left and right
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.Equal)):
        return False
    counters = _counters(loop)
    first, second = test.left, test.comparisons[0].comparator
    for counter, other in ((first, second), (second, first)):
        if isinstance(counter, cst.Name) and counter.value in counters \
                and not _is_tensor(counter, kind_of) and not _is_tensor(other, kind_of):
            # Walking the loop for the names it binds is the costly part: only now.
            bound = _bound_in(loop)
            if not any(n.value in bound for n in _all_names(other)):
                return True
    return False


def _counters(loop: cst.For) -> set[str]:
    """Names that take each value once: the target of `for i in range(...)`, the index
    of `for i, x in enumerate(...)`. An element (`for tok in tokens`) may repeat."""
    iterator = loop.iter
    if not (isinstance(iterator, cst.Call) and isinstance(iterator.func, cst.Name)):
        return set()
    if iterator.func.value == "range" and isinstance(loop.target, cst.Name):
        return {loop.target.value}
    if iterator.func.value == "enumerate" and isinstance(loop.target, (cst.Tuple, cst.List)) \
            and loop.target.elements and isinstance(loop.target.elements[0].value, cst.Name):
        return {loop.target.elements[0].value.value}
    return set()


def _all_names(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            found.append(current)
        elif isinstance(current, cst.Attribute):
            stack.append(current.value)  # `self.n`: the attribute name is not a variable
            continue
        stack.extend(current.children)
    return found


def _varies_in(test: cst.BaseExpression, loop: cst.CSTNode) -> bool:
    """Whether a guard can change between iterations of `loop`: it reads a name the loop
    binds, or something the analysis cannot follow (an attribute, a call). A guard on an
    outer loop's counter (`if epoch % 2 == 0:` around `for p in params:`) is fixed for the
    whole inner loop, which then runs every iteration."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [test]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.Attribute, cst.Call)):
            return True
        if isinstance(current, cst.Name):
            names.add(current.value)
        stack.extend(current.children)
    return bool(names & _bound_in(loop))


def _bound_in(loop: cst.CSTNode) -> set[str]:
    """Names a loop (its target and body, not nested functions) binds."""
    bound: set[str] = set()
    stack: list[cst.CSTNode] = [loop]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        targets: list[cst.CSTNode] = []
        if isinstance(current, (cst.For, cst.CompFor, cst.AugAssign, cst.AnnAssign,
                                cst.NamedExpr)):
            targets.append(current.target)
        elif isinstance(current, cst.AssignTarget):
            targets.append(current.target)
        elif isinstance(current, cst.AsName):
            targets.append(current.name)
        for target in targets:
            bound.update(n.value for n in _names(target))
        stack.extend(current.children)
    return bound


def _names(node: cst.CSTNode) -> list[cst.Name]:
    if isinstance(node, cst.Name):
        return [node]
    found: list[cst.Name] = []
    for child in node.children:
        if isinstance(child, (cst.Name, cst.Tuple, cst.List, cst.Element, cst.StarredElement)):
            found.extend(_names(child))
    return found


def _debug_exit_before(block: cst.IndentedBlock, child: cst.CSTNode,
                       kind_of: KindOf) -> cst.If | None:
    """An earlier statement of `block` that leaves it unless diagnostics are on (`if not
    self.debug: return`): `child` runs only when debugging."""
    for statement in block.body:
        if statement is child:
            return None
        if isinstance(statement, cst.If) and statement.orelse is None and \
                isinstance(statement.test, cst.UnaryOperation) and \
                isinstance(statement.test.operator, cst.Not) and \
                _debug_test(statement.test.expression, kind_of) and _exits(statement.body):
            return statement
    return None


def _periodic_exit_before(body: cst.IndentedBlock, child: cst.CSTNode,
                          kind_of: KindOf) -> tuple[cst.If, str] | None:
    """An earlier statement of a function body that returns on all steps but one in n
    (`if state.timestamp.batch.value % self.log_interval != 0: return`): `child` is as
    periodic as the body of `if step % n == 0:` (`model.syntax._skips_steps` for `ast`).
    The guard and the period's text."""
    for statement in body.body:
        if statement is child:
            return None
        if not isinstance(statement, cst.If) or statement.orelse is not None or \
                not _only_return(statement.body):
            continue
        test = statement.test
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            negated = test.expression  # `not step % n == 0`
            if not isinstance(negated, cst.Comparison) or len(negated.comparisons) != 1 or \
                    not isinstance(negated.comparisons[0].operator, cst.Equal) or \
                    not _is_zero(negated.comparisons[0].comparator):
                continue
            remainder: cst.BaseExpression = negated.left
        elif isinstance(test, cst.Comparison):
            if _nonzero_modulo(test, kind_of) is None:
                continue
            remainder = test.left
        else:
            remainder = test
        period = _modulo_period(remainder, kind_of)
        if period is not None and isinstance(remainder, cst.BinaryOperation) and \
                step_counter(dotted_name(remainder.left)):
            return statement, period
    return None


def _only_return(block: cst.BaseSuite) -> bool:
    body = block.body
    if len(body) != 1:
        return False
    line = body[0]
    if isinstance(block, cst.SimpleStatementSuite):
        return isinstance(line, cst.Return)
    return isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 and \
        isinstance(line.body[0], cst.Return)


def _exits(block: cst.BaseSuite) -> bool:
    """A block whose last statement leaves the enclosing block (return, continue, break)."""
    body = block.body
    if not body:
        return False
    last = body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else last
    return isinstance(last, (cst.Return, cst.Continue, cst.Break))


def _in_raising_tail(body: cst.IndentedBlock, child: cst.CSTNode) -> bool:
    """`child`, a statement of a function body that ends in `raise`, comes after the last
    statement that can return: it runs only on the way to the raise (`if ok: return`,
    then a count of the bad values for the error message)."""
    if not _always_raises(body):
        return False
    statements = list(body.body)
    if child not in statements:
        return False
    position = next(i for i, s in enumerate(statements) if s is child)
    last_return = max((i for i, s in enumerate(statements) if _returns(s)), default=None)
    return last_return is not None and position > last_return


def _returns(node: cst.CSTNode) -> bool:
    """Whether a statement can return (a `return` in it, outside nested functions)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Return):
            return True
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) or \
                isinstance(current, cst.BaseExpression):
            continue
        stack.extend(current.children)
    return False


def _is_function_body(path: Sequence[cst.CSTNode], index: int) -> bool:
    """A function that always raises is still called once per iteration of its caller."""
    return index > 0 and isinstance(path[index - 1], (cst.FunctionDef, cst.ClassDef))


def _catches(ancestor: cst.CSTNode, child: cst.CSTNode) -> bool:
    return isinstance(ancestor, (cst.Try, cst.TryStar)) and child is ancestor.body and bool(
        ancestor.handlers)


def leaves(block: cst.BaseSuite) -> bool:
    """Whether every path through `block` leaves it (return, raise, continue, break; an
    `if` all of whose branches do), as `model.syntax._ends_abruptly` reads `ast`."""
    if isinstance(block, cst.SimpleStatementSuite):
        return bool(block.body) and isinstance(block.body[-1], _LEAVING)
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return False
    last = block.body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        return bool(last.body) and isinstance(last.body[-1], _LEAVING)
    if isinstance(last, cst.If):
        orelse = last.orelse
        return leaves(last.body) and (
            leaves(orelse.body) if isinstance(orelse, cst.Else) else
            isinstance(orelse, cst.If) and leaves(cst.IndentedBlock(body=[orelse])))
    return False


_LEAVING = (cst.Return, cst.Raise, cst.Continue, cst.Break)


def test_names(test: cst.BaseExpression) -> list[str]:
    """The names and attribute names a LibCST test reads (`settings.main_path_else`)."""
    found: list[str] = []
    stack: list[cst.CSTNode] = [test]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            found.append(current.value)
        stack.extend(current.children)
    return found


def _always_raises(block: cst.BaseSuite) -> bool:
    """Whether every path through `block` ends in `raise`."""
    if isinstance(block, cst.SimpleStatementSuite):
        return bool(block.body) and isinstance(block.body[-1], cst.Raise)
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return False
    last = block.body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        return bool(last.body) and isinstance(last.body[-1], cst.Raise)
    if isinstance(last, cst.If):
        return _if_always_raises(last)
    return False


def _if_always_raises(node: cst.If) -> bool:
    if not _always_raises(node.body):
        return False
    orelse = node.orelse
    if isinstance(orelse, cst.If):
        return _if_always_raises(orelse)
    if isinstance(orelse, cst.Else):
        return _always_raises(orelse.body)
    return False


def _guarded_branch(node: cst.If, child: cst.CSTNode, kind_of: KindOf,
                    flags: Callable[[str], cst.BaseExpression | None]) -> str | None:
    """The period ("" when unknown) when `child` is the periodic branch of `node`."""
    if child is node.body:
        return periodic_test(node.test, kind_of, flags)
    if isinstance(node.orelse, cst.Else) and child is node.orelse:
        # `if step % 100: ... else: <every 100 steps>`
        return _nonzero_modulo(node.test, kind_of)
    return None


def periodic_test(test: cst.BaseExpression, kind_of: KindOf,
                  flags: Callable[[str], cst.BaseExpression | None],
                  depth: int = 0) -> str | None:
    """The period ("" when unknown) when `test` is true once every few iterations."""
    if isinstance(test, cst.BooleanOperation):
        left = periodic_test(test.left, kind_of, flags, depth)
        right = periodic_test(test.right, kind_of, flags, depth)
        if isinstance(test.operator, cst.And):
            # `step % 10 == 0 and rank == 0`: rarer still.
            return left if left is not None else right
        return left if left is not None and right is not None else None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        # `not step % 10`: true when the remainder is zero.
        return _modulo_period(test.expression, kind_of)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if isinstance(target.operator, cst.Equal):
            for side, other in ((test.left, target.comparator), (target.comparator, test.left)):
                period = _modulo_period(side, kind_of)
                if period is not None and not _is_tensor(other, kind_of):
                    return period
        # `frames % eval_every < frames_per_batch`: once per `eval_every` frames of a
        # counter that steps by a batch.
        if isinstance(target.operator, (cst.LessThan, cst.LessThanEqual)):
            return _modulo_below(test.left, target.comparator, kind_of)
        if isinstance(target.operator, (cst.GreaterThan, cst.GreaterThanEqual)):
            return _modulo_below(target.comparator, test.left, kind_of)
        return None
    if isinstance(test, cst.BinaryOperation) and isinstance(test.operator, cst.Modulo):
        # `if step % 2:` is every other step; `if step % 100:` is 99 steps in 100.
        if isinstance(test.right, cst.Integer) and test.right.value == "2":
            return _modulo_period(test, kind_of)
        return None
    name = _flag_name(test)
    if name is not None:
        if is_periodic_flag(name):
            return ""
        if isinstance(test, cst.Name) and depth == 0:
            assigned = flags(name)
            if assigned is not None:
                return periodic_test(assigned, kind_of, flags, depth + 1)
    return None


def _modulo_below(remainder: cst.BaseExpression, bound: cst.BaseExpression,
                  kind_of: KindOf) -> str | None:
    """The period when `remainder < bound` is `counter % divisor < bound` of host values
    and the bound is not known to reach the divisor (`x % 10 < 20` always holds)."""
    period = _modulo_period(remainder, kind_of)
    if period is None or _is_tensor(bound, kind_of):
        return None
    assert isinstance(remainder, cst.BinaryOperation)
    if isinstance(bound, cst.Integer) and (
            not isinstance(remainder.right, cst.Integer)
            or int(bound.value, 0) >= int(remainder.right.value, 0)):
        return None  # `step % n < 5` with n unknown may always hold
    return period


def _nonzero_modulo(test: cst.BaseExpression, kind_of: KindOf) -> str | None:
    if isinstance(test, cst.BinaryOperation) and isinstance(test.operator, cst.Modulo):
        return _modulo_period(test, kind_of)
    if (
        isinstance(test, cst.Comparison)
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, cst.NotEqual)
        and _is_zero(test.comparisons[0].comparator)
    ):
        return _modulo_period(test.left, kind_of)
    return None


def _modulo_period(node: cst.BaseExpression, kind_of: KindOf) -> str | None:
    """The divisor's text when `node` is `counter % divisor` of host values."""
    if not (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo)):
        return None
    if isinstance(node.left, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return None  # "%d" % step is string formatting
    if _is_tensor(node.left, kind_of) or _is_tensor(node.right, kind_of):
        return None  # a tensor remainder: a tensor test, not a guard
    divisor = node.right
    if isinstance(divisor, cst.Integer):
        return None if divisor.value in ("0", "1") else divisor.value
    text = dotted_name(divisor)
    return f"`{text}`" if text is not None else ""


def _is_tensor(node: cst.BaseExpression, kind_of: KindOf) -> bool:
    return kind_of(node) in TENSORS


def _is_zero(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Integer) and node.value == "0"


def _flag_name(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    if isinstance(node, cst.Call) and isinstance(node.func, (cst.Name, cst.Attribute)):
        # `self._should_log(step)`, `is_log_step()`
        return _flag_name(node.func)
    return None


def flag_assignments(function: cst.CSTNode) -> dict[str, cst.BaseExpression]:
    """Names a function assigns exactly once, with the value (`should_log = i % k == 0`)."""
    found: dict[str, cst.BaseExpression] = {}
    seen: set[str] = set()
    stack: list[cst.CSTNode] = [function.body] if isinstance(
        function, (cst.FunctionDef, cst.Lambda)) else [function]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(current, cst.Assign):
            for target in current.targets:
                if isinstance(target.target, cst.Name):
                    name = target.target.value
                    if name in seen:
                        found.pop(name, None)
                    else:
                        found[name] = current.value
                    seen.add(name)
        elif isinstance(current, (cst.AugAssign, cst.AnnAssign)) and isinstance(
                current.target, cst.Name):
            seen.add(current.target.value)
            found.pop(current.target.value, None)
        stack.extend(_children(current))
    return found


def _children(node: cst.CSTNode) -> list[cst.CSTNode]:
    # Statements and their blocks only: flags are assigned by statements.
    if isinstance(node, cst.Module):
        return list(node.body)
    if isinstance(node, (cst.IndentedBlock, cst.SimpleStatementSuite)):
        return list(node.body)
    if isinstance(node, cst.SimpleStatementLine):
        return list(node.body)
    children: list[cst.CSTNode] = []
    for name in ("body", "orelse", "handlers", "finalbody"):
        value = getattr(node, name, None)
        if isinstance(value, cst.CSTNode):
            children.append(value)
        elif isinstance(value, (tuple, list)):
            children.extend(v for v in value if isinstance(v, cst.CSTNode))
    return children
