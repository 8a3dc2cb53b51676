"""Pictures of published records: uploaded attachments turned into the site's responsive images.

`SiteImages(content_dir).publish(url)` takes the value of an image field of a back-office row and
returns the picture's path under content/ (what `functions.publish.site_data` expects), or None:

- `/storage/…` (an uploaded attachment): the file is read from the upload storage, checked to be
  an image by its content (Pillow decodes it), turned upright (EXIF orientation), and written as
  `images/records/<hash>.webp` (at most `MAX_WIDTH` wide) with narrower variants
  `<hash>-<width>w.webp` for `srcset` and a JPEG (PNG when it has transparency) twin for browsers
  without WebP. `<hash>` is the SHA-256 of the uploaded bytes, so the same upload always gives the
  same files, a new upload new names (the site serves images as immutable).
- `/images/…` (a picture that ships with the site, used by the seeded rows): kept as it is.
- anything else, a missing object or a file that is not an image: None (logged), and the record is
  published without a picture (a carousel slide needs one and is left out).

Resizing happens once per upload: the files are cached by hash in `cache_dir` (a folder beside the
local data, /tmp on Lambda) and copied from there by later publishes.
"""

from __future__ import annotations

import hashlib
import io
import shutil
import tempfile
from pathlib import Path

from PIL import Image, ImageOps

from functions.core.log import logger
from functions.core.settings import get_settings
from functions.services.storage import get_storage, url_to_key

OUTPUT_DIR = "images/records"
MAX_WIDTH = 1600
WIDTHS = (480, 960)  # narrower variants (the theme's card and column widths at 1x and 2x)
MAX_PIXELS = 40_000_000  # refuse decompression bombs
WEBP_QUALITY = 80
JPEG_QUALITY = 82
ACCEPTED = {"JPEG", "PNG", "WEBP", "GIF"}


def default_cache_dir() -> Path:
    return Path(tempfile.gettempdir()) / "cityops-publish-images"


def scaled(image: Image.Image, width: int) -> Image.Image:
    return image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)


def render(data: bytes, stem: str, folder: Path) -> None:
    """Write `<stem>.webp`, its width variants and its JPEG/PNG twin into `folder`."""
    with Image.open(io.BytesIO(data)) as opened:
        if opened.format not in ACCEPTED:
            raise ValueError(f"not a picture the site shows ({opened.format})")
        if opened.width * opened.height > MAX_PIXELS:
            raise ValueError("picture too large")
        image = ImageOps.exif_transpose(opened)
        image.load()
    alpha = image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
    image = image.convert("RGBA" if alpha else "RGB")
    if image.width > MAX_WIDTH:
        image = scaled(image, MAX_WIDTH)
    image.save(folder / f"{stem}.webp", "WEBP", quality=WEBP_QUALITY, method=4)
    for width in WIDTHS:
        if width < image.width:
            scaled(image, width).save(
                folder / f"{stem}-{width}w.webp", "WEBP", quality=WEBP_QUALITY, method=4
            )
    if alpha:
        image.save(folder / f"{stem}.png", "PNG", optimize=True)
    else:
        image.save(folder / f"{stem}.jpg", "JPEG", quality=JPEG_QUALITY, optimize=True, progressive=True)


class SiteImages:
    def __init__(self, content_dir: Path, cache_dir: Path | None = None) -> None:
        self.content_dir = content_dir
        self.cache_dir = cache_dir or default_cache_dir()
        self.rendered = 0  # pictures resized by this publish (the others came from the cache)
        self.sources: dict[str, str] = {}  # the upload each published picture comes from, by its <hash>

    def publish(self, url: object) -> str | None:
        if not isinstance(url, str) or not url:
            return None
        if url.startswith("/images/"):
            rel = url.lstrip("/")
            return rel if (self.content_dir / rel).is_file() and ".." not in rel else None
        try:
            key = url_to_key(url)
            data = get_storage().read(key, get_settings().upload_max_bytes)
        except Exception as exc:  # a bad key, a missing file or S3 object: the record goes out without it
            logger.warning("picture %s not published: %s", url, exc)
            return None
        stem = hashlib.sha256(data).hexdigest()[:24]
        self.sources[stem] = url
        cached = self.cache_dir / stem
        if not cached.is_dir():
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            building = Path(tempfile.mkdtemp(dir=self.cache_dir, prefix=".render-"))
            try:
                render(data, stem, building)
            except (OSError, ValueError, Image.DecompressionBombError) as exc:
                shutil.rmtree(building, ignore_errors=True)
                logger.warning("picture %s not published: %s", url, exc)
                return None
            building.rename(cached)  # atomic: a cut-off render never looks cached
            self.rendered += 1
        target = self.content_dir / OUTPUT_DIR
        target.mkdir(parents=True, exist_ok=True)
        for file in cached.iterdir():
            if not (target / file.name).exists():
                shutil.copyfile(file, target / file.name)
        return f"{OUTPUT_DIR}/{stem}.webp"
