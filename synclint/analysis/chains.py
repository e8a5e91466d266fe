"""Whole-program findings as rules report them: a call that syncs inside, a sync in
per-step code; their short messages and related locations (DESIGN.md section 8)."""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass

import libcst as cst

from synclint.analysis.kinds import DEVICE_TENSORS
from synclint.analysis.project import EFFECT_WORDS, Effect, Hot, Site, argument_syncs
from synclint.analysis.walker import Context
from synclint.diagnostics import Location, Related
from synclint.model.call_sites import RUNS
from synclint.model.settings import ARGUMENT, ARGUMENTS, BOTH, SETTING

#: Message length the style guide aims for: a message is written to fit, never cut (a
#: cut message loses its reason); only a name longer than the whole budget can exceed it.
MAX_MESSAGE = 100


@dataclass(frozen=True)
class CallSync:
    """A call whose callee syncs: on every call, or because of one of its arguments."""

    callee: str
    effect: Effect
    confidence: str
    #: The "call" reads a property, whose getter is the callee (`model/properties.py`).
    read: bool = False


def call_syncs(ctx: Context, node: cst.Call | cst.Attribute, code: str) -> CallSync | None:
    """The first sync of rule `code` that calling `node` makes, or None; `node` may be
    the read of a property, a call of its getter without arguments.

    Callees that are per-step entry points themselves (hooks, `forward`) are skipped:
    their syncs are reported inside them, where they happen; so are callees that run a
    training loop (`Summary.trains`) and are not cold: a call of one in a loop is once per
    training run (in cold code nothing is reported, so its callers report its reads). So is a chain that passes a
    call in a loop of a function that is not cold (`Effect.looped`): it is reported once,
    at that innermost per-step call.
    """
    read = isinstance(node, cst.Attribute)
    summary = ctx.getter(node) if isinstance(node, cst.Attribute) else ctx.callee(node)
    if summary is None or summary.hot is not None or _cold(ctx, node):
        return None
    if summary.trains & RUNS and summary.cold is None:
        return None  # a whole training run: its reads are reported inside it, as often
    if summary.cold is not None and _once_per_epoch(ctx):
        return None  # a checkpoint saved once per epoch: the host copy is what it is for
    if summary.cold is not None and not ctx.in_loop and \
            (hot := ctx.hot_here()) is not None and hot.guard is not None:
        return None  # `if self.disable_adapters: self.unmerge()`: once per change
    # Through an invoker (`checkpoint(self._run, x)`): the arguments after the callable.
    args = ctx.call_of(node).args if isinstance(node, cst.Call) else ()
    positional = [arg for arg in args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword.value: arg for arg in args if arg.keyword is not None}
    starred = next((i for i, arg in enumerate(args) if arg.star == "*"), len(args))
    spread = any(arg.star == "**" for arg in args)

    def passed(index: int) -> cst.Arg | None:
        if index < starred and index < len(positional):
            return positional[index]
        return keywords.get(summary.settable[index]) if index < len(summary.settable) \
            else None

    def hidden(index: int) -> bool:
        """`f(*xs)`, `f(**options)`: what the call passes there is not known."""
        return spread or (index < len(summary.params) and starred < len(args))

    def settings_passed(effect: Effect) -> bool:
        """A sync under a test of the callee's parameters (`Effect.when`) happens on
        every call only where the call passes settings for them (or nothing)."""
        return all(ctx.is_setting(arg.value) if (arg := passed(index)) is not None
                   else not hidden(index) for index in effect.when)

    for effect in summary.syncs:
        if effect.code == code and settings_passed(effect):
            if effect.looped:
                return None  # reported at the call in that loop
            return CallSync(summary.display, effect, "likely" if effect.likely else "high",
                            read)
    if not summary.param_effects:
        return None
    for param_effect in summary.param_effects:
        if param_effect.effect.code != code or not settings_passed(param_effect.effect):
            continue
        arg = passed(param_effect.index)
        if arg is None:
            continue
        kind = ctx.kind(arg.value)
        confidence = argument_syncs(kind, param_effect.strength)
        if confidence is None:
            continue
        if param_effect.effect.likely and kind not in DEVICE_TENSORS:
            confidence = "likely"
        if param_effect.effect.looped:
            return None
        return CallSync(summary.display, param_effect.effect, confidence, read)
    return None


