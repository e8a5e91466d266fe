"""The `synclint` console script.

Ctrl-C exits 130 without a traceback wherever it lands, even while the command line's
own imports run: this module imports nothing else before its `try`.
"""

import sys


def main() -> None:
    try:
        from synclint.cli import main as cli

        cli(prog_name="synclint")
    except KeyboardInterrupt:
        try:
            sys.stderr.write("\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        sys.exit(130)


if __name__ == "__main__":  # pragma: no cover
    main()
