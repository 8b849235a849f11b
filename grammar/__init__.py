"""The Lark grammar of the card DSL (package data)."""
