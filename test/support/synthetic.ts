import type { Stack, TestCompany } from './stack';

/** Polls fn until it returns something truthy (every pollMs), or fails naming what it waited for. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 90_000, pollMs = 300): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** A simulator-backed OPENAI (gpt-4o-mini) or ANTHROPIC (claude-haiku-4-5) provider at 1/2 USD per million tokens; its id. */
export async function addSimulatorProvider(stack: Stack, co: TestCompany, o: { name: string; type: 'OPENAI' | 'ANTHROPIC'; apiKey: string; isDefault: boolean }): Promise<string> {
  const model = o.type === 'OPENAI' ? 'gpt-4o-mini' : 'claude-haiku-4-5';
  const p = await stack.container.services.providers.create(
    co.companyId,
    {
      type: o.type,
      name: o.name,
      baseUrl: o.type === 'OPENAI' ? `${stack.simulatorUrl}/v1` : stack.simulatorUrl,
      apiKey: o.apiKey,
      defaultModel: model,
      models: [{ name: model, inputPricePerMillion: 1, outputPricePerMillion: 2 }],
      isDefault: o.isDefault,
    },
    { userId: co.adminUserId },
  );
  return p.id;
}
