/** Full-page browser navigation, behind an object so tests can replace it. */
export const browser = {
  /** Loads a page outside the app (the marketing site's home is "/"). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Reloads the current page (member logout, SPEC §4). */
  reload(): void {
    window.location.reload();
  },
  /** Whether the tab has an earlier history entry to return to. */
  hasHistory(): boolean {
    return window.history.length > 1;
  },
};
