"""The README works as written: its commands run, its configuration is accepted, its
examples do what they say (the pre-commit snippet: tests/integrations/test_pre_commit.py)."""

from __future__ import annotations

import ast
import configparser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import NAIVE

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"(?:<!-- (?P<tag>[\w:-]+) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```",
                   re.DOTALL)
BLOCKS = [(m.group("tag"), m.group("lang"), m.group("body")) for m in BLOCK.finditer(README)]
JARGON = re.compile(r"\bseed\b|\bticket|\bB\d-[A-Z]{2}-\d\d\b", re.IGNORECASE)


def _blocks(lang: str) -> list[str]:
    return [body for _, language, body in BLOCKS if language == lang]


def _shell(command: str, cwd: Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Runs a README command with `synclint` meaning this checkout's command line."""
    command = re.sub(r"(?<![\w/-])synclint(?= )", f"{sys.executable} -m synclint", command)
    return subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)}, **kwargs)


def test_no_internal_jargon_in_the_readme_and_rule_pages() -> None:
    for path in [ROOT / "README.md", *sorted((ROOT / "rules").glob("*.md"))]:
        found = JARGON.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path.name}: {found}"


def test_install_instructions_do_not_assume_a_published_package() -> None:
    for line in README.splitlines():
        assert not re.search(r"pip install [\"']?synclint(\[\w+\])?[\"']?\s*(#|$)", line), line
    assert "rev: v0.1.0" not in README


def test_try_it_reports_the_example() -> None:
    [body] = [b for tag, _, b in BLOCKS if tag == "ci:example"]
    command = body.strip().split("&&")[-1].strip()  # the install step is CI's job
    assert command == "synclint check examples/"
    done = _shell(command, ROOT)
    assert done.returncode == 1, done.stderr
    assert "examples/naive_telemetry.py:" in done.stdout


[TOUR] = [b for b in _blocks("console") if "$ synclint check src/" in b]
TOUR_COMMANDS = [line[2:].split("  #")[0].strip() for line in TOUR.splitlines()
                 if line.startswith("$ ")]


def test_the_tour_has_its_commands() -> None:
    assert len(TOUR_COMMANDS) >= 9


@pytest.mark.parametrize("command", TOUR_COMMANDS)
def test_tour_commands_run_as_written(tmp_path: Path, command: str) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "train.py").write_text(NAIVE, encoding="utf-8")
    done = _shell(command, tmp_path)
    assert done.returncode in (0, 1), f"{command}: {done.stderr}"
    assert "Traceback" not in done.stderr and "error:" not in done.stderr, command
    if " check - " in command:  # the stdin example must find something
        assert "x.py:3:5: SYN101" in done.stdout, done.stdout


def test_configuration_examples_are_accepted(tmp_path: Path) -> None:
    blocks = [b for b in _blocks("toml") if "[tool.synclint]" in b]
    assert blocks
    for body in blocks:
        (tmp_path / "pyproject.toml").write_text(body, encoding="utf-8")
        (tmp_path / "train.py").write_text(NAIVE, encoding="utf-8")
        done = _shell("synclint check .", tmp_path)
        assert done.returncode in (0, 1), done.stderr


def test_ruff_external_note_keeps_synclint_noqa_comments(tmp_path: Path) -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed")
    [body] = [b for b in _blocks("toml") if "[tool.ruff.lint]" in b]
    source = tmp_path / "a.py"

    def ruff_fix(config: str) -> str:
        source.write_text("y = 1  # noqa: E501, SYN101\n", encoding="utf-8")
        (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
        subprocess.run([ruff, "check", "--no-cache", "--select", "RUF100", "--fix", "."],
                       cwd=tmp_path, capture_output=True, text=True, check=False)
        return source.read_text(encoding="utf-8")

    assert ruff_fix("") == "y = 1\n"  # without the note, ruff drops the SYN code
    assert ruff_fix(body) == "y = 1  # noqa: SYN101\n"


def test_github_actions_steps_run(tmp_path: Path) -> None:
    yaml = pytest.importorskip("yaml")
    workflows = _blocks("yaml")
    runs = []
    for body in workflows:
        document = yaml.safe_load(body)
        assert isinstance(document, (dict, list)), body
        runs += [line.split("run:", 1)[1].strip() for line in body.splitlines()
                 if "- run: synclint" in line]
    assert len(runs) == 2
    (tmp_path / "train.py").write_text(NAIVE, encoding="utf-8")
    github, sarif = (_shell(command, tmp_path) for command in runs)
    assert github.returncode == 1 and "::warning file=train.py" in github.stdout
    assert sarif.returncode == 0 and (tmp_path / "synclint.sarif").is_file()


def test_python_examples_parse_and_the_suppressions_suppress(tmp_path: Path) -> None:
    blocks = _blocks("python")
    for body in blocks:
        ast.parse(body)
    [suppress] = [b for b in blocks if "# noqa: SYN101" in b]
    in_loop = "import torch\nfor t in ts:\n" + "".join(
        f"    {line}\n" for line in suppress.splitlines() if line.startswith("value"))
    (tmp_path / "s.py").write_text(in_loop, encoding="utf-8")
    bare = in_loop.replace("  # noqa: SYN101", "").replace("  # synclint: ignore[SYN101]", "")
    (tmp_path / "bare.py").write_text(bare, encoding="utf-8")
    assert _shell("synclint check s.py", tmp_path).returncode == 0
    assert _shell("synclint check bare.py", tmp_path).returncode == 1


def test_flake8_example_parses() -> None:
    [body] = _blocks("ini")
    parser = configparser.ConfigParser()
    parser.read_string(body)
    assert parser["flake8"]["per-file-ignores"].strip() == "tests/*: SYN101"


def test_language_server_command_exists() -> None:
    done = _shell("synclint server --help", ROOT)
    assert done.returncode == 0 and "LSP" in done.stdout


def test_runtime_harness_examples_run() -> None:
    torch = pytest.importorskip("torch")
    from synclint.telemetry import check_numerical_stability, gradient_stats

    model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Linear(3, 2))
    model(torch.randn(5, 4)).sum().backward()
    namespace: dict[str, Any] = {
        "pytest": pytest, "model": model, "grads": [p.grad for p in model.parameters()],
        "check_numerical_stability": check_numerical_stability,
        "gradient_stats": gradient_stats,
    }
    blocks = [b for b in _blocks("python") if "syncs" in b or "max_syncs" in b]
    assert blocks
    for body in blocks:
        exec(compile(body, "README.md", "exec"), namespace)  # asserts inside must hold
    for name, value in list(namespace.items()):
        if name.startswith("test_") and callable(value):
            value(model)
