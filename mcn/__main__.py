"""``python -m mcn``, and the ``mcn`` console script's entry point (:func:`main`).

The cyclic garbage collector is paused first, before Click, the command line and the command's
modules are imported: they only make objects that live as long as the process, so collecting
during the start finds nothing and costs about a tenth of a short command's CPU time.
:func:`mcn.cli.main` lets it run again once the command's module is imported.
"""

import gc


def main() -> None:
    """Start the command line with the collector paused for the start (:func:`mcn.cli.main`)."""
    running = gc.isenabled()
    gc.disable()
    from mcn.cli import main as run

    run(collector_was_running=running)


if __name__ == "__main__":
    main()
