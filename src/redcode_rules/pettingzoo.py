"""The PettingZoo AEC environment ``env(...)`` (the ``ai`` extra); see ``ai.pettingzoo``."""
from .ai import pettingzoo as _adapter
from .ai.pettingzoo import *  # noqa: F401,F403
from .ai.pettingzoo import __all__  # noqa: F401

__doc__ = _adapter.__doc__  # the adapter's own page, at its documented path
