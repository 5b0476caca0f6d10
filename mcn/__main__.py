"""Allow ``python -m mcn``."""

from mcn.cli import main

main()
