"""Text utilities shared by ingest and the draft audits (no heavy imports)."""
