"""Persistence and configuration: the bottom of the import graph.

Imports flow bot → writers → reflection → store, never back.
"""
