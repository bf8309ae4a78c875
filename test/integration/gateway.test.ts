import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * POST /api/gateway/execute end to end: real api, real PostgreSQL, the official SDKs against the
 * simulator, and (SUPERVISED) a real hold workflow on the Temporal dev server.
 */
let stack: Stack;
let company: TestCompany;

beforeAll(async () => {
  stack = await startStack({ worker: true });
  company = await stack.createCompany();
});

afterAll(async () => {
  await stack?.stop();
});

const execute = (body: Record<string, unknown>, token = company.gatewayKey, headers?: Record<string, string>) =>
  stack.http<Record<string, any>>('POST', '/api/gateway/execute', { token, body, headers });

describe('AUTONOMOUS', () => {
  it.each([
    ['OPENAI', 'sim-openai', 'gpt-4o-mini'],
    ['ANTHROPIC', 'sim-anthropic', 'claude-haiku-4-5'],
    ['GOOGLE', 'sim-google', 'gemini-2.5-flash'],
    ['DEEPSEEK', 'sim-deepseek', 'deepseek-chat'],
    ['CUSTOM', 'sim-custom', 'llama-3.1-70b-instruct'],
  ])('executes through the %s SDK and returns the spec success shape', async (providerType, name, model) => {
    const res = await execute({ prompt: `Say hello to ${providerType}`, systemPrompt: 'Be brief.', providerType });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.success).toBe(true);
    expect(b.executionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.result).toEqual({ content: expect.any(String), contentType: 'text/plain', encoding: 'utf-8', metadata: null });
    expect(b.result.content).toContain(`Say hello to ${providerType}`);
    expect(b.provider).toEqual({ name, type: providerType, model });
    expect(b.usage.promptTokens).toBeGreaterThan(0);
    expect(b.usage.completionTokens).toBeGreaterThan(0);
    expect(b.usage.totalTokens).toBe(b.usage.promptTokens + b.usage.completionTokens);
    expect(b.metadata).toMatchObject({
      finishReason: 'stop',
      telemetryMode: 'off',
      telemetryWrapped: false,
      geoRuleSource: null,
      geoRulesApplied: [],
    });
    expect(new Date(b.metadata.executedAt).getTime()).not.toBeNaN();
    expect(b.metadata.providerExecMs).toBeGreaterThanOrEqual(0);
    expect(b.metadata.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(b.metadata.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(b.metadata.traceparent).toBe(`00-${b.metadata.traceId}-${b.metadata.spanId}-01`);
    expect(b.policyChecked).toBe(false);
  });

  it('continues the caller’s W3C trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await execute({ prompt: 'trace me' }, company.gatewayKey, {
      traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
    });
    expect(res.status).toBe(200);
    expect(res.body.metadata.traceId).toBe(traceId);
    expect(res.body.metadata.spanId).not.toBe('00f067aa0ba902b7');
  });

  it('records every execution with tokens, cost and latency', async () => {
    const res = await execute({ prompt: 'record me', providerType: 'OPENAI' });
    expect(res.status).toBe(200);
    await stack.container.services.recorder.flush();
    const row = await stack.container.db('executions').where({ id: res.body.executionId }).first();
    expect(row).toMatchObject({
      company_id: company.companyId,
      mode: 'AUTONOMOUS',
      status: 'SUCCESS',
      provider_type: 'OPENAI',
      provider_name: 'sim-openai',
      model: 'gpt-4o-mini',
      prompt_tokens: res.body.usage.promptTokens,
      completion_tokens: res.body.usage.completionTokens,
    });
    expect(Number(row.cost_usd)).toBeGreaterThan(0);
    expect(row.api_key_id).not.toBeNull();
    expect(row.latency_ms).toBeGreaterThanOrEqual(0);
  });

  // A 1x1 PNG: enough for every wire format to carry an image part.
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  it.each(['OPENAI', 'ANTHROPIC', 'GOOGLE'])('delivers an image attachment to %s and text attachments as text', async (providerType) => {
    const res = await execute({
      prompt: 'Describe the picture',
      providerType,
      attachments: [
        { type: 'image', data: PNG, mimeType: 'image/png', fileName: 'dot.png' },
        { type: 'text', content: 'caption: a dot', fileName: 'caption.txt' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.content).toContain('[images:1]');
    expect(res.body.result.content).toContain('caption: a dot');
  });

  it('substitutes variables into the prompt', async () => {
    const res = await execute({ prompt: 'Hello {{name}}', variables: { name: 'Ada' } });
    expect(res.status).toBe(200);
    expect(res.body.result.content).toContain('Hello Ada');
  });

  it('uses client credentials per request without storing them', async () => {
    const before = await stack.container.db('providers').where({ company_id: company.companyId }).count({ n: '*' });
    const res = await execute({
      prompt: 'with my own key',
      useClientCredentials: true,
      clientProvider: { type: 'OPENAI', apiKey: 'client-own-key-123', model: 'gpt-4o', endpoint: `${stack.simulatorUrl}/v1` },
    });
    expect(res.status).toBe(200);
    expect(res.body.provider).toEqual({ name: 'client-openai', type: 'OPENAI', model: 'gpt-4o' });
    const stats = await stack.simStats();
    expect(stats.byKey['client-own-key-123']?.requests).toBe(1);
    const after = await stack.container.db('providers').where({ company_id: company.companyId }).count({ n: '*' });
    expect(after).toEqual(before);
  });

  it('answers 500 with the provider failure when every candidate fails', async () => {
    const res = await execute({
      prompt: 'fail please',
      useClientCredentials: true,
      clientProvider: { type: 'OPENAI', apiKey: 'sim;fail=500', model: 'gpt-4o', endpoint: `${stack.simulatorUrl}/v1` },
    });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ success: false, code: 'PROVIDER_ERROR', providerErrorKind: 'SERVER' });
  });
});

