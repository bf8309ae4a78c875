/** Record shape and kinds of the third-author security set (same format as data/security/authored/). */
export type Lang = 'en' | 'de' | 'mixed';
export type Source = 'prompt' | 'document' | 'tool';
export type AttackType = 'injection' | 'jailbreak' | 'data_extraction';

export type AttackKind =
  | 'override'
  | 'role_hijack'
  | 'prompt_leak'
  | 'secret_leak'
  | 'refusal_suppression'
  | 'exfil'
  | 'indirect'
  | 'jailbreak_roleplay'
  | 'hypothetical'
  | 'payload_split'
  | 'fake_turn';

export const TYPES_OF: Record<AttackKind, AttackType[]> = {
  override: ['injection'],
  role_hijack: ['injection', 'jailbreak'],
  prompt_leak: ['data_extraction'],
  secret_leak: ['data_extraction'],
  refusal_suppression: ['jailbreak'],
  exfil: ['injection', 'data_extraction'],
  indirect: ['injection'],
  jailbreak_roleplay: ['jailbreak'],
  hypothetical: ['jailbreak'],
  payload_split: ['injection', 'jailbreak'],
  fake_turn: ['injection'],
};

export interface Record2 {
  id: string;
  split: 'train';
  family: string;
  lang: Lang;
  source: Source;
  label: 'attack' | 'benign';
  kind: string;
  types: AttackType[];
  carrier?: string;
  spans?: Array<{ start: number; end: number }>;
  text: string;
}
