import type { JobRecord } from './api-types.ts';
import { h } from './dom.ts';

/** Source types the API draws pages of (GET /job/{id}/pages/{n}). */
const PAGE_SOURCES = ['application/pdf', 'image/png', 'image/jpeg'];

export function hasPageImages(job: JobRecord): boolean {
  return job.status === 'COMPLETED' && PAGE_SOURCES.includes(String(job.result?.['mimeType'] ?? ''));
}

/**
 * The job's pages, one at a time, with Previous and Next: each fetched with the token
 * and shown through a blob: URL, released when the next page replaces it. A page the
 * API cannot draw (its source not kept) shows why instead.
 */
export function pageView(job: JobRecord, pageImage: (job: JobRecord, page: number) => Promise<Blob>): HTMLElement {
  const pages = Math.max(job.pages, 1);
  const image = h('img', { alt: 'Page 1', class: 'page-image' });
  const label = h('span', { id: 'page-label' }, `Page 1 of ${pages}`);
  const previous = h('button', { type: 'button', class: 'secondary', id: 'page-previous' }, 'Previous');
  const next = h('button', { type: 'button', class: 'secondary', id: 'page-next' }, 'Next');
  const message = h('p', { class: 'hint', hidden: true });
  let current = 1;
  const show = (page: number) => {
    current = page;
    previous.disabled = page <= 1;
    next.disabled = page >= pages;
    label.textContent = `Page ${page} of ${pages}`;
    pageImage(job, page).then(
      (blob) => {
        if (page !== current) return;
        if (image.src) URL.revokeObjectURL(image.src);
        image.alt = `Page ${page}`;
        image.dataset['page'] = String(page);
        image.src = URL.createObjectURL(blob);
        message.hidden = true;
      },
      (error: unknown) => {
        message.textContent = error instanceof Error ? error.message : String(error);
        message.hidden = false;
      },
    );
  };
  previous.addEventListener('click', () => show(current - 1));
  next.addEventListener('click', () => show(current + 1));
  show(1);
  return h('figure', { id: 'page-view' }, image, h('figcaption', {}, previous, label, next), message);
}
