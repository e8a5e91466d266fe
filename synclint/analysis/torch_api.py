"""Moved to `synclint.knowledge.torch` (the knowledge base's torch table). Kept as a
re-export while modules of the engine still import it from here."""

from synclint.knowledge.torch import *  # noqa: F403
from synclint.knowledge.torch import __all__ as __all__  # noqa: F401
