"""Production settings for the public site: pelicanconf.py plus what only a release needs.

`python -m functions.publish.build` uses this module when CITYOPS_ENV=production; PUBLIC_URL is
still taken from CITYOPS_PUBLIC_URL (the CloudFront domain).
"""

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent))

from pelicanconf import *  # noqa: E402,F403

# Releases never keep stale files from an earlier build.
DELETE_OUTPUT_DIRECTORY = True
LOAD_CONTENT_CACHE = False
