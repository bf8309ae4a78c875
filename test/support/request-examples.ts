/**
 * Known-valid request bodies for the operations that carry the traffic, by `METHOD /path`. The
 * malformed-input harness mutates these as well as bodies drawn from the schemas: a drawn body of
 * a schema with many optional fields and cross-field rules (the execute request has thirty) is
 * rarely valid, while a mutation of a valid request is the sharpest case (exactly one thing wrong).
 * Add one for a route whose drawn bodies never get past validation (the test logs error codes).
 */
export const REQUEST_EXAMPLES: Record<string, unknown[]> = {
  'POST /api/gateway/execute': [
    { prompt: 'Say hello in one short sentence.' },
    { prompt: 'Plan only.', executionMode: 'DRY_RUN' },
    { prompt: 'Needs a review.', executionMode: 'SUPERVISED' },
    { providerType: 'OPENAI', prompt: 'Reply to John Miller, john.miller@example.com.', sanitization: { enabled: true } },
    { prompt: 'Continue.', systemPrompt: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }], maxTokens: 50, temperature: 0.5, metadata: { taskCodes: ['general'] } },
  ],
  'POST /api/gateway/routing-advisory': [{ input: 'Write a short poem about the sea' }, { input: 'hello', routingPolicy: { strategy: 'LOWEST_COST' } }],
  'POST /v1/chat/completions': [
    { model: 'auto', messages: [{ role: 'user', content: 'Say hello.' }] },
    { model: 'auto', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] },
  ],
  'POST /api/v1/mcp': [
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'execute_prompt', arguments: { prompt: 'Say hello.' } } },
  ],
};
