"""The ``mcn`` command line: a thin Click group; each command picks a reader, a visitor, an output."""

from __future__ import annotations

import click

from mcn import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mcn")
def cli() -> None:
    """Parse, format, validate, replay, diff and draw Mea Culpa game records (MCN)."""


def main() -> None:
    """Console-script entry point."""
    cli()
