import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Stack, startStack } from '../support/stack';

/** Health, readiness, metrics, the OpenAPI document and the docs page. */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.stop());

describe('operability endpoints', () => {
  it('/healthz answers ok', async () => {
    const res = await stack.http('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database and reports Temporal', async () => {
    const res = await stack.http('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: true, temporal: true } });
  });

  it('/metrics speaks Prometheus text and counts gateway executions', async () => {
    const company = await stack.createCompany();
    const exec = await stack.http('POST', '/api/gateway/execute', { token: company.gatewayKey, body: { prompt: 'count me' } });
    expect(exec.status).toBe(200);
    const res = await stack.http<string>('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.body).toMatch(/gatehouse_gateway_executions_total\{mode="AUTONOMOUS",status="success",provider_type="OPENAI"\} [1-9]/);
    expect(res.body).toContain('gatehouse_http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('/api/openapi.json is generated from the route schemas', async () => {
    const res = await stack.http<any>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const path of [
      '/api/gateway/execute',
      '/api/v1/execution-holds',
      '/api/v1/execution-holds/{id}',
      '/api/auth/login',
      '/api/account/mfa/setup',
      '/api/v1/providers',
      '/api/v1/api-keys',
    ]) {
      expect(res.body.paths[path]).toBeDefined();
    }
    const execute = res.body.paths['/api/gateway/execute'].post;
    const schema = execute.requestBody.content['application/json'].schema;
    const resolved = schema.$ref ? res.body.components.schemas[schema.$ref.split('/').pop()] : schema;
    // prompt is required unless metadata.promptId names a stored prompt (issue 11): said in its description.
    expect(resolved.properties.prompt.description).toMatch(/metadata\.promptId/);
    expect(resolved.properties.metadata.properties.promptId).toBeDefined();
    expect(resolved.properties.executionMode.enum).toEqual(['AUTONOMOUS', 'DRY_RUN', 'SUPERVISED']);
  });

  it('/docs serves a page that loads the OpenAPI document', async () => {
    const res = await stack.http<string>('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.body).toContain('<script src="/docs/init.js"></script>');
    const init = await fetch(`${stack.url}/docs/init.js`);
    expect(await init.text()).toContain('/api/openapi.json');
    const asset = await fetch(`${stack.url}/docs/assets/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await asset.text()).length).toBeGreaterThan(100_000);
  });

  it('answers unknown routes with a JSON 404 and echoes a request id', async () => {
    const res = await stack.http('GET', '/api/v1/nothing-here', { headers: { 'x-request-id': 'req-123' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.headers.get('x-request-id')).toBe('req-123');
  });
});

describe('OTLP export of gateway spans', () => {
  it('exports a server span as OTLP HTTP JSON, child of the caller’s traceparent', async () => {
    const received: Array<{ path: string; contentType: string; body: any }> = [];
    const collector = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        received.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body: JSON.parse(data) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', () => r()));
    const port = (collector.address() as AddressInfo).port;
    const traced = await startStack({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'gatehouse-test' },
    });
    try {
      const company = await traced.createCompany();
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      const res = await traced.http<any>('POST', '/api/gateway/execute', {
        token: company.gatewayKey,
        body: { prompt: 'trace export' },
        headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
      });
      expect(res.status).toBe(200);
      expect(res.body.metadata.traceId).toBe(traceId);
      await traced.stop(); // flushes the span processor

      expect(received.length).toBeGreaterThan(0);
      expect(received[0]!.path).toBe('/v1/traces');
      expect(received[0]!.contentType).toContain('application/json');
      const spans = received.flatMap((r) => r.body.resourceSpans.flatMap((rs: any) => rs.scopeSpans.flatMap((ss: any) => ss.spans)));
      const span = spans.find((s: any) => s.traceId === traceId);
      expect(span).toMatchObject({ name: 'gateway.execute', spanId: res.body.metadata.spanId, parentSpanId: 'b7ad6b7169203331', kind: 2 });
      const service = received[0]!.body.resourceSpans[0].resource.attributes.find((a: any) => a.key === 'service.name');
      expect(service.value.stringValue).toBe('gatehouse-test');
    } finally {
      collector.close();
    }
  });
});
