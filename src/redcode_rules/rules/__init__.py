"""The rules' building blocks: the board's geometry, effect primitives, expressions,
card classes, triggers and the kinds of log event."""
