import { isTerminal, type JobRecord, pagesLabel } from './api-types.ts';
import { download, h, localTime, present } from './dom.ts';
import { renderMarkdown } from './markdown-view.ts';
import { forDisplay, isOutputFormat, outputFile, outputText, sizeLabel } from './outputs.ts';
import { hasPageImages, pageView } from './page-view.ts';

export interface JobViewActions {
  cancel(job: JobRecord): void;
  /** An extraction job's outputs are links: fetch one, raw. */
  fetchOutput(job: JobRecord, format: string): Promise<string>;
  /** A page of a PDF or image job, drawn by the API. */
  pageImage(job: JobRecord, page: number): Promise<Blob>;
}

/** Shows one job: its status as it changes, what went wrong, and each output once COMPLETED. */
export function renderJob(container: HTMLElement, job: JobRecord, actions: JobViewActions): void {
  const status = h('span', { id: 'job-status', class: `status status-${job.status.toLowerCase()}`, 'data-status': job.status }, job.status);
  const facts = h(
    'dl',
    { class: 'facts' },
    ...fact('Job', h('code', {}, job.id)),
    ...fact('Document', job.fileName),
    ...fact('Created', localTime(job.createdAt)),
    ...fact('Formats', (job.requestedFormats ?? Object.keys(job.formats)).join(', ') || job.type),
    ...(job.pages > 0 ? fact('Pages', String(job.pages)) : []),
    ...progressFact(job),
  );
  const cancel = !isTerminal(job.status) && h('button', { type: 'button', class: 'secondary', id: 'cancel-job' }, 'Cancel');
  if (cancel) cancel.addEventListener('click', () => actions.cancel(job));
  const waiting = !isTerminal(job.status) && h('p', { class: 'hint', role: 'status' }, 'Waiting for the job to finish…');
  const failure = job.error && h('p', { class: 'error', role: 'alert' }, h('strong', {}, job.error.code), ` ${job.error.message}`);
  const warnings = (job.result?.warnings ?? []).map((warning) =>
    h('p', { class: 'warning' }, h('strong', {}, warning.code), ` ${warning.message}`),
  );
  const outputs =
    job.status === 'COMPLETED' &&
    h(
      'div',
      { id: 'outputs' },
      ...Object.entries(job.formats).map(([format, value]) =>
        job.type === 'extraction' ? linkedOutput(job, format, actions) : outputSection(format, value, job.fileName),
      ),
    );
  // A PDF's or an image's page beside its outputs, to check the conversion against it.
  const shown = outputs && hasPageImages(job) ? h('div', { class: 'with-page' }, pageView(job, actions.pageImage), outputs) : outputs;
  container.replaceChildren(
    ...present([h('div', { class: 'job-head' }, h('h2', {}, 'Job'), status, cancel), facts, waiting, failure, ...warnings, shown]),
  );
  container.hidden = false;
}

/** While the job runs: a bar and "pages done / pages", once the worker knows how many. */
function progressFact(job: JobRecord): HTMLElement[] {
  const label = pagesLabel(job);
  if (!label || !job.progress) return [];
  const { pagesDone, pages } = job.progress;
  const bar = h('progress', { max: String(Math.max(pages, 1)), value: String(pagesDone) }, label);
  return fact(
    'Progress',
    h('span', { id: 'job-progress', 'data-pages-done': String(pagesDone), 'data-pages': String(pages) }, bar, ` ${label}`),
  );
}

function fact(term: string, value: Node | string): HTMLElement[] {
  return [h('dt', {}, term), h('dd', {}, value)];
}

/** One output: its size, a Download button, and a view (markdown rendered, with its raw text a click away). */
export function outputSection(format: string, value: unknown, sourceName: string): HTMLElement {
  const text = outputText(value);
  const shown = forDisplay(text);
  const save = h('button', { type: 'button', class: 'secondary download', 'data-format': format }, 'Download');
  save.addEventListener('click', () => {
    const file = isOutputFormat(format) ? outputFile(format, value, sourceName) : { name: `${format}.txt`, mediaType: 'text/plain', text };
    download(file.name, file.mediaType, file.text);
  });
  const note =
    shown.cut && h('p', { class: 'hint' }, `Showing the first ${shown.text.length.toLocaleString()} characters; Download has all of it.`);
  const raw = h('pre', { class: 'raw' }, shown.text);
  const body =
    format === 'markdown'
      ? [
          h('div', { class: 'rendered markdown-body' }, renderMarkdown(shown.text)),
          h('details', { class: 'raw-toggle' }, h('summary', {}, 'Raw markdown'), raw),
        ]
      : [raw];
  return h(
    'section',
    { class: 'output', 'data-format': format },
    h('header', {}, h('h3', {}, format), h('span', { class: 'size' }, sizeLabel(text)), save),
    note,
    ...body,
  );
}

/** An extraction job lists where each format renders; the output is fetched when asked for. */
function linkedOutput(job: JobRecord, format: string, actions: JobViewActions): HTMLElement {
  const slot = h('section', { class: 'output', 'data-format': format }, h('header', {}, h('h3', {}, format)));
  const load = h('button', { type: 'button', class: 'secondary' }, 'Render');
  load.addEventListener('click', () => {
    load.disabled = true;
    actions.fetchOutput(job, format).then(
      (text) => slot.replaceWith(outputSection(format, format === 'json' || format === 'chunks' ? JSON.parse(text) : text, job.fileName)),
      (error: unknown) => {
        load.disabled = false;
        slot.append(h('p', { class: 'error' }, error instanceof Error ? error.message : String(error)));
      },
    );
  });
  slot.querySelector('header')?.append(load);
  return slot;
}
