/** Schemes a link keeps in the HTML output; a link with any other scheme keeps its text and loses its target. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The link target as the HTML output may carry it, or undefined when it must not be
 * a link: `javascript:`, `data:`, `vbscript:`, `file:` and every other scheme but
 * http, https and mailto. Relative, absolute-path, protocol-relative and fragment
 * URLs are kept: the browser resolves them against the page, so they stay http(s).
 *
 * Browsers remove tabs and newlines anywhere in a URL and trim control characters
 * and spaces at its ends, so `java\tscript:` and ` javascript:` are javascript:. The
 * scheme is therefore read with every control character and space removed, which
 * errs on the safe side (`foo bar:x` counts as the scheme "foobar" and is dropped).
 */
export function safeHref(href: string): string | undefined {
  const squeezed = href.replace(CONTROLS_AND_SPACES, '');
  if (squeezed === '') return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed);
  if (scheme && !SAFE_SCHEMES.has(scheme[1].toLowerCase())) return undefined;
  return href.replace(CONTROLS, '').trim().replace(/ /g, '%20');
}

// eslint-disable-next-line no-control-regex -- control characters are what browsers drop from URLs
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- the same, and spaces
const CONTROLS_AND_SPACES = /[\u0000-\u0020\u007f-\u009f]/g;

/** http(s) links lead off the document: opened without a window reference or a Referer. */
export function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}
