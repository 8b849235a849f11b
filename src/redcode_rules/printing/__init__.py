"""Print-and-play sheets: every component of a card set drawn for cutting out.

``redcode print`` (the ``print`` extra, reportlab) writes a PDF of sheets
with crop marks and bleed, or one SVG per card. The components are read
from the compiled ruleset (``cards``), drawn as plain data (``shapes``,
``faces``, ``control``, ``maps``, ``aid``), laid on pages (``sheets``) and
written by one of two writers (``pdf``, ``svg``); ``deck`` ties them
together. The core never imports this package.
"""
