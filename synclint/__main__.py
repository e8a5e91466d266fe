"""`python -m synclint` runs the command line."""

from synclint.cli import main

main(prog_name="synclint")
