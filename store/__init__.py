"""Persistence and configuration: the bottom of the import graph (bot → writers → reflection → store)."""
