"""Audits of a draft: each produces Findings plus its own table (SPEC §6)."""
