/** Rich text (sanitised HTML, as a rich-text field stores it) as one line of text: what a list cell, a
 * phone card and the CSV show instead of its markup. Parsed inertly (DOMParser runs no script and
 * loads nothing); blocks and line breaks become spaces, runs of white space one. */
export function htmlText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, '$& '), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
