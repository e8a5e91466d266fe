"""The project style generated code follows: line length and Python version from
pyproject.toml ([tool.ruff], [tool.black], [project] requires-python and classifiers),
setup.cfg and setup.py, or an unpacked wheel's metadata."""

from __future__ import annotations

from pathlib import Path

from synclint.fixer import fix_source
from synclint.style import CodeStyle, _style_in, style_for

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


def test_classifiers_give_the_oldest_python(tmp_path: Path) -> None:
    source = _project(tmp_path, '[project]\nclassifiers = [\n'
                                '  "Programming Language :: Python :: 3.9",\n'
                                '  "Programming Language :: Python :: 3.8",\n'
                                '  "Programming Language :: Python :: 3.12",\n]\n')
    assert style_for(str(source)).python == (3, 8)


def test_setup_cfg_python_requires_counts(tmp_path: Path) -> None:
    (tmp_path / "setup.cfg").write_text("[options]\npython_requires = >=3.7\n", encoding="utf-8")
    source = tmp_path / "pkg" / "train.py"
    source.parent.mkdir()
    source.write_text(LOOP, encoding="utf-8")
    assert style_for(str(source)).python == (3, 7)


def test_an_unpacked_wheel_says_its_python_in_its_metadata(tmp_path: Path) -> None:
    """A wheel unpacked for review has no pyproject.toml: `Requires-Python` or the
    classifiers of its `*.dist-info/METADATA` say which Python it supports."""
    info = tmp_path / "lib-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: lib\nClassifier: Programming Language :: Python :: 3.8\n"
        "Classifier: Programming Language :: Python :: 3.9\n\nLong description: 3.6\n",
        encoding="utf-8")
    source = tmp_path / "lib" / "train.py"
    source.parent.mkdir()
    source.write_text(LOOP, encoding="utf-8")
    assert style_for(str(source)).python == (3, 8)
    assert "strict=True" not in fix_source(LOOP, str(source), ["SYN101"]).text
    (info / "METADATA").write_text("Metadata-Version: 2.1\nRequires-Python: >=3.11\n",
                                   encoding="utf-8")
    _style_in.cache_clear()
    assert style_for(str(source)).python == (3, 11)


def test_without_a_configured_line_length_the_files_own_lines_set_it() -> None:
    """An unpacked wheel of a project formatted at 119 has no pyproject.toml: its lines say
    how long a line may be. A lone long line (a URL) does not."""
    from synclint.style import inferred_line_length

    wide = "\n".join(["x = 1"] * 50 + ["y = " + "1 + " * 27 + "1"] * 5)  # 5 lines of 113
    assert inferred_line_length("\n".join(["x = 1"] * 50 + ["y = " + "1 + " * 27 + "1"] * 4)) == 88
    assert inferred_line_length(wide) == 113
    assert inferred_line_length("\n".join(["x = 1"] * 50 + ["# " + "u" * 110])) == 88
    assert inferred_line_length("\n".join(["z = 2"] * 50 + ["# " + "u" * 300] * 5)) == 88
    loop = ("import torch\n\ndef f(model):\n    stats = {}\n"
            "    for name, parameter in model.named_parameters():\n"
            "        stats[name] = parameter.grad.detach().float().norm().item()\n"
            "    return stats\n")
    text = fix_source(loop + wide + "\n", "wide.py", ["SYN101"]).text
    assert any(88 < len(line) <= 113 for line in text.splitlines()[:8])
    narrow = fix_source(loop, "narrow.py", ["SYN101"]).text
    assert all(len(line) <= 88 for line in narrow.splitlines())


def test_long_comments_and_strings_do_not_set_the_line_length() -> None:
    """Black leaves long comments and docstrings as they are: they say nothing of the
    line length the code was formatted to."""
    from synclint.style import inferred_line_length

    doc = '"""' + "\n".join("word " * 22 for _ in range(6)) + '"""\n'
    comments = "\n".join("# " + "c" * 100 for _ in range(6))
    assert inferred_line_length(doc + "x = 1\n" * 50) == 88
    assert inferred_line_length(comments + "\nx = 1\n" * 50) == 88
