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

describe('GET /schemas/document.json', () => {
  it("serves the json format's JSON Schema without a token", async () => {
    const res = await t.http().get('/schemas/document.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    const schema = JSON.parse(res.text);
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { schemaVersion: { const: '1.3' } },
    });
    expect(Object.keys(schema.$defs)).toEqual(
      expect.arrayContaining(['heading', 'paragraph', 'list', 'table', 'code', 'image', 'pageBreak']),
    );
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
    expect([...dto.required].sort()).toEqual(['file', 'format']);
    expect(dto.properties.file).toMatchObject({ format: 'uri', maxLength: 2048 });
    const selection = doc.components.schemas.FormatSelectionDto.properties.type;
    expect(JSON.stringify(selection)).toContain('"enum":["text","markdown","html","json","chunks"]');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Nullable timestamps are date-time strings (a `string | null` property reflects as Object otherwise).
    for (const name of ['JobRecordDto', 'JobSummaryDto']) {
      for (const field of ['startedAt', 'completedAt']) {
        expect(doc.components.schemas[name].properties[field]).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
      }
    }
  });

  it('documents uploads, long-polls, cancel, delete and the job list', async () => {
    const doc = (await t.http().get('/openapi.json')).body;
    const upload = doc.paths['/format'].post.requestBody.content;
    expect(upload['application/json'].schema.$ref).toBe('#/components/schemas/CreateFormatJobDto');
    expect(upload['multipart/form-data'].schema).toMatchObject({
      required: ['file', 'format'],
      properties: { file: { format: 'binary' } },
    });
    expect(doc.paths['/format'].post.responses['413']).toBeDefined();
    expect(doc.paths['/batches'].post.requestBody.content['multipart/form-data'].schema).toMatchObject({
      required: ['file', 'format'],
      properties: { file: { type: 'array', items: { format: 'binary' }, maxItems: 1000 } },
    });
    expect(doc.paths['/job/{id}'].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'wait', in: 'query' })]));
    expect(doc.paths['/job/{id}/cancel'].post.responses['409']).toBeDefined();
    expect(doc.paths['/job/{id}'].delete.responses['204']).toBeDefined();
    expect(doc.paths['/jobs'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['cursor', 'limit', 'status', 'type']);
  });

  it("documents format.chunking and each format's output, the json format by its published schema", async () => {
    const doc = (await t.http().get('/openapi.json')).body;
    const chunking = doc.components.schemas.ChunkingOptionsDto.properties;
    expect(chunking.maxTokens).toMatchObject({ type: 'integer', minimum: 16, maximum: 8192, default: 512 });
    expect(chunking.overlapTokens).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    expect(chunking.strategy).toMatchObject({ enum: ['heading', 'size'], default: 'heading' });
    const formats = doc.components.schemas.JobRecordDto.properties.formats;
    expect(formats.properties.json.allOf).toEqual([{ $ref: '/schemas/document.json' }]);
    expect(formats.properties.chunks.items.required).toEqual(['index', 'text', 'headings', 'pages', 'tokens', 'chars']);
    expect(Object.keys(formats.properties)).toEqual(['text', 'markdown', 'html', 'json', 'chunks']);
    expect(doc.paths['/schemas/document.json'].get.responses['200']).toBeDefined();
    expect(doc.paths['/schemas/document.json'].get.security).toBeUndefined();
  });

  it('documents POST /extract, the raw outputs of GET /job/{id}/formats/{name} and the extraction in result', async () => {
    const doc = (await t.http().get('/openapi.json')).body;
    const extract = doc.paths['/extract'].post;
    expect(extract.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/CreateExtractionJobDto');
    expect(extract.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(Object.keys(doc.components.schemas.ExtractionOptionsDto.properties)).toEqual(['ocr', 'languages', 'pages']);
    expect(Object.keys(extract.responses)).toEqual(expect.arrayContaining(['202', '400', '413', '503']));
    const raw = doc.paths['/job/{id}/formats/{name}'].get;
    expect(Object.keys(raw.responses['200'].content)).toEqual(['text/markdown', 'text/plain', 'text/html', 'application/json']);
    expect(Object.keys(raw.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '503']));
    expect(raw.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['id', 'name', 'pageMarkers', 'maxTokens', 'overlapTokens', 'strategy']),
    );
    const result = doc.components.schemas.JobRecordDto.properties.result.properties;
    expect(result.document.allOf).toEqual([{ $ref: '/schemas/document.json' }]);
    expect(result.tables.items.required).toEqual(['index', 'page', 'headerRows', 'rows']);
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['links', 'images']));
  });

  it('serves Swagger UI at /docs without a token', async () => {
    const res = await t.http().get('/docs/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});
