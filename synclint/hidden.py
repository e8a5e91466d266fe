"""Findings hidden by default (opt-in code, once code): the tiers, their counts per file,
and the summary's hint about them, as ruff's summary names the fixes it hid.

A tier is a reason the sync rules stay silent unless a flag asks for the code
(`rules/base.Rule.report`). A file's result counts its hidden findings per tier
(`FileResult.hidden`, kept in the results cache), so a warm run prints the same hint.
A new tier is one row of `TIERS` and one `Rule._hide` where its findings are held back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Tier:
    """Code whose findings a flag shows: `kind` names the code in the hint."""

    kind: str
    flag: str


OPT_IN = "opt-in"
ONCE = "once"
#: Every tier, in the order the hint names them.
TIERS: Mapping[str, Tier] = {
    OPT_IN: Tier("opt-in", "--opt-in"),
    ONCE: Tier("once", "--once"),
}

#: A file's hidden findings: (tier, count) pairs, by tier name, no zero counts.
HiddenCounts = tuple[tuple[str, int], ...]


def counted(tiers: Iterable[str]) -> HiddenCounts:
    """One count per tier of the hidden findings whose tiers `tiers` lists."""
    return tuple(sorted(Counter(tiers).items()))


def total(per_file: Iterable[HiddenCounts]) -> dict[str, int]:
    """The counts of every file, added per tier."""
    sums: Counter[str] = Counter()
    for counts in per_file:
        for tier, n in counts:
            sums[tier] += n
    return dict(sums)


def hint(counts: Mapping[str, int]) -> str | None:
    """The summary's line about hidden findings, or None where nothing was hidden:
    "3 findings in opt-in or once code are hidden (use `--opt-in` / `--once` to show
    them)." A tier this version does not know (a cache written by another) is named as
    it was recorded."""
    present = [tier for tier in (*TIERS, *sorted(set(counts) - set(TIERS)))
               if counts.get(tier, 0) > 0]
    if not present:
        return None
    n = sum(counts[tier] for tier in present)
    tiers = [TIERS.get(tier, Tier(tier, f"--{tier}")) for tier in present]
    kinds = " or ".join(t.kind for t in tiers)
    flags = " / ".join(f"`{t.flag}`" for t in tiers)
    findings = "1 finding" if n == 1 else f"{n} findings"
    verb = "is" if n == 1 else "are"
    them = "it" if n == 1 else "them"
    return f"{findings} in {kinds} code {verb} hidden (use {flags} to show {them})."
