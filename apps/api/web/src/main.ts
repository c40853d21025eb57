import { ApiClient, ApiError } from './api-client.ts';
import { OUTPUT_FORMATS, type JobRecord, type OcrMode, type OutputFormat } from './api-types.ts';
import { byId } from './dom.ts';
import { followJob } from './follow-job.ts';
import { buildSubmission, type ImageMode } from './format-request.ts';
import { renderJob } from './job-view.ts';
import { jobRows } from './recent-jobs.ts';
import { tokenStore } from './token-store.ts';

const PAGE_SIZE = 10;

const tokenForm = byId<HTMLFormElement>('token-form');
const tokenInput = byId<HTMLInputElement>('token-input');
const tokenState = byId<HTMLElement>('token-state');
const workspace = byId<HTMLElement>('workspace');
const submitForm = byId<HTMLFormElement>('submit-form');
const urlInput = byId<HTMLInputElement>('url');
const fileInput = byId<HTMLInputElement>('file');
const dropZone = byId<HTMLElement>('drop-zone');
const fileName = byId<HTMLElement>('file-name');
const clearFile = byId<HTMLButtonElement>('clear-file');
const submitButton = byId<HTMLButtonElement>('submit');
const formMessage = byId<HTMLElement>('form-message');
const jobPanel = byId<HTMLElement>('job');
const recentBody = byId<HTMLTableSectionElement>('recent-jobs');
const moreJobs = byId<HTMLButtonElement>('more-jobs');

let api: ApiClient | null = null;
let chosenFile: File | null = null;
let following = new AbortController();
let nextCursor: string | null = null;

function say(message: string): void {
  formMessage.textContent = message;
  formMessage.hidden = message.length === 0;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// --- The token: checked against the API once, then kept for this tab. ---

function signedIn(client: ApiClient): void {
  api = client;
  tokenForm.hidden = true;
  tokenState.hidden = false;
  workspace.hidden = false;
  void loadJobs();
}

tokenForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const token = tokenInput.value.trim();
  if (!token) return;
  const client = new ApiClient(token);
  // GET /jobs answers 401 for an unknown token: refused here rather than at the first upload.
  client.jobs(1).then(
    () => {
      tokenStore.set(token);
      tokenInput.value = '';
      byId('token-message').hidden = true;
      signedIn(client);
    },
    (error: unknown) => {
      const message = byId('token-message');
      message.textContent = error instanceof ApiError && error.status === 401 ? 'The API does not know this token.' : describe(error);
      message.hidden = false;
    },
  );
});

byId('forget-token').addEventListener('click', () => {
  tokenStore.clear();
  following.abort();
  api = null;
  tokenForm.hidden = false;
  tokenState.hidden = true;
  workspace.hidden = true;
  jobPanel.hidden = true;
  recentBody.replaceChildren();
});

// --- The document: a URL, or a file dropped or chosen. ---

function choose(file: File | null): void {
  chosenFile = file;
  fileName.textContent = file ? `${file.name} (${file.size.toLocaleString()} bytes)` : '';
  clearFile.hidden = !file;
  urlInput.disabled = file !== null;
  if (!file) fileInput.value = '';
}

fileInput.addEventListener('change', () => choose(fileInput.files?.[0] ?? null));
clearFile.addEventListener('click', () => choose(null));
dropZone.addEventListener('dragover', (event) => {
  event.preventDefault();
  dropZone.classList.add('dragging');
});
dropZone.addEventListener('dragleave', () => dropZone.classList.remove('dragging'));
dropZone.addEventListener('drop', (event) => {
  event.preventDefault();
  dropZone.classList.remove('dragging');
  const file = event.dataTransfer?.files[0];
  if (file) choose(file);
});

// --- Submitting, then following the job. ---

function checkedFormats(): OutputFormat[] {
  const checked = submitForm.querySelectorAll<HTMLInputElement>('input[name="format"]:checked');
  return OUTPUT_FORMATS.filter((format) => [...checked].some((box) => box.value === format));
}

submitForm.addEventListener('submit', (event) => {
  event.preventDefault();
  if (!api) return;
  const built = buildSubmission({
    url: urlInput.value,
    file: chosenFile,
    formats: checkedFormats(),
    ocr: byId<HTMLSelectElement>('ocr').value as OcrMode,
    languages: byId<HTMLInputElement>('languages').value,
    pages: byId<HTMLInputElement>('pages').value,
    pageMarkers: byId<HTMLInputElement>('page-markers').checked,
    images: byId<HTMLSelectElement>('images').value as ImageMode,
  });
  if (!built.ok) return say(built.error);
  say('');
  submitButton.disabled = true;
  api
    .submit(built.submission)
    .then((job) => {
      void loadJobs();
      show(job);
    })
    .catch((error: unknown) => say(describe(error)))
    .finally(() => (submitButton.disabled = false));
});

const actions = {
  cancel: (job: JobRecord) => {
    api?.cancel(job.id).then(show, (error: unknown) => say(describe(error)));
  },
  fetchOutput: (job: JobRecord, format: string) => (api ? api.rendered(job.id, format) : Promise.reject(new Error('No token'))),
  pageImage: (job: JobRecord, page: number) => (api ? api.pageImage(job.id, page) : Promise.reject(new Error('No token'))),
};

/** Shows a job and follows it until it ends; opening another job stops following this one. */
function show(job: JobRecord): void {
  following.abort();
  following = new AbortController();
  renderJob(jobPanel, job, actions);
  if (!api) return;
  followJob(api, job, (update) => renderJob(jobPanel, update, actions), following.signal)
    .then((last) => {
      if (last.status !== job.status) void loadJobs();
    })
    .catch((error: unknown) => say(describe(error)));
}

// --- Recent jobs (GET /jobs), newest first. ---

async function loadJobs(more = false): Promise<void> {
  if (!api) return;
  try {
    const page = await api.jobs(PAGE_SIZE, more ? (nextCursor ?? undefined) : undefined);
    const rows = jobRows(page.jobs, (id) => {
      api?.job(id).then(show, (error: unknown) => say(describe(error)));
    });
    if (more) recentBody.append(...rows);
    else recentBody.replaceChildren(...rows);
    nextCursor = page.nextCursor;
    moreJobs.hidden = nextCursor === null;
    byId('no-jobs').hidden = recentBody.rows.length > 0;
  } catch (error) {
    say(describe(error));
  }
}

byId('refresh-jobs').addEventListener('click', () => void loadJobs());
moreJobs.addEventListener('click', () => void loadJobs(true));

const saved = tokenStore.get();
if (saved) signedIn(new ApiClient(saved));
