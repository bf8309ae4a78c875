/**
 * GET /v1/models: the models a key's company can route to, in OpenAI's list shape. Each active
 * provider's default model and listed models, once each (the first provider offering a name owns
 * it), and `auto` (the company's routing policy chooses). Read through the provider cache.
 */
import type { Principal } from '../../domain/principal';
import type { ProviderService } from '../providers/providers';
import { AUTO_MODEL } from './chat-request';

export interface OpenAiModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

export class OpenAiModelsService {
  constructor(private readonly providers: ProviderService) {}

  async list(principal: Principal): Promise<{ object: 'list'; data: OpenAiModel[] }> {
    const providers = await this.providers.runtimeProviders(principal.companyId);
    const created = Math.floor(Date.now() / 1000);
    const data: OpenAiModel[] = [{ id: AUTO_MODEL, object: 'model', created, owned_by: 'gatehouse' }];
    const seen = new Set<string>([AUTO_MODEL]);
    for (const p of providers) {
      for (const name of [p.defaultModel, ...p.models.map((m) => m.name)]) {
        if (!name || seen.has(name)) continue;
        seen.add(name);
        data.push({ id: name, object: 'model', created, owned_by: `${p.type.toLowerCase()}:${p.name}` });
      }
    }
    return { object: 'list', data };
  }
}
