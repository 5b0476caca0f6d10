"""One module per ``mcn`` subcommand (imported lazily by ``mcn.cli``)."""
