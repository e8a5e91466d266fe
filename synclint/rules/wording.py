"""The shared shape of a finding's text (STYLE.md, "Messages and fixes"): `message` says
what and why in one short sentence; `help` says the remedy, and ends with "No safe fix:
<reason>." when the finding has no fix or only an unsafe one."""

from __future__ import annotations


def sentence(text: str) -> str:
    """`text` with a capital first letter and one final full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def with_reason(remedy: str, no_safe_fix: str | None = None) -> str:
    """The help text: the remedy, then why there is no safe fix (when there is not)."""
    if not no_safe_fix:
        return sentence(remedy)
    reason = no_safe_fix.strip()
    return f"{sentence(remedy)} No safe fix: {reason if reason.endswith('.') else reason + '.'}"


#: How a message states a sync when the model knows only that a tensor may live on an
#: accelerator (its device is not shown): a sync if it is there, never "a GPU tensor".
IF_ON_GPU = "a sync if it is on the GPU"
