"""What the record model and the engine share, below both (they are independent of each other):
the base of the immutable value classes (:mod:`mcn.base.values`)."""
