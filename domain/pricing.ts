import type { Usage } from './providers';

export interface ModelPrice {
  inputPricePerMillion: number;
  outputPricePerMillion: number;
}

/** Cost in USD of one call, from the model's list prices per million tokens; 0 when unpriced. */
export function costUsd(price: ModelPrice | undefined, usage: Pick<Usage, 'promptTokens' | 'completionTokens'>): number {
  if (!price) return 0;
  const cost = (usage.promptTokens * price.inputPricePerMillion + usage.completionTokens * price.outputPricePerMillion) / 1_000_000;
  return Math.round(cost * 1e8) / 1e8;
}
