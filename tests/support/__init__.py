"""Helpers for the export tests: a temporary essay repo and rendering scripts."""
