"""Whole-program findings as rules report them: a call that syncs inside, a sync in
per-step code; their short messages and related locations (DESIGN.md section 8)."""

from __future__ import annotations

import os
from dataclasses import dataclass

import libcst as cst

from synclint.analysis.kinds import DEVICE_TENSORS
from synclint.analysis.project import EFFECT_WORDS, Effect, Hot, Site, argument_syncs
from synclint.analysis.walker import Context
from synclint.diagnostics import Location, Related

#: Message length the style guide allows.
MAX_MESSAGE = 100


@dataclass(frozen=True)
class CallSync:
    """A call whose callee syncs: on every call, or because of one of its arguments."""

    callee: str
    effect: Effect
    confidence: str


def call_syncs(ctx: Context, node: cst.Call, code: str) -> CallSync | None:
    """The first sync of rule `code` that calling `node` makes, or None.

    Callees that are per-step entry points themselves (hooks, `forward`) are skipped:
    their syncs are reported inside them, where they happen.
    """
    summary = ctx.callee(node)
    if summary is None or summary.hot is not None or _cold(ctx, node):
        return None
    for effect in summary.syncs:
        if effect.code == code:
            return CallSync(summary.display, effect, "likely" if effect.likely else "high")
    if not summary.param_effects:
        return None
    positional = [arg for arg in node.args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword.value: arg for arg in node.args if arg.keyword is not None}
    torch_file = ctx.imports.torch_imported or ctx.mentions_torch
    for param_effect in summary.param_effects:
        if param_effect.effect.code != code:
            continue
        if param_effect.index < len(positional):
            arg = positional[param_effect.index]
        else:
            found = keywords.get(param_effect.name)
            if found is None:
                continue
            arg = found
        kind = ctx.kind(arg.value)
        confidence = argument_syncs(kind, param_effect.strength, torch_file)
        if confidence is None:
            continue
        if param_effect.effect.likely and kind not in DEVICE_TENSORS:
            confidence = "likely"
        return CallSync(summary.display, param_effect.effect, confidence)
    return None


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
    """"`to_float()` reads a tensor on the host (helpers.py:5), once per iteration"."""
    words = EFFECT_WORDS[found.effect.code]
    when = "once per iteration" if hot is None else _hot_words(hot)
    message = f"`{found.callee}()` {words} ({where(found.effect.site)}), {when}"
    if len(message) > MAX_MESSAGE:
        message = f"`{found.callee}()` {words}, {when}"
    return _clip(message)


def call_related(found: CallSync, hot: Hot | None) -> tuple[Related, ...]:
    """The chain down to the sync (each call, then the site), and why the call is hot."""
    chain = found.effect.chain
    related = [_related(site) for site in chain[:-1]]
    last = chain[-1]
    related.append(Related(last.filename, Location(last.line, last.column),
                           f"the sync: {last.message}"))
    if hot is not None:
        related.insert(0, _related(hot.site))
    return tuple(related)


def hot_message(what: str, hot: Hot) -> str:
    """"`.item()` syncs with the GPU on every call: `training_step` runs once per batch"."""
    return _clip(f"{what} syncs with the GPU on every call: {hot.reason}")


def hot_related(hot: Hot) -> tuple[Related, ...]:
    return (_related(hot.site),)


def _hot_words(hot: Hot) -> str:
    return f"and {hot.reason}"


def _related(site: Site) -> Related:
    return Related(site.filename, Location(site.line, site.column), site.message)


def _clip(message: str) -> str:
    if len(message) <= MAX_MESSAGE:
        return message
    return message[: MAX_MESSAGE - 3].rstrip() + "..."