def _once_per_epoch(ctx: Context) -> bool:
    """The call runs once per epoch: its innermost loop is a `for` whose target or
    iterable names an epoch (`for epoch in range(self.epochs_run, self.total_epochs):`),
    and no other loop holds it. Save, load and export code called there runs as rarely as
    such code is meant to."""
    if not ctx.loops:
        return False
    loop = ctx.loops[-1]
    if not isinstance(loop, cst.For):
        return False
    words = _EPOCH.findall(cst.Module([]).code_for_node(loop.target) + " "
                           + cst.Module([]).code_for_node(loop.iter))
    return bool(words)


#: A name that counts epochs (`epoch`, `curr_epoch`, `self.total_epochs`, `num_epochs`).
_EPOCH = re.compile(r"epoch", re.IGNORECASE)


def _cold(ctx: Context, node: cst.CSTNode) -> bool:
    """In an `assert` message or a `raise` statement (evaluated at most once, on failure),
    or anywhere cold code is (a periodic or verbose guard, setup or save code)."""
    if ctx.cold(node) is not None:
        return True
    parents = [*ctx.parents, node]
    for index, parent in enumerate(parents):
        if isinstance(parent, cst.Raise):
            return True
        if isinstance(parent, cst.Assert) and index + 1 < len(parents) and \
                parents[index + 1] is parent.msg:
            return True
    return False


def where(site: Site) -> str:
    return f"{os.path.basename(site.filename)}:{site.line}"


def call_message(found: CallSync, hot: Hot | None) -> str:
    """"`to_float()` reads a tensor on the host (helpers.py:5), once per iteration"; the
    longest form that fits, down to "in per-step code" (the chain is in the related
    locations). The callee is named the same way in every form (`callee_name`)."""
    words = EFFECT_WORDS[found.effect.code]
    when = "once per iteration" if hot is None else f"and {hot.reason}{setting_words(hot)}"
    short_when = "once per iteration" if hot is None else _per_step(hot) + setting_words(hot)
    name = callee_name(found.callee, found.read)
    candidates = [f"{name} {words} ({where(found.effect.site)}), {when}",
                  f"{name} {words}, {when}",
                  f"{name} {words}, {short_when}",
                  f"{name} syncs with the GPU, {short_when}"]
    if hot is not None and hot.guard is not None:  # the setting is the related location's
        under = under_words(hot)
        candidates += [f"{name} syncs per step{setting_words(hot)}",
                       f"{name} syncs with the GPU, {_per_step(hot)}{under}",
                       f"{name} syncs with the GPU in per-step code{under}",
                       f"{name} syncs with the GPU per step{under}",
                       f"{name} syncs per step{under}",
                       f"{name} syncs with the GPU, {_per_step(hot)}{_UNDER}",
                       f"{name} syncs with the GPU in per-step code{_UNDER}",
                       f"{name} syncs with the GPU per step{_UNDER}"]
    elif hot is not None:
        candidates.append(f"{name} syncs with the GPU in per-step code")
    return fitting(*candidates)


#: The longest callee name a message gives in full (`CPOTrainer.get_batch_loss_metrics`);
#: a longer one is named by its own name alone, so that a short form of the message fits.
MAX_NAME = 40


def callee_name(display: str, read: bool = False) -> str:
    """How a message names a callee, the same way in every form of every message:
    "`Model.forward()`", or "`get_batch_loss_metrics()`" for a long qualified name (the
    chain in the related locations says where it is); a property, whose getter a read
    runs (`read`), without the call: "`Schedule.lr`". Never cut: only a name longer than
    the whole budget can make a message exceed it."""
    name = display if len(display) <= MAX_NAME else display.rsplit(".", 1)[-1]
    return f"`{name}`" if read else f"`{name}()`"


def call_related(found: CallSync, hot: Hot | None) -> tuple[Related, ...]:
    """The chain down to the sync (each call, then the site), and why the call is hot."""
    chain = found.effect.chain
    related = [_related(site) for site in chain[:-1]]
    last = chain[-1]
    related.append(Related(last.filename, Location(last.line, last.column),
                           f"the sync: {last.message}"))
    if hot is not None:
        related[:0] = hot_related(hot)
    return tuple(related)


