"""The command-line fixture, shared with tests/cli."""

from tests.cli.conftest import cli  # noqa: F401 - a pytest fixture
