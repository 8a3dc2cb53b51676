"""Data files shipped with the API (read on first use)."""