describe('DRY_RUN', () => {
  it('returns a routing plan and calls no provider', async () => {
    const before = await stack.simStats();
    const res = await execute({ prompt: 'plan only', executionMode: 'DRY_RUN', providerType: 'ANTHROPIC' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      mode: 'DRY_RUN',
      routingPlan: {
        provider: 'sim-anthropic',
        model: 'claude-haiku-4-5',
        policyId: null,
        fallbackProviders: [],
        geofencingApplied: false,
        geofencingRegion: null,
        securityPassed: true,
        protectivePromptApplied: false,
        documentsInjected: 0,
        tokensInjected: 0,
        truncated: false,
      },
    });
    expect(typeof res.body.timeline.totalMs).toBe('number');
    const after = await stack.simStats();
    expect(after.total).toBe(before.total);
  });

  it('lists the fallback providers in order', async () => {
    const res = await execute({ prompt: 'plan only', executionMode: 'DRY_RUN' });
    expect(res.status).toBe(200);
    expect(res.body.routingPlan.provider).toBe('sim-openai');
    expect(res.body.routingPlan.fallbackProviders).toEqual(['sim-anthropic', 'sim-google', 'sim-deepseek']);
  });
});

describe('bad input', () => {
  it.each([
    [{}, /prompt/],
    [{ prompt: '' }, /prompt/],
    [{ prompt: 'x', executionMode: 'LATER' }, /executionMode/],
    [{ prompt: 'x', temperature: 3 }, /temperature/],
    [{ prompt: 'x', providerType: 'MISTRAL' }, /providerType/],
    [{ prompt: 'x', specializations: ['coding', 'basket-weaving'] }, /basket-weaving/],
    [{ prompt: 'x', useClientCredentials: true }, /clientProvider/],
    [{ prompt: 'x', messages: [{ role: 'robot', content: 'hi' }] }, /messages/],
  ])('answers 400 with a message for %j', async (body, message) => {
    const res = await execute(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(message);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await stack.http('POST', '/api/gateway/execute', {
      token: company.gatewayKey,
      body: '{"prompt": ',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid JSON body' });
  });

  it('answers 404 for an unknown provider group or custom gateway', async () => {
    const group = await execute({ prompt: 'x', providerGroupId: '7d1f3e9e-8f0a-4a53-9d4c-5d9f0b0f1a11' });
    expect(group.status).toBe(404);
    const custom = await execute({ prompt: 'x', customGatewayId: 'nope' });
    expect(custom.status).toBe(404);
  });
});

describe('authentication and key types', () => {
  it('refuses a missing or unknown key with 401', async () => {
    expect((await stack.http('POST', '/api/gateway/execute', { body: { prompt: 'x' } })).status).toBe(401);
    expect((await execute({ prompt: 'x' }, 'gh_not-a-real-key')).status).toBe(401);
  });

  it.each(['FULL_ACCESS', 'EXECUTE_ONLY', 'OPENAI_COMPAT'] as const)('allows a %s key', async (type) => {
    const key = await stack.createKey(company, type);
    const res = await execute({ prompt: 'allowed', executionMode: 'DRY_RUN' }, key);
    expect(res.status).toBe(200);
  });

  it('refuses a READ_ONLY key with 403', async () => {
    const key = await stack.createKey(company, 'READ_ONLY');
    const res = await execute({ prompt: 'refused' }, key);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'KEY_TYPE_NOT_ALLOWED' });
  });

  it('refuses a revoked key', async () => {
    const created = await stack.container.services.apiKeys.create(
      company.companyId,
      { name: 'short-lived', kind: 'GATEWAY', type: 'FULL_ACCESS' },
      { userId: company.adminUserId },
    );
    expect((await execute({ prompt: 'x', executionMode: 'DRY_RUN' }, created.key)).status).toBe(200);
    const session = await stack.login(company.adminEmail, company.adminPassword);
    const revoke = await stack.http('DELETE', `/api/v1/api-keys/${created.apiKey.id}`, { token: session });
    expect(revoke.status).toBe(200);
    expect((await execute({ prompt: 'x', executionMode: 'DRY_RUN' }, created.key)).status).toBe(401);
  });

  it('accepts a signed-in session', async () => {
    const session = await stack.login(company.adminEmail, company.adminPassword);
    const res = await execute({ prompt: 'as a user', providerType: 'GOOGLE' }, session);
    expect(res.status).toBe(200);
    expect(res.body.provider.type).toBe('GOOGLE');
  });
});

describe('provider choice without a routing engine', () => {
  let co: TestCompany;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    co = await stack.createCompany({ withSimulator: false });
    const s = stack.container.services.providers;
    const add = async (name: string, type: 'OPENAI' | 'ANTHROPIC', apiKey: string, isDefault = false) => {
      const p = await s.create(
        co.companyId,
        {
          type,
          name,
          baseUrl: type === 'OPENAI' ? `${stack.simulatorUrl}/v1` : stack.simulatorUrl,
          apiKey,
          defaultModel: type === 'OPENAI' ? 'gpt-4o-mini' : 'claude-haiku-4-5',
          models: [{ name: type === 'OPENAI' ? 'gpt-4o-mini' : 'claude-haiku-4-5', inputPricePerMillion: 1, outputPricePerMillion: 2 }],
          isDefault,
        },
        { userId: co.adminUserId },
      );
      ids[name] = p.id;
    };
    await add('healthy-openai', 'OPENAI', 'healthy-openai-key', true);
    await add('healthy-anthropic', 'ANTHROPIC', 'healthy-anthropic-key');
    await add('broken-openai', 'OPENAI', 'sim;fail=503');
    await add('rejecting-openai', 'OPENAI', 'sim;fail=400');
  });

  const group = async (name: string, rotation: string, providerNames: string[]) => {
    const session = await stack.login(co.adminEmail, co.adminPassword);
    const res = await stack.http<any>('POST', '/api/v1/provider-groups', {
      token: session,
      body: { name, rotation, providerIds: providerNames.map((n) => ids[n]) },
    });
    expect(res.status).toBe(201);
    return res.body.group.id as string;
  };

  it('ROUND_ROBIN rotates between the group’s providers', async () => {
    const groupId = await group('rr', 'ROUND_ROBIN', ['healthy-openai', 'healthy-anthropic']);
    const names = [];
    for (let i = 0; i < 4; i++) {
      const res = await execute({ prompt: `rr ${i}`, providerGroupId: groupId }, co.gatewayKey);
      expect(res.status).toBe(200);
      names.push(res.body.provider.name);
    }
    expect(names).toEqual(['healthy-openai', 'healthy-anthropic', 'healthy-openai', 'healthy-anthropic']);
  });

  it('SEQUENTIAL falls back past a failing provider and records every attempt', async () => {
    const groupId = await group('seq', 'SEQUENTIAL', ['broken-openai', 'healthy-anthropic']);
    const res = await execute({ prompt: 'fallback please', providerGroupId: groupId }, co.gatewayKey);
    expect(res.status).toBe(200);
    expect(res.body.provider.name).toBe('healthy-anthropic');
    await stack.container.services.recorder.flush();
    const row = await stack.container.db('executions').where({ id: res.body.executionId }).first();
    expect(row.attempts).toEqual([
      expect.objectContaining({ providerName: 'broken-openai', status: 'ERROR', errorKind: 'SERVER', httpStatus: 503 }),
      expect.objectContaining({ providerName: 'healthy-anthropic', status: 'SUCCESS' }),
    ]);
  });

  it('never falls back on a 400 from the provider', async () => {
    const groupId = await group('bad', 'SEQUENTIAL', ['rejecting-openai', 'healthy-anthropic']);
    const before = (await stack.simStats()).byKey['healthy-anthropic-key']?.requests ?? 0;
    const res = await execute({ prompt: 'bad request', providerGroupId: groupId }, co.gatewayKey);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ providerErrorKind: 'BAD_REQUEST', attempts: 1 });
    expect((await stack.simStats()).byKey['healthy-anthropic-key']?.requests ?? 0).toBe(before);
  });

  it('keeps a session on one provider until force_rotate', async () => {
    const groupId = await group('affinity', 'ROUND_ROBIN', ['healthy-openai', 'healthy-anthropic']);
    const call = (force = false) =>
      execute({ prompt: 'session', providerGroupId: groupId, session_id: 'conv-1', force_rotate: force }, co.gatewayKey);
    const first = (await call()).body.provider.name;
    expect((await call()).body.provider.name).toBe(first);
    expect((await call()).body.provider.name).toBe(first);
    const rotated = (await call(true)).body.provider.name;
    expect(rotated).not.toBe(first);
    expect((await call()).body.provider.name).toBe(rotated);
  });

  it('picks the default provider when nothing is asked for', async () => {
    const res = await execute({ prompt: 'default' }, co.gatewayKey);
    expect(res.body.provider.name).toBe('healthy-openai');
  });
});
