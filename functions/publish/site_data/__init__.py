"""Records: the list content of the public site, kept as JSON data files under content/data/.

This package is a Pelican plugin (`plugin`, listed in pelicanconf PLUGINS). It
- loads and validates content/data/site.json (company identity) and one file per record type
  (carousel, services, news, staff, equipment, awards, qualifications, history, projects, pages),
- puts them, localised to the language being built, into the template context as `site` and
  `records`, plus a few helpers (`lang`, `alt_url`, `asset`, `page_path`),
- gives the home, 404 and 401 pages their fixed output names, and a page with a published record
  of business/page (data/pages.json) that record's title, lead, description, menu label and body,
- writes one detail page per project at xiang/<id>/index.html (RecordsGenerator).

Modules: `schema` (record types and fields), `links` (addresses editors type), `checks` (loading and
validation), `localise` (a record in one language), `context` (the templates' context and the special
pages), `render_cache` (pages copied from the previous build), `plugin` (the generator, `register`).

The field definitions (`schema`) are the contract with the back office, which publishes into the same
files (content/data/README.md documents them). A localised field is an object with a value per
language, {"zh-cn": "…", "en": "…"}; both languages are required so that every page has its pair.
"""
