"""Entry script of the frozen app: the same ``tabletop`` command as the console script."""

from tabletop.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
