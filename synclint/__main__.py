"""`python -m synclint` runs the command line."""

from synclint.console import main

main()
