"""The click command line: one module per command."""
