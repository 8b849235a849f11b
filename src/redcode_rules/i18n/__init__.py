"""The words a player reads, per language: the catalogs (``*.yaml``) and their loader."""
