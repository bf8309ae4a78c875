import type { ProviderType } from '../../domain/providers';
import type { ProviderInput, ProviderService } from './providers';

/**
 * Providers of all five types backed by the provider simulator: what `npm start` gives the demo
 * company and what `admin create-company --with-simulator` registers. Prices are the providers'
 * public list prices (USD per million tokens) so cost figures look real; locations differ so
 * geofencing has something to decide.
 */
export const SIMULATOR_API_KEY = 'sim-demo-key';

export function simulatorProviders(simulatorUrl: string, apiKey = SIMULATOR_API_KEY): ProviderInput[] {
  const base = simulatorUrl.replace(/\/+$/, '');
  const model = (name: string, input: number, output: number, contextWindow: number, supportsVision: boolean, specializations: string[] = []) => ({
    name,
    inputPricePerMillion: input,
    outputPricePerMillion: output,
    contextWindow,
    supportsVision,
    specializations,
  });
  const providers: Array<ProviderInput & { type: ProviderType }> = [
    {
      type: 'OPENAI',
      name: 'sim-openai',
      baseUrl: `${base}/v1`,
      apiKey,
      defaultModel: 'gpt-4o-mini',
      models: [
        model('gpt-4o-mini', 0.15, 0.6, 128_000, true, ['general', 'instruction_following']),
        model('gpt-4o', 2.5, 10, 128_000, true, ['reasoning', 'coding', 'vision']),
      ],
      locationCountry: 'US',
      locationNetwork: 'US',
      compliance: ['SOC2', 'ISO27001', 'GDPR'],
      isDefault: true,
    },
    {
      type: 'ANTHROPIC',
      name: 'sim-anthropic',
      baseUrl: base,
      apiKey,
      defaultModel: 'claude-haiku-4-5',
      models: [
        model('claude-haiku-4-5', 1, 5, 200_000, true, ['general', 'writing']),
        model('claude-sonnet-4-5', 3, 15, 200_000, true, ['coding', 'reasoning', 'tool_use', 'long_context']),
      ],
      locationCountry: 'US',
      locationNetwork: 'US',
      compliance: ['SOC2', 'ISO27001', 'HIPAA', 'GDPR'],
    },
    {
      type: 'GOOGLE',
      name: 'sim-google',
      baseUrl: base,
      apiKey,
      defaultModel: 'gemini-2.5-flash',
      models: [
        model('gemini-2.5-flash', 0.3, 2.5, 1_000_000, true, ['general', 'long_context']),
        model('gemini-2.5-pro', 1.25, 10, 1_000_000, true, ['reasoning', 'math', 'vision', 'multilingual_de']),
      ],
      locationCountry: 'DE',
      locationNetwork: 'EU',
      compliance: ['GDPR', 'ISO27001', 'SOC2'],
    },
    {
      type: 'DEEPSEEK',
      name: 'sim-deepseek',
      baseUrl: `${base}/v1`,
      apiKey,
      defaultModel: 'deepseek-chat',
      models: [model('deepseek-chat', 0.27, 1.1, 64_000, false, ['coding', 'math'])],
      locationCountry: 'SG',
      locationNetwork: 'APAC',
      compliance: [],
    },
    {
      type: 'CUSTOM',
      name: 'sim-custom',
      baseUrl: `${base}/v1`,
      apiKey,
      defaultModel: 'llama-3.1-70b-instruct',
      models: [model('llama-3.1-70b-instruct', 0.6, 0.6, 128_000, false, ['general'])],
      locationCountry: 'IE',
      locationNetwork: 'EU',
      compliance: ['GDPR'],
    },
  ];
  return providers;
}

export async function registerSimulatorProviders(
  service: ProviderService,
  companyId: string,
  simulatorUrl: string,
  actor: { userId: string | null },
) {
  const created = [];
  for (const input of simulatorProviders(simulatorUrl)) created.push(await service.create(companyId, input, actor));
  return created;
}
