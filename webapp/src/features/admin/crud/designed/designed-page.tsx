/** Placeholder while the page is being built (issue 12). */
export default function Page() {
  return null;
}
