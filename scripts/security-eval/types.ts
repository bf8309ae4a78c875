/** Shapes shared by the security evaluation-set generator's content files. */

export type Split = 'train' | 'heldout' | 'dev';
export type Lang = 'en' | 'de' | 'mixed';
export type Source = 'prompt' | 'document' | 'tool';
export type CheckType = 'injection' | 'jailbreak' | 'data_extraction' | 'suspicious_words' | 'size_analysis';

export type AttackKind =
  | 'override'
  | 'role_hijack'
  | 'fake_turn'
  | 'indirect'
  | 'persona'
  | 'hypothetical'
  | 'many_shot'
  | 'adversarial_suffix'
  | 'prompt_leak'
  | 'secret_leak'
  | 'exfil_link'
  | 'flooding'
  | 'mixed_language';

/** The check types an attack of each kind is expected to fail (besides obfuscation extras). */
export const KIND_TYPES: Record<AttackKind, CheckType[]> = {
  override: ['injection'],
  role_hijack: ['injection'],
  fake_turn: ['injection'],
  indirect: ['injection'],
  persona: ['jailbreak'],
  hypothetical: ['jailbreak'],
  many_shot: ['jailbreak'],
  adversarial_suffix: ['jailbreak'],
  prompt_leak: ['data_extraction'],
  secret_leak: ['data_extraction'],
  exfil_link: ['data_extraction'],
  flooding: ['size_analysis'],
  mixed_language: ['injection'],
};

export interface AttackFamily {
  id: string;
  kind: AttackKind;
  split: Split;
  lang: Lang;
  grammar: string;
}

/** Goal phrases (imperative, lower case) split so held-out families use goals training never sees. */
export interface GoalPools {
  hijack: { train: string[]; heldout: string[]; dev?: string[] };
  extract: { train: string[]; heldout: string[]; dev?: string[] };
}

export interface BenignFamily {
  id: string;
  kind: string;
  split: Split;
  lang: Lang;
  source: Source;
  /** Either one grammar (expanded per sample) or a function building a sample text. */
  grammar: string | string[];
}

export interface Sample {
  id: string;
  split: Split;
  lang: Lang;
  source: Source;
  label: 'attack' | 'benign';
  kind: string;
  family: string;
  /** Check types an attack is expected to fail; empty for benign samples. */
  types: CheckType[];
  obfuscation?: string;
  /** The document type the text was carried in, if any (training and dev rows only). */
  carrier?: string;
  /** Where the attack text sits in `text` (UTF-16 offsets, end exclusive). */
  spans?: { start: number; end: number }[];
  text: string;
}
