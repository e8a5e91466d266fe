"""`--once` and `once = true` (issue 22, fresh9 L2, worth40): code that runs once per file or
per command (a file writer, a command-line command) is reported only when asked, whatever
the rules selected; the flag, the configuration key and the results cache agree, and
`--opt-in` keeps its own meaning."""

from __future__ import annotations

import json

from tests.cli.conftest import Cli

ONCE = (
    "import torch\n"
    "\n"
    "\n"
    "def write_xyz(coordinates: torch.Tensor, dest: str) -> None:\n"
    "    with open(dest, 'w') as f:\n"
    "        for atom in coordinates:\n"
    "            f.write(f'{atom[0].item():.6f}\\n')\n"
)


def _messages(cli: Cli, *args: str) -> list[str]:
    result = cli("check", "--output-format", "json", "--exit-zero", *args, "io.py")
    assert result.exit_code == 0, result.output
    return [d["message"] for d in json.loads(result.stdout)]


def test_once_code_is_reported_only_with_the_flag(cli: Cli) -> None:
    cli.write("io.py", ONCE)
    assert _messages(cli, "--no-cache") == []
    assert _messages(cli, "--no-cache", "--select", "ALL") == []  # not a rule selection
    assert _messages(cli, "--no-cache", "--opt-in") == []  # not an option off by default
    [message] = _messages(cli, "--no-cache", "--once")
    assert message.endswith(", in code run once per file (`write_xyz` opens it)")


def test_once_in_the_configuration_and_its_override(cli: Cli) -> None:
    cli.write("io.py", ONCE)
    cli.write("pyproject.toml", "[tool.synclint]\nonce = true\n")
    assert len(_messages(cli, "--no-cache")) == 1
    assert _messages(cli, "--no-cache", "--no-once") == []


def test_the_results_cache_keeps_the_two_apart(cli: Cli) -> None:
    cli.write("io.py", ONCE)
    assert _messages(cli) == []
    assert len(_messages(cli, "--once")) == 1
    assert _messages(cli) == []


def test_a_bad_once_value_is_a_configuration_error(cli: Cli) -> None:
    cli.write("io.py", ONCE)
    cli.write("pyproject.toml", "[tool.synclint]\nonce = 1\n")
    result = cli("check", "io.py")
    assert result.exit_code == 2
    assert "'once' must be true or false" in result.output


def test_show_settings_and_help_say_whether_once_code_is_reported(cli: Cli) -> None:
    cli.write("io.py", ONCE)
    cli.write("pyproject.toml", "[tool.synclint]\nonce = true\n")
    result = cli("check", "--show-settings", "io.py")
    assert "once = true" in result.stdout
    assert "opt_in = false" in result.stdout
    assert "--once / --no-once" in cli("check", "--help").stdout
