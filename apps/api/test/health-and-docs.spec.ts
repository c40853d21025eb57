import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /health', () => {
  it('answers 200 without a token when Postgres and Redis are up', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the validating DTOs at /openapi.json', async () => {
    const res = await t.http().get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/format', '/job/{id}', '/health']));
    expect(doc.paths['/format'].post.responses['202']).toBeDefined();
    const dto = doc.components.schemas.CreateFormatJobDto;
    expect(dto.required).toEqual(['file', 'format']);
    expect(dto.properties.file).toMatchObject({ format: 'uri', maxLength: 2048 });
    const selection = doc.components.schemas.FormatSelectionDto.properties.type;
    expect(JSON.stringify(selection)).toContain('"enum":["text","markdown","html","json","chunks"]');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves Swagger UI at /docs without a token', async () => {
    const res = await t.http().get('/docs/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});
