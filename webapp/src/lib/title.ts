/** Page title (SPEC §2): the route's translated title meta, " - ", then the site name. */
export function composeTitle(pageTitle: string, siteName: string | undefined, defaultSiteName: string): string {
  const site = siteName && siteName.trim() ? siteName.trim() : defaultSiteName;
  return pageTitle ? `${pageTitle} - ${site}` : site;
}
