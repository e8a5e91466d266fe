"""The project style generated code follows: line length and Python version from
pyproject.toml ([tool.ruff], [tool.black], [project] requires-python)."""

from __future__ import annotations

from pathlib import Path

from synclint.fixer import fix_source
from synclint.style import CodeStyle, style_for

LOOP = ("import torch\n\ndef f(model):\n    stats = {}\n"
        "    for name, p in model.named_parameters():\n"
        "        stats[name] = p.norm().item()\n    return stats\n")


def _project(tmp_path: Path, pyproject: str) -> Path:
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    source = tmp_path / "pkg" / "train.py"
    source.parent.mkdir()
    source.write_text(LOOP, encoding="utf-8")
    return source


def test_defaults_are_black_and_ruff_defaults(tmp_path: Path) -> None:
    assert style_for(str(tmp_path / "missing.py")) == CodeStyle(88, (3, 10))
    assert style_for("<stdin>") == CodeStyle()


def test_ruff_settings_win_over_black_and_requires_python(tmp_path: Path) -> None:
    source = _project(tmp_path, '[project]\nrequires-python = ">=3.8"\n'
                                '[tool.black]\nline-length = 100\n'
                                '[tool.ruff]\nline-length = 120\ntarget-version = "py311"\n')
    assert style_for(str(source)) == CodeStyle(120, (3, 11))


def test_a_python_3_9_project_gets_zip_without_strict(tmp_path: Path) -> None:
    source = _project(tmp_path, '[project]\nrequires-python = ">=3.9"\n')
    assert not style_for(str(source)).zip_strict
    text = fix_source(LOOP, str(source), ["SYN101"]).text
    assert "zip(model.named_parameters(), values)" in text
    default = fix_source(LOOP, "example.py", ["SYN101"]).text
    assert "zip(model.named_parameters(), values, strict=True)" in default


def test_a_short_line_length_wraps_the_generated_lines(tmp_path: Path) -> None:
    source = _project(tmp_path, "[tool.black]\nline-length = 60\n")
    text = fix_source(LOOP, str(source), ["SYN101"]).text
    assert text != LOOP
    assert all(len(line) <= 60 for line in text.splitlines())