def hot_message(what: str, hot: Hot) -> str:
    """"`.item()` syncs with the GPU on every call: `training_step` runs once per batch",
    or a shorter form that fits (the reason is also the related location's message)."""
    when = setting_words(hot)
    if hot.guard is None:
        return fitting(f"{what} syncs with the GPU on every call: {hot.reason}",
                       f"{what} syncs with the GPU {_per_step(hot)}",
                       f"{what} syncs with the GPU in per-step code")
    under = under_words(hot)
    return fitting(f"{what} syncs with the GPU on every call{when}: {hot.reason}",
                   f"{what} syncs with the GPU {_per_step(hot)}{when}",
                   f"{what} syncs with the GPU in per-step code{when}",
                   f"{what} syncs in per-step code{when}",
                   f"{what} syncs with the GPU in per-step code{under}",
                   f"{what} syncs in per-step code{under}",
                   f"{what} syncs with the GPU in per-step code{_UNDER}")


def hot_related(hot: Hot) -> tuple[Related, ...]:
    """Why the code is per-step, and the settings it runs under where it is guarded: every
    condition named, and whether it is a setting or how the caller calls the function."""
    if hot.guard is None:
        return (_related_hot(hot),)
    guard = hot.guard
    return (_related_hot(hot),
            Related(guard.filename, Location(guard.line, guard.column),
                    f"runs when {guard.message}, {_ABOUT[guard.about]}"))


#: What a guard's conditions are, by what they read (`settings.Conditions.about`).
_ABOUT = {SETTING: "a setting the same on every step",
          ARGUMENT: "as the caller passes it",
          ARGUMENTS: "as the caller passes them",
          BOTH: "a setting and the caller's arguments"}
#: How a message says that code runs under settings it cannot quote (too long).
_UNDER = ", under a setting"


def setting_words(hot: Hot) -> str:
    """" when `self.include_std`": the settings a guarded read runs under; where they are
    too long to quote (the related location names them), ", under `self.include_std`"
    (`under_words`); or ""."""
    if hot.guard is None:
        return ""
    if hot.guard.opt_in is not None:
        return f", only with {hot.guard.opt_in}"
    return f" when {hot.guard.quoted}" if hot.guard.quoted is not None else under_words(hot)


def under_words(hot: Hot) -> str:
    """", under `self.batchwise_prompt`": the innermost condition a guarded read runs under,
    where all of them are too long to quote (the related location names every one);
    ", under a setting" where that one is long too."""
    assert hot.guard is not None
    if hot.guard.opt_in is not None:
        return f", only with {hot.guard.opt_in}"
    conditions = _CONDITION.findall(hot.guard.message)
    if not conditions:
        return _UNDER
    last = conditions[-1]
    if last.startswith("`"):  # `self.prompt_pool and self.batchwise_prompt`: its last operand
        last = _last_operand(last[1:-1])
    return f", under {last}" if len(last) <= _SHORT_CONDITION else _UNDER


def _last_operand(test: str) -> str:
    """"`b`" for the test "a and b" (the operand checked last), else "`test`"."""
    try:
        tree = ast.parse(test, mode="eval").body
    except SyntaxError:
        return f"`{test}`"
    if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And):
        segment = ast.get_source_segment(test, tree.values[-1])
        if segment:
            return f"`{' '.join(segment.split())}`"
    return f"`{test}`"


#: One condition of a guard's related message (`settings.describe`): "`self.a`",
#: "not `x is None`".
_CONDITION = re.compile(r"(?:not )?`[^`]+`")
#: The longest condition `under_words` names.
_SHORT_CONDITION = 40


def _per_step(hot: Hot) -> str:
    """"in per-step code (`training_step`)": why the code is hot, in a few words."""
    entry = _ENTRY.match(hot.reason)
    return f"in per-step code ({entry.group(0)})" if entry else "in per-step code"


_ENTRY = re.compile(r"`[^`]+`")


def _related(site: Site) -> Related:
    return Related(site.filename, Location(site.line, site.column), site.message)


def _related_hot(hot: Hot) -> Related:
    """Where the code is made per-step, saying why (a hook's registration says where it is
    registered, and that it is a hook)."""
    site = hot.site
    message = site.message if site.message == hot.reason else f"{hot.reason} ({site.message})"
    return Related(site.filename, Location(site.line, site.column), message)


def fitting(*candidates: str) -> str:
    """The first message that fits in MAX_MESSAGE characters, longest first; the last
    (shortest) when none does. Never a cut one."""
    for candidate in candidates:
        if len(candidate) <= MAX_MESSAGE:
            return candidate
    return candidates[-1]
