"""Pelican settings for the public marketing site (zh-cn at /, English at /en/).

Paths here are the development defaults; `python -m functions.publish.build` overrides PATH,
OUTPUT_PATH and PUBLIC_URL from `functions.core.settings` (CITYOPS_CONTENT_DIR, CITYOPS_SITE_DIR,
CITYOPS_PUBLIC_URL). Keep this a plain module of UPPERCASE names: Pelican reads it with
`read_settings()`.

Decisions:
- Every screen is a Markdown page under content/pages/<path>.<lang>.md; its path is its URL
  (`about/history.zh-cn.md` → /about/history/ and /en/about/history/). Pages pair up as
  translations by slug.
- Lists (carousel, news, staff, equipment, awards, qualifications, projects, services) are records
  in content/data/*.json, read by functions/publish/site_data/ (see content/data/README.md).
- Links are root-absolute (`/jiang/`, `/en/jiang/`, `/theme/…`) so the 404 page works when the
  gateway serves it for any unknown path.
- Templates autoescape (JINJA_ENVIRONMENT): what editors type is text on the page, never markup.
- Template strings are gettext messages with English msgids; theme/translations/zh-cn holds the
  Chinese catalogue (compiled at build time by functions/publish/catalog.py).
"""

from pathlib import Path

_ROOT = Path(__file__).resolve().parent

SITENAME = "City Operations Company"  # the real name comes from content/data/site.json
SITEURL = ""
PUBLIC_URL = "http://127.0.0.1:8000"  # absolute base for canonical, hreflang, OpenGraph, sitemap
PATH = str(_ROOT / "content")
OUTPUT_PATH = str(_ROOT / "site")
THEME = str(_ROOT / "theme")
THEME_STATIC_DIR = "theme"
THEME_STATIC_PATHS = ["static"]

DEFAULT_LANG = "zh-cn"
TIMEZONE = "Asia/Shanghai"
DEFAULT_DATE = None
LOCALE = ("C",)

# Only pages (Markdown) and records; no blog machinery.
ARTICLE_PATHS: list[str] = []
PAGE_PATHS = ["pages"]
STATIC_PATHS = ["images"]
IGNORE_FILES = [".#*", "README.md", "*.py"]
PATH_METADATA = r"pages/(?P<slug>[a-z0-9/_-]+)\.(?P<lang>zh-cn|en)\.md"
PAGE_URL = PAGE_LANG_URL = "{slug}/"
PAGE_SAVE_AS = PAGE_LANG_SAVE_AS = "{slug}/index.html"
PAGE_TRANSLATION_ID = "slug"
DIRECT_TEMPLATES: list[str] = []
ARTICLE_SAVE_AS = ARTICLE_LANG_SAVE_AS = ""
AUTHOR_SAVE_AS = AUTHORS_SAVE_AS = ""
CATEGORY_SAVE_AS = CATEGORIES_SAVE_AS = ""
TAG_SAVE_AS = TAGS_SAVE_AS = ""
ARCHIVES_SAVE_AS = ""
FEED_ALL_ATOM = FEED_ALL_RSS = None
CATEGORY_FEED_ATOM = TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = AUTHOR_FEED_RSS = None

# Deterministic, self-contained output.
DELETE_OUTPUT_DIRECTORY = True
OUTPUT_RETENTION: list[str] = []
LOAD_CONTENT_CACHE = False
CACHE_CONTENT = False
RELATIVE_URLS = False
SLUGIFY_SOURCE = "basename"
TYPOGRIFY = False
MARKDOWN = {
    "extension_configs": {
        "markdown.extensions.extra": {},
        "markdown.extensions.sane_lists": {},
    },
    "output_format": "html5",
}

# Plugins: the i18n sub-site for English, our records reader/generator and the organisation chart.
PLUGINS = [
    "pelican.plugins.i18n_subsites",
    "functions.publish.site_data.plugin",
    "functions.publish.orgchart",
]
# Every value a template prints is HTML-escaped (quotes too: safe in attributes). Only HTML the build
# itself makes is marked safe: the Markdown of content/pages (`page.content | safe`) and the records'
# rich text, sanitised by nh3 (`functions.publish.site_data.localise.localise` returns it as Markup).
JINJA_ENVIRONMENT = {
    "autoescape": True,
    "extensions": ["jinja2.ext.i18n"],
    "trim_blocks": True,
    "lstrip_blocks": True,
}
I18N_TEMPLATES_LANG = "en"  # msgids are English; zh-cn has a catalogue
I18N_GETTEXT_DOMAIN = "messages"
I18N_UNTRANSLATED_PAGES = "remove"
I18N_SUBSITES = {
    "en": {
        "SITEURL": "/en",
        "STATIC_PATHS": [],
        # Theme assets exist once, under /theme/, for both languages.
        "THEME_STATIC_DIR": "theme",
        "THEME_STATIC_PATHS": [],
    }
}

# Languages the theme knows: code → (html lang, hreflang, OpenGraph locale, URL prefix).
SITE_LANGUAGES = {
    "zh-cn": {"html": "zh-CN", "hreflang": "zh-CN", "og": "zh_CN", "prefix": ""},
    "en": {"html": "en", "hreflang": "en", "og": "en_US", "prefix": "/en"},
}
# The eight public screens, in navigation order: (path, msgid).
NAV_ITEMS = [
    ("/", "Home"),
    ("/jiang/", "Awards"),
    ("/yuangong/", "Our People"),
    ("/shebei/", "Equipment"),
    ("/culture/", "Culture"),
    ("/zizhi/", "Qualifications"),
    ("/about/", "About Us"),
    ("/xiang/", "Projects"),
    ("/news/", "News"),
]
MEMBER_LOGIN_URL = "/user/login"
MEMBER_REGISTER_URL = "/user/reg"
