/**
 * Back-office pages holding unsaved changes, by their tab path (e.g. "/admin/routine/orgChart"). A
 * page marks itself while it has changes; the shell asks before a tab action would throw them away
 * (closing or reloading that tab, closing the others or all). Leaving the browser page is the page's
 * own `beforeunload` guard.
 */
const unsaved = new Set<string>();

export function setUnsaved(path: string, value: boolean): void {
  if (value) unsaved.add(path);
  else unsaved.delete(path);
}

/** The paths among `paths` that hold unsaved changes. */
export function unsavedAmong(paths: readonly string[]): string[] {
  return paths.filter((path) => unsaved.has(path));
}
