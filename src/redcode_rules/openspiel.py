"""The OpenSpiel game ``python_redcode`` (the ``ai`` extra); see ``ai.openspiel``."""
from .ai import openspiel as _adapter
from .ai.openspiel import *  # noqa: F401,F403
from .ai.openspiel import __all__  # noqa: F401

__doc__ = _adapter.__doc__  # the adapter's own page, at its documented path
