import type { JobSummary } from './api-types.ts';
import { h, localTime } from './dom.ts';

/** Rows of the recent-jobs table; `open` shows a job in the job panel. */
export function jobRows(jobs: readonly JobSummary[], open: (id: string) => void): HTMLTableRowElement[] {
  return jobs.map((job) => {
    const button = h('button', { type: 'button', class: 'link' }, job.fileName);
    button.addEventListener('click', () => open(job.id));
    return h(
      'tr',
      { 'data-job-id': job.id },
      h('td', {}, localTime(job.createdAt)),
      h('td', { class: 'file' }, button),
      h('td', {}, (job.requestedFormats ?? []).join(', ') || job.type),
      h('td', {}, h('span', { class: `status status-${job.status.toLowerCase()}` }, job.status), job.error ? ` ${job.error.code}` : ''),
    );
  });
}
