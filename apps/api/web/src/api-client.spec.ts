import { ApiClient, ApiError, problemMessage } from './api-client.ts';

/** Records what the client sends and answers with one canned response (the real API is in the browser test). */
function recorder(status: number, body: unknown): { fetchFn: typeof fetch; sent: { url: string; init: RequestInit }[] } {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    sent.push({ url: String(input), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetchFn, sent };
}

describe('ApiClient', () => {
  it('sends the bearer token, and JSON as JSON', async () => {
    const { fetchFn, sent } = recorder(202, { id: 'j1', status: 'CREATED' });
    const job = await new ApiClient('tok', fetchFn).submit({ kind: 'url', body: '{}' });
    expect(job).toEqual({ id: 'j1', status: 'CREATED' });
    const headers = new Headers(sent[0]?.init.headers);
    expect(sent[0]).toMatchObject({ url: '/format', init: { method: 'POST', body: '{}' } });
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('leaves the Content-Type of a form to fetch, which adds the multipart boundary', async () => {
    const { fetchFn, sent } = recorder(202, {});
    await new ApiClient('tok', fetchFn).submit({ kind: 'file', body: new FormData() });
    expect(new Headers(sent[0]?.init.headers).has('content-type')).toBe(false);
  });

  it('asks for long-polls and pages of jobs with query parameters', async () => {
    const { fetchFn, sent } = recorder(200, {});
    const api = new ApiClient('tok', fetchFn);
    await api.job('a/b', 25);
    await api.job('c');
    await api.job('d', 25, undefined, true);
    await api.jobs(10, 'MjAy=');
    expect(sent.map((request) => request.url)).toEqual([
      '/job/a%2Fb?wait=25',
      '/job/c',
      '/job/d?wait=25&progress=1',
      '/jobs?limit=10&cursor=MjAy%3D',
    ]);
  });

  it('turns a problem answer into an ApiError a user can read', async () => {
    const problem = { title: 'Invalid request', status: 400, code: 'VALIDATION_FAILED', detail: 'format.pages must be a page list' };
    const { fetchFn } = recorder(400, problem);
    const error = await new ApiClient('tok', fetchFn).jobs(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, problem, message: 'Invalid request: format.pages must be a page list' });
  });
});

describe('problemMessage', () => {
  it('names the fields that the detail does not', () => {
    expect(
      problemMessage(400, { title: 'Invalid request', detail: 'Two problems', errors: [{ field: 'file', message: 'must be a URL' }] }),
    ).toBe('Invalid request: Two problems (file: must be a URL)');
    expect(problemMessage(502, {})).toBe('HTTP 502');
  });
});
