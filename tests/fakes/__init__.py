"""Fake servers for tests: no network, port 0, a thread each."""
