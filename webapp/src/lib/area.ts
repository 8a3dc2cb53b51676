/**
 * Which area of the app a location belongs to (SPEC §2): any path starting with /admin, or a hash
 * starting with #/admin, counts as the admin area (back office); everything else is the member area.
 */
export interface LocationLike {
  pathname: string;
  hash?: string;
}

export function isAdminApp(location: LocationLike = window.location): boolean {
  return location.pathname.startsWith('/admin') || (location.hash ?? '').startsWith('#/admin');
}
