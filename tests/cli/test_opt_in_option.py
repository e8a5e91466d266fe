"""`--opt-in` and `opt-in = true` (issue 22): code that runs only when an option that is off
by default is on is reported only when asked, whatever the rules selected; the flag, the
configuration key and the results cache agree."""

from __future__ import annotations

import json

from tests.cli.conftest import Cli

OPT_IN = (
    "import torch\n"
    "from torch import nn\n"
    "\n"
    "\n"
    "class Stats(nn.Module):\n"
    "    def __init__(self, include_std: bool = False) -> None:\n"
    "        super().__init__()\n"
    "        self.include_std = include_std\n"
    "\n"
    "    def forward(self, x: torch.Tensor) -> torch.Tensor:\n"
    "        if self.include_std:\n"
    "            self.std = x.std().item()\n"
    "        return x\n"
)


def _messages(cli: Cli, *args: str) -> list[str]:
    result = cli("check", "--output-format", "json", "--exit-zero", *args, "stats.py")
    assert result.exit_code == 0, result.output
    return [d["message"] for d in json.loads(result.stdout)]


def test_opt_in_code_is_reported_only_with_the_flag(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    assert _messages(cli, "--no-cache") == []
    assert _messages(cli, "--no-cache", "--select", "ALL") == []  # not a rule selection
    [message] = _messages(cli, "--no-cache", "--opt-in")
    assert message.endswith(", only with `include_std=True`")


def test_opt_in_in_the_configuration_and_its_override(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    cli.write("pyproject.toml", "[tool.synclint]\nopt-in = true\n")
    assert len(_messages(cli, "--no-cache")) == 1
    assert _messages(cli, "--no-cache", "--no-opt-in") == []


def test_the_results_cache_keeps_the_two_apart(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    assert _messages(cli) == []
    assert len(_messages(cli, "--opt-in")) == 1
    assert _messages(cli) == []


def test_a_bad_opt_in_value_is_a_configuration_error(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    cli.write("pyproject.toml", "[tool.synclint]\nopt-in = 'yes'\n")
    result = cli("check", "stats.py")
    assert result.exit_code == 2
    assert "'opt-in' must be true or false" in result.output


def test_show_settings_says_whether_opt_in_code_is_reported(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    cli.write("pyproject.toml", "[tool.synclint]\nopt-in = true\n")
    result = cli("check", "--show-settings", "stats.py")
    assert "opt_in = true" in result.stdout
