"""The table: Red Code in a browser (``redcode serve``, the ``web`` extra).

The lobby makes games, the table plays them (every move checked by the
engine and stored before it is acknowledged), the workshop compiles card
files as they are typed. Pages show what ``game.observation(seat)`` shows;
see docs/web.md. Nothing below this package imports it.
"""
