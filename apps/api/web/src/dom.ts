export type Child = Node | string | null | undefined | false;

/** The children that are there: `cond && node` leaves false, `a ?? null` null. */
export function present(children: readonly Child[]): (Node | string)[] {
  return children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false);
}

/**
 * Builds an element from text and nodes only: strings become text nodes, never markup,
 * so nothing from a job record (file names, error messages, outputs) is parsed as HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  element.append(...present(children));
  return element;
}

export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element as T;
}

/** Saves text as a file through a Blob URL: the output never leaves the browser again. */
export function download(name: string, mediaType: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mediaType }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the download holds its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "22 Nov, 10:00:05": a record's ISO time in the user's own time zone. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
