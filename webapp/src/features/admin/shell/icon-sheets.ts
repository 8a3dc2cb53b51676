/**
 * The three icon style sheets of the back office (SPEC §2 "Three external icon style sheets are loaded at
 * startup"), self-hosted: Vite bundles each from its npm package (or from ./icon-sheets) into the app's
 * own assets — no third-party CDN. The shell adds them as <link> elements when the back office starts,
 * so neither the member center nor the public site loads them; a font file is fetched only when one of
 * its icons is shown.
 *
 * How an icon is named (a menu rule's `icon`, a designed table's icon field, a config item of type icon):
 *   fa fa-<name>   Font Awesome 4.7 (npm font-awesome), as BuildAdmin names them
 *   bi bi-<name>   Bootstrap Icons (npm bootstrap-icons): the open icon font in place of BuildAdmin's
 *                  `iconfont`, which is a private project served from a third-party CDN
 *   local-<name>   the site's own SVG drawings (./icon-sheets/local.css), as BuildAdmin's `local-…`
 *   <Name>Outlined antd's icons (./menu-icon-set), the fourth set the picker offers
 *
 * The names each sheet offers are read from the loaded sheet's rules, as BuildAdmin does, so the lists
 * always match what the sheet can draw.
 */
import fontAwesome from 'font-awesome/css/font-awesome.min.css?url';
import bootstrapIcons from 'bootstrap-icons/font/bootstrap-icons.min.css?url';
import localIcons from './icon-sheets/local.css?url';

export type SheetSet = 'fa' | 'bi' | 'local';

export const ICON_SHEETS: Record<SheetSet, string> = { fa: fontAwesome, bi: bootstrapIcons, local: localIcons };

/** A name of one of the sheets (what the picker offers and the menus draw as `<i class="…">`). */
export const SHEET_ICON = /^(?:fa fa-|bi bi-|local-)[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function sheetOf(name: string): SheetSet | null {
  if (!SHEET_ICON.test(name)) return null;
  return name.startsWith('fa ') ? 'fa' : name.startsWith('bi ') ? 'bi' : 'local';
}

const SELECTOR: Record<SheetSet, RegExp> = {
  fa: /^\.fa-([a-z0-9-]+)::?before$/,
  bi: /^\.bi-([a-z0-9-]+)::?before$/,
  local: /^\.local-([a-z0-9-]+)$/,
};
const PREFIX: Record<SheetSet, string> = { fa: 'fa fa-', bi: 'bi bi-', local: 'local-' };

/** The icon names a loaded sheet defines (an alias list like `.fa-close:before, .fa-times:before`
 * gives its first name). */
export function namesInSheet(sheet: CSSStyleSheet, set: SheetSet): string[] {
  const names = new Set<string>();
  let rules: CSSRule[];
  try {
    rules = Array.from(sheet.cssRules);
  } catch {
    return []; // a sheet the page may not read (another origin): no names to offer
  }
  for (const rule of rules) {
    const selector = (rule as CSSStyleRule).selectorText;
    if (!selector) continue;
    const match = SELECTOR[set].exec(selector.split(',')[0].trim());
    if (match) names.add(PREFIX[set] + match[1]);
  }
  return [...names].sort();
}

function linkOf(set: SheetSet, doc: Document): HTMLLinkElement | null {
  return doc.head.querySelector<HTMLLinkElement>(`link[data-icon-set="${set}"]`);
}

/** Adds the three sheets to the page once (the back office's start). */
export function loadIconSheets(doc: Document = document): void {
  for (const [set, href] of Object.entries(ICON_SHEETS) as [SheetSet, string][]) {
    if (linkOf(set, doc)) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.iconSet = set;
    link.addEventListener('load', () => (link.dataset.state = 'loaded'), { once: true });
    link.addEventListener('error', () => (link.dataset.state = 'failed'), { once: true });
    doc.head.appendChild(link);
  }
}

/** The names of one sheet, once it has loaded (an empty list if it cannot be read). */
export function sheetIconNames(set: SheetSet, doc: Document = document): Promise<string[]> {
  loadIconSheets(doc);
  const link = linkOf(set, doc)!;
  const read = () => (link.sheet ? namesInSheet(link.sheet, set) : []);
  if (link.dataset.state) return Promise.resolve(read());
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(read()), { once: true });
    link.addEventListener('error', () => resolve([]), { once: true });
  });
}
