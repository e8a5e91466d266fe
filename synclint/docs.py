"""The rule catalog pages (rules/SYNxxx.md), shipped in the wheel as synclint.catalog."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

RULE_URL = "https://github.com/synclint/synclint/blob/main/rules/{code}.md"


def rule_page(code: str) -> str | None:
    """The markdown page of a rule, or None if it has none."""
    name = f"{code}.md"
    try:
        page = resources.files("synclint.catalog").joinpath(name)
        if page.is_file():
            return page.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        pass
    # A source checkout that is not installed: the catalog is at the repository root.
    fallback = Path(__file__).resolve().parent.parent / "rules" / name
    return fallback.read_text(encoding="utf-8") if fallback.is_file() else None


def rule_url(code: str) -> str:
    return RULE_URL.format(code=code)


def section(page: str, title: str) -> str:
    """The text of one `## title` section of a page, without its heading."""
    lines = page.splitlines()
    out: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("## "):
            if inside:
                break
            inside = line[3:].strip().lower() == title.lower()
            continue
        if inside:
            out.append(line)
    return "\n".join(out).strip()
