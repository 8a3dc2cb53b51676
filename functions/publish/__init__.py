"""The static public site: records → Pelican → site/ (see functions/publish/build.py)."""
