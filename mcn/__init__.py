"""mcn: the replay and notation toolchain for the board game Mea Culpa."""

__version__ = "0.1.0"
