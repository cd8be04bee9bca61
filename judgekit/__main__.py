"""Entry point of the ``judgekit`` console script and of ``python -m judgekit``."""

from __future__ import annotations


def main() -> None:
    from judgekit.cli import run

    run()


if __name__ == "__main__":
    main()
