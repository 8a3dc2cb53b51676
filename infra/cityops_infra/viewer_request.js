// CloudFront Function (cloudfront-js-2.0): the production twin of functions/local/gateway.py `resolve()`.
// Both are tested against tests/routing_cases.json.
//
// Viewer request (every behavior served from the site bucket):
//   /srv, /srv/...           unchanged (the /srv/* behavior goes to the API and runs no function)
//   /app/...                 unchanged (React build assets under app/ in the site bucket)
//   /admin..., /user..., /404, /401
//                            -> /app/index.html (the React app decides the screen); the login screens
//                               /user/login and /admin/login -> their page pre-rendered by the web app's
//                               build, /app/prerender/<screen>.<lang>.<theme>.html, in the language of
//                               ?lang= or the cityops_lang cookie and the theme of the cityops_theme cookie
//                               (index.html when the query asks more than the language)
//   anything else            -> the published file it names, using the KeyValueStore:
//                               "/jiang", "/jiang/" -> jiang/index.html; "/robots.txt" -> robots.txt;
//                               under about/ and xiang/ (also en/about/, en/xiang/) an unknown sub-path
//                               -> the section's index.html; otherwise the language's 404.html.
// Viewer response (default behavior): a response for a path that resolves to a 404 page gets
// status 404. It recognises both the original and the rewritten URI, so it does not depend on which
// of the two CloudFront hands to the viewer-response event.
//
// KeyValueStore: one key per published file of site/, the file's path relative to the site root
// without a leading slash and URL-decoded ("index.html", "about/history/index.html",
// "theme/css/site.css"); the value is ignored (the publish step writes "1"). If the store cannot be
// read, the request passes through unchanged apart from the directory index, and a missing object
// falls to the distribution's 403 -> /404.html error response.
import cf from 'cloudfront';

const kvs = cf.kvs();

const API_PREFIX = '/srv';
const APP_PREFIX = '/app/';
const SPA_INDEX = '/app/index.html';
const SPA_ROOTS = ['/admin', '/user'];
const SPA_PAGES = ['/404', '/401'];
const FALLBACK_SECTIONS = ['about', 'xiang'];
const LANG_PREFIXES = ['en'];
const PRERENDERED = { '/user/login': 'user-login', '/admin/login': 'admin-login' };
const APP_LANGUAGES = ['zh-cn', 'en'];

function valueOf(map, name) {
  const entry = map && map[name];
  return entry && typeof entry.value === 'string' ? entry.value : '';
}

// Mirrors gateway.spa_file(): the app file that answers an app path.
function spaUri(path, querystring, cookies) {
  const stem = PRERENDERED[path];
  if (!stem || Object.keys(querystring || {}).some((key) => key !== 'lang')) {
    return SPA_INDEX;
  }
  const asked = valueOf(querystring, 'lang').toLowerCase();
  let lang = APP_LANGUAGES.indexOf(asked) !== -1 ? asked : valueOf(cookies, 'cityops_lang');
  lang = APP_LANGUAGES.indexOf(lang) !== -1 ? lang : APP_LANGUAGES[0];
  const theme = valueOf(cookies, 'cityops_theme') === 'dark' ? 'dark' : 'light';
  return '/app/prerender/' + stem + '.' + lang + '.' + theme + '.html';
}

function isUnder(path, root) {
  return path === root || path.startsWith(root + '/');
}

async function exists(key) {
  return await kvs.exists(key);
}

function toUri(key) {
  return '/' + key.split('/').map(encodeURIComponent).join('/');
}

// Decide what answers `path`: {kind, uri, status}. Mirrors gateway.resolve().
async function resolve(path) {
  if (isUnder(path, API_PREFIX)) {
    return { kind: 'api', uri: path, status: 200 };
  }
  if (path.startsWith(APP_PREFIX)) {
    return { kind: 'app', uri: path, status: 200 };
  }
  if (SPA_ROOTS.some((root) => isUnder(path, root)) || SPA_PAGES.indexOf(path) !== -1) {
    return { kind: 'spa', uri: SPA_INDEX, status: 200 };
  }

  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch (e) {
    decoded = null;
  }
  const rawSegments = (decoded === null ? path : decoded).split('/').filter((s) => s !== '');
  const lang = rawSegments.length > 0 && LANG_PREFIXES.indexOf(rawSegments[0]) !== -1 ? rawSegments[0] : '';
  const prefix = lang ? lang + '/' : '';
  const notFound = { kind: 'static', uri: '/' + prefix + '404.html', status: 404 };
  if (decoded === null) {
    return notFound;
  }
  const segments = rawSegments;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s === '.' || s === '..' || s.indexOf('\\') !== -1 || s.indexOf('\u0000') !== -1) {
      return notFound;
    }
  }

  const rel = segments.join('/');
  const last = segments.length > 0 ? segments[segments.length - 1] : '';
  const candidate = path.endsWith('/') || rel === '' || last.indexOf('.') === -1 ? (rel ? rel + '/index.html' : 'index.html') : rel;

  let found;
  try {
    found = await exists(candidate);
  } catch (e) {
    // Store unavailable: let the origin decide (a missing object becomes the 404 page).
    return { kind: 'static', uri: toUri(candidate), status: 200, unchecked: true };
  }
  if (found) {
    return { kind: 'static', uri: toUri(candidate), status: 200 };
  }

  const sectionSegments = lang ? segments.slice(1) : segments;
  if (sectionSegments.length > 1 && FALLBACK_SECTIONS.indexOf(sectionSegments[0]) !== -1) {
    const sectionIndex = prefix + sectionSegments[0] + '/index.html';
    try {
      if (await exists(sectionIndex)) {
        return { kind: 'static', uri: toUri(sectionIndex), status: 200 };
      }
    } catch (e) {
      return { kind: 'static', uri: toUri(sectionIndex), status: 200, unchecked: true };
    }
  }
  return notFound;
}

function isNotFoundPage(uri) {
  if (uri === '/404.html') {
    return true;
  }
  return LANG_PREFIXES.some((lang) => uri === '/' + lang + '/404.html');
}

async function onViewerResponse(event) {
  const response = event.response;
  if (response.statusCode === 200) {
    const uri = event.request.uri;
    let missing = isNotFoundPage(uri);
    if (!missing) {
      const target = await resolve(uri);
      missing = target.status === 404;
    }
    if (missing) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
  }
  return response;
}

async function handler(event) {
  if (event.context && event.context.eventType === 'viewer-response') {
    return onViewerResponse(event);
  }
  const request = event.request;
  const target = await resolve(request.uri);
  request.uri = target.kind === 'spa' ? spaUri(request.uri, request.querystring, request.cookies) : target.uri;
  return request;
}
