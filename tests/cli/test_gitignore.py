""".gitignore files are honoured with git's own semantics: each case is checked against
what git itself lists (`git ls-files --others --exclude-standard`)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import Cli

FILES = [
    "a.py", "b.py", "keep.py", "src/a.py", "src/keep.py", "src/deep/x.py",
    "build/gen.py", "logs/build/gen.py", "docs/a/b/c.py", "docs/c.py", "#hash.py", "!bang.py",
    "trail.py", "space .py", "tests/data/t.py", "tests/t.py", "nested/inner.py",
    "nested/sub/inner.py", "nb/book.ipynb",
]
CASES = {
    "negation": "*.py\n!keep.py\n",
    "negation of a directory's files": "src/*\n!src/keep.py\n",
    "directory only": "build/\n",
    "anchored": "/build/\n",
    "anchored file": "/a.py\n",
    "middle slash anchors": "src/deep\n",
    "double star": "docs/**/c.py\n",
    "leading double star": "**/build\n",
    "trailing double star": "tests/**\n!tests/t.py\n",
    "escaped hash and bang": "\\#hash.py\n\\!bang.py\n",
    "trailing spaces ignored": "trail.py   \n",
    "escaped trailing space": "space\\ .py\n",
    "character class": "[ab].py\n",
    "comment and blank": "# a.py\n\nb.py\n",
    "notebooks": "*.ipynb\n",
    "no re-include below an excluded directory": "build/\n!build/gen.py\n",
    "a name matches directories too": "logs\n",
    "star matches a directory": "src/*\n!src/keep.py\n",
    "question mark": "?.py\n",
}


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True,
                          env={**os.environ, "GIT_CONFIG_GLOBAL": os.devnull,
                               "GIT_CONFIG_NOSYSTEM": "1"})
    return done.stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("case", CASES)
def test_discovery_matches_git(cli: Cli, case: str) -> None:
    for name in FILES:
        cli.write(name, "x = 1\n")
    cli.write(".gitignore", CASES[case])
    cli.write("nested/.gitignore", "sub/\n")  # a deeper file adds its own patterns
    _git(cli.root, "init", "-q")
    expected = sorted(line for line in _git(cli.root, "ls-files", "--others",
                                            "--exclude-standard").splitlines()
                      if line.endswith((".py", ".ipynb")))
    # No default excludes (build/, .venv/ ...): only .gitignore decides here.
    shown = cli("check", "--show-files", "--exclude", "", ".").stdout.splitlines()
    found = sorted(Path(line).relative_to(cli.root).as_posix() for line in shown)
    assert found == expected
