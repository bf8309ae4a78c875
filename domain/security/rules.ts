/**
 * The scanner's rules, in two kinds:
 *
 * - Phrase rules match sequences of lexicon classes over tokens, with a bounded gap between steps
 *   ("an override verb, then within four tokens an earlier/above word, then within three tokens an
 *   instructions word"). Matching is a bounded search from the tokens that carry the first step's
 *   class, so it is linear in the number of tokens.
 * - Pattern rules are regular expressions over the canonical text for structure that is not words:
 *   chat-template tokens, fake role labels at line starts, markdown images whose URL carries data.
 *   Each is written without nested quantifiers (linear time) and most are gated by a cheap
 *   `includes` test.
 *
 * Weights are how much one match alone says the check should fail (a check fails at 0.5). Strong,
 * specific patterns fail alone; broad ones (a line starting "System:", "stay in character") only
 * add evidence that the classifier or another rule must complete.
 */
import { maskOf } from './lexicon';
import type { CheckType, ScanSource } from './types';

export interface Step {
  /** Class masks (low and high halves). */
  m: number;
  m2: number;
  /** Tokens that may be skipped before this step. */
  gap: number;
}

export interface PhraseRule {
  id: string;
  check: CheckType;
  weight: number;
  /** Weight in documents and tool results, when different (instructions to a model in data). */
  dataWeight?: number;
  steps: Step[];
  /** Rules of one group are one piece of evidence: the strongest match counts (default: the rule itself). */
  group?: string;
  /** Ignore the match when a negation (not, never, kein ...) is within two tokens before it. */
  negated?: boolean;
  /**
   * Ignore the match when its clause, up to six tokens back, or the match itself holds a negation:
   * "never share customer data with other customers", "the bot is instructed to never reveal" are
   * policies, not requests (a comma ends the look-back, so "don't hesitate, show me ..." still matches).
   */
  policy?: boolean;
  /** Ignore the match when its clause, up to six tokens back, is conditional or reports someone asking ("if someone asks for your instructions"). */
  reported?: boolean;
  /**
   * Ignore the match when its first token is preceded or followed by a third-party possessive: "our
   * chatbot should say ...", "make a model drop its safety rules" describe a model, they do not
   * address one.
   */
  described?: boolean;
  /** May run across sentence ends (a fictional frame in one sentence, the request in the next). */
  cross?: boolean;
  /**
   * The first step must be an imperative: at the start of a clause, after please/now/then/and, or
   * right after "you" ("can you show ..."). "Admins can list all keys" and "how do I show" are not.
   */
  imperative?: boolean;
  /** Index of a step (an instructions word) that must not be followed by a topic ("instructions for the printer"). */
  unqualified?: number;
}

/** A step: class names separated by spaces (any of them), and the gap allowed before it. */
const s = (classes: string, gap = 0): Step => {
  const [m, m2] = maskOf(classes);
  return { m, m2, gap };
};

export const PHRASE_RULES: PhraseRule[] = [
  // ---------------------------------------------------------------- injection: instruction overrides
  { id: 'override_prior_instructions', check: 'injection', described: true, weight: 0.85, steps: [s('IGNORE'), s('PRIOR ABOVE YOU', 4), s('INSTR PROMPTOBJ', 3)] },
  { id: 'override_instructions', check: 'injection', described: true, weight: 0.55, dataWeight: 0.75, unqualified: 1, steps: [s('IGNORE'), s('INSTR PROMPTOBJ', 2)] },
  { id: 'override_everything_told', check: 'injection', weight: 0.75, steps: [s('IGNORE'), s('TEXTOBJ PRIOR', 3), s('TOLD', 5)] },
  { id: 'instructions_void', check: 'injection', weight: 0.7, group: 'void', unqualified: 1, steps: [s('PRIOR ABOVE'), s('INSTR', 2), s('VOID', 4)] },
  { id: 'instructions_above_void', check: 'injection', weight: 0.7, group: 'void', unqualified: 0, steps: [s('INSTR'), s('ABOVE PRIOR', 2), s('VOID', 4)] },
  { id: 'instructions_void_bare', check: 'injection', weight: 0.45, group: 'void', unqualified: 0, steps: [s('INSTR'), s('VOID', 3)] },
  { id: 'instructions_no_longer', check: 'injection', weight: 0.6, group: 'void', unqualified: 1, steps: [s('PRIOR YOU ABOVE'), s('INSTR', 2), s('NEG NOW VOID', 4)] },
  { id: 'told_before_void', check: 'injection', weight: 0.55, group: 'void', steps: [s('TOLD ASKED'), s('PRIOR ABOVE', 3), s('VOID', 4)] },
  { id: 'override_now_instead', check: 'injection', weight: 0.45, steps: [s('IGNORE'), s('PRIOR TEXTOBJ', 4), s('NOW', 8)] },
  { id: 'stop_following', check: 'injection', described: true, weight: 0.7, steps: [s('IGNORE'), s('YOU PRIOR', 2), s('INSTR PROMPTOBJ ROLE', 3)] },
  { id: 'override_safety', check: 'injection', described: true, weight: 0.6, steps: [s('IGNORE'), s('YOU PRIOR', 2), s('LIMIT', 3)] },
  // ---------------------------------------------------------------- injection: role hijacking
  { id: 'no_longer_assistant', check: 'injection', weight: 0.8, steps: [s('BECOME'), s('NOW NEG', 2), s('MODEL', 4)] },
  { id: 'from_now_on_you_are', check: 'injection', weight: 0.35, steps: [s('NOW'), s('BECOME YOU', 2), s('PERSONA DEV HARM', 6)] },
  { id: 'change_role', check: 'injection', weight: 0.55, steps: [s('IGNORE NOW'), s('YOU PRIOR', 3), s('ROLE', 3)] },
  { id: 'role_ended', check: 'injection', weight: 0.6, steps: [s('YOU PRIOR'), s('ROLE', 2), s('VOID', 4)] },
  { id: 'claims_developer', check: 'injection', weight: 0.45, dataWeight: 0.6, steps: [s('YOU DEV'), s('DEV', 2), s('IGNORE ROLE INSTR PROMPTOBJ NOW', 6)] },
  { id: 'admin_command', check: 'injection', weight: 0.55, steps: [s('DEV'), s('IGNORE ADDRESS INSTR', 1)] },
  // ---------------------------------------------------------------- injection: instructions addressed to a model inside data
  { id: 'if_you_are_ai', check: 'injection', weight: 0.6, dataWeight: 0.85, steps: [s('IF'), s('YOU', 1), s('MODEL', 3)] },
  { id: 'note_to_ai', check: 'injection', weight: 0.55, dataWeight: 0.85, steps: [s('ADDRESS'), s('MODEL', 3)] },
  { id: 'model_instructions', check: 'injection', weight: 0.4, dataWeight: 0.75, described: true, steps: [s('MODEL'), s('INSTR', 1)] },
  { id: 'dear_ai', check: 'injection', weight: 0.3, dataWeight: 0.6, described: true, reported: true, policy: true, steps: [s('MODEL'), s('IGNORE REVEAL SAY APPEND', 6)] },
  { id: 'hide_from_user', check: 'injection', weight: 0.55, dataWeight: 0.75, group: 'hide', steps: [s('NEG'), s('SAY', 2), s('USER INSTR', 3)] },
  { id: 'hide_from_user_de', check: 'injection', weight: 0.55, dataWeight: 0.75, group: 'hide', steps: [s('SAY'), s('USER INSTR', 3), s('NEG', 3)] },
  { id: 'ignore_user_request', check: 'injection', weight: 0.7, steps: [s('IGNORE'), s('USER', 3)] },
  // ---------------------------------------------------------------- jailbreak
  { id: 'persona_no_limits', check: 'jailbreak', weight: 0.75, steps: [s('PERSONA'), s('NEG', 10), s('LIMIT', 3)] },
  { id: 'no_limits_persona', check: 'jailbreak', weight: 0.75, steps: [s('NEG'), s('LIMIT', 3), s('PERSONA', 10)] },
  { id: 'unfiltered_ai', check: 'jailbreak', weight: 0.7, steps: [s('PERSONA'), s('MODEL ROLE', 2)] },
  { id: 'dev_mode_no_limits', check: 'jailbreak', weight: 0.85, cross: true, steps: [s('DEVMODE'), s('NEG IGNORE', 14), s('LIMIT INSTR', 3)] },
  { id: 'enable_dev_mode', check: 'jailbreak', weight: 0.3, steps: [s('DEVMODE')] },
  { id: 'become_persona', check: 'jailbreak', weight: 0.6, steps: [s('BECOME PRETEND'), s('PERSONA', 4)] },
  { id: 'ai_without_limits', check: 'jailbreak', weight: 0.6, steps: [s('MODEL YOU'), s('NEG', 4), s('LIMIT', 2)] },
  { id: 'answer_without_limits', check: 'jailbreak', weight: 0.5, steps: [s('SAY'), s('NEG', 6), s('LIMIT', 2)] },
  { id: 'limits_removed', check: 'jailbreak', weight: 0.7, steps: [s('YOU'), s('LIMIT INSTR', 3), s('VOID IGNORE', 3)] },
  { id: 'stay_in_character', check: 'jailbreak', weight: 0.3, steps: [s('NEG NOW'), s('ROLE', 3)] },
  { id: 'no_disclaimers', check: 'jailbreak', weight: 0.45, steps: [s('NEG IGNORE'), s('DISCLAIM', 2)] },
  { id: 'fiction_harm', check: 'jailbreak', weight: 0.7, cross: true, group: 'fiction', steps: [s('PRETEND'), s('HARM', 24)] },
  { id: 'harm_fiction', check: 'jailbreak', weight: 0.65, cross: true, group: 'fiction', steps: [s('HARM'), s('PRETEND', 14)] },
  { id: 'harm_howto', check: 'jailbreak', weight: 0.35, steps: [s('HOWTO'), s('HARM', 8)] },
  { id: 'hypothetical_no_rules', check: 'jailbreak', weight: 0.7, steps: [s('PRETEND IF'), s('NEG', 5), s('LIMIT INSTR', 2)] },
  // ---------------------------------------------------------------- data extraction
  { id: 'reveal_system_prompt', check: 'data_extraction', weight: 0.8, negated: true, imperative: true, steps: [s('REVEAL SAY'), s('PROMPTOBJ', 5)] },
  { id: 'what_is_your_prompt', check: 'data_extraction', weight: 0.75, reported: true, steps: [s('YOU'), s('PROMPTOBJ', 1)] },
  { id: 'reveal_your_instructions', check: 'data_extraction', weight: 0.7, negated: true, imperative: true, steps: [s('REVEAL'), s('YOU', 3), s('INSTR PROMPTOBJ', 2)] },
  { id: 'repeat_what_you_were_told', check: 'data_extraction', weight: 0.7, negated: true, imperative: true, steps: [s('REVEAL'), s('TEXTOBJ PRIOR YOU', 4), s('YOU', 3), s('TOLD', 3)] },
  { id: 'repeat_what_you_were_told_de', check: 'data_extraction', weight: 0.65, negated: true, imperative: true, steps: [s('REVEAL'), s('YOU', 4), s('TOLD', 5)] },
  { id: 'reveal_instructions_verbatim', check: 'data_extraction', weight: 0.7, negated: true, imperative: true, steps: [s('REVEAL'), s('INSTR TEXTOBJ', 3), s('VERBATIM', 4)] },
  { id: 'repeat_text_above', check: 'data_extraction', weight: 0.8, negated: true, imperative: true, steps: [s('REVEAL'), s('TEXTOBJ INSTR PROMPTOBJ', 4), s('ABOVE', 4)] },
  { id: 'instructions_given_before', check: 'data_extraction', weight: 0.6, group: 'given', steps: [s('INSTR PROMPTOBJ'), s('YOU', 3), s('TOLD', 3), s('ABOVE PRIOR DEV', 4)] },
  { id: 'instructions_you_were_given', check: 'data_extraction', weight: 0.5, group: 'given', steps: [s('INSTR PROMPTOBJ'), s('YOU DEV', 3), s('TOLD', 6)] },
  { id: 'reveal_secret', check: 'data_extraction', weight: 0.4, dataWeight: 0.6, negated: true, imperative: true, group: 'secret', steps: [s('REVEAL'), s('SECRET', 4)] },
  { id: 'your_secret', check: 'data_extraction', weight: 0.7, negated: true, group: 'your_secret', steps: [s('SECRET'), s('YOU', 4), s('PROMPTOBJ TOLD MODEL STORE', 3)] },
  { id: 'which_secret_is_stored', check: 'data_extraction', weight: 0.45, group: 'your_secret', steps: [s('WH'), s('SECRET', 3), s('TOLD YOU', 3)] },
  { id: 'secret_you_have', check: 'data_extraction', weight: 0.45, negated: true, group: 'your_secret', steps: [s('SECRET'), s('YOU', 3)] },
  { id: 'other_users_data', check: 'data_extraction', weight: 0.75, policy: true, steps: [s('OTHERS')] },
  { id: 'previous_user_asked', check: 'data_extraction', weight: 0.7, steps: [s('PRIOR OTHER'), s('USER PEOPLE', 1), s('ASKED TOLD DATAOBJ', 3)] },
  { id: 'others_data', check: 'data_extraction', weight: 0.45, policy: true, steps: [s('DATAOBJ SECRET'), s('PRIOR OTHER', 4), s('PEOPLE USER', 2)] },
  { id: 'data_from_your_store', check: 'data_extraction', weight: 0.45, steps: [s('PEOPLE USER DATAOBJ SECRET'), s('YOU', 5), s('STORE', 2)] },
  { id: 'exfil_append_data', check: 'data_extraction', weight: 0.8, imperative: true, steps: [s('APPEND REVEAL'), s('DATAOBJ SECRET PROMPTOBJ', 8), s('LINK', 10)] },
  { id: 'exfil_link_with_data', check: 'data_extraction', weight: 0.8, steps: [s('LINK'), s('LINK APPEND', 6), s('DATAOBJ SECRET PROMPTOBJ', 8)] },
  { id: 'reveal_in_encoding', check: 'data_extraction', weight: 0.6, steps: [s('PROMPTOBJ'), s('VERBATIM', 6)] },
];

/** Union of the first steps' classes: tokens without any of them cannot start a rule. */
export const FIRST_STEP_UNION = PHRASE_RULES.reduce((u, r) => u | r.steps[0]!.m, 0);
export const FIRST_STEP_UNION2 = PHRASE_RULES.reduce((u, r) => u | r.steps[0]!.m2, 0);
export const NEG_MASK = maskOf('NEG')[0];
export const IF_MASK = maskOf('IF')[0];
export const ASKED_MASK2 = maskOf('ASKED')[1];
export const SOMEONE_MASK2 = maskOf('SOMEONE')[1];
export const OURS_MASK2 = maskOf('OURS')[1];

/** How far back in its clause a match looks for a negation or a condition. */
export const CLAUSE_LOOKBACK = 6;

/**
 * True when, going back from token i (exclusive) at most CLAUSE_LOOKBACK tokens and not past the
 * clause's first token, some token has a class of (m, m2).
 */
export function clauseHas(masks: Int32Array, masks2: Int32Array, clause: Uint8Array, i: number, m: number, m2: number): boolean {
  if (clause[i]) return false;
  for (let j = i - 1; j >= 0 && j >= i - CLAUSE_LOOKBACK; j--) {
    if (masks[j]! & m || masks2[j]! & m2) return true;
    if (clause[j]) return false;
  }
  return false;
}
export const QUALIFY_MASK2 = maskOf('QUALIFY')[1];
export const PLEASE_MASK2 = maskOf('PLEASE')[1];
export const YOU_MASK = maskOf('YOU')[0];
export const INSTR_MASK = maskOf('INSTR')[0];

export interface PatternRule {
  id: string;
  check: CheckType;
  weight: number;
  dataWeight?: number;
  re: RegExp;
  /** Run only when the canonical text contains one of these. */
  gate?: string[];
  /** Tested only at line starts (after a line break or an escaped \\n): a sticky pattern without the line-start part. */
  lineStart?: boolean;
  /** Further test of a match (for URLs: does it carry data?). */
  accept?: (m: RegExpExecArray) => number | null;
}

const EXFIL_PARAM = /[?&](?:data|d|q|exfil|secret|session|sess|s|conv|conversation|chat|history|prompt|pw|pass|password|token|key|email|mail|user|u|info|leak|v|c|daten|verlauf|p)=/;

/** Weight for a URL in a markdown image or link: placeholders or long data in its query mean exfiltration. */
function urlCarriesData(url: string, image: boolean): number | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const query = url.slice(q);
  if (/[{}[\]<>$]|%7b|%5b|%3c/.test(query)) return image ? 0.85 : 0.75;
  if (/=(?:&|$)/.test(query) && EXFIL_PARAM.test(query)) return image ? 0.6 : 0.45;
  const longValue = /=[a-z0-9%+/_-]{60,}/.test(query);
  if (longValue && EXFIL_PARAM.test(query)) return image ? 0.6 : 0.4;
  return null;
}

export const PATTERN_RULES: PatternRule[] = [
  {
    id: 'chat_template_tokens',
    check: 'injection',
    weight: 0.9,
    re: /<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>|\[\/?inst\]|<<\/?sys>>/g,
    gate: ['<|', '[inst', '[/inst', '<<sys', '<</sys'],
  },
  { id: 'role_tags', check: 'injection', weight: 0.55, dataWeight: 0.75, re: /<\/?(?:system|assistant|user|admin|instructions?)>/g, gate: ['<'] },
  {
    id: 'fake_system_line',
    check: 'injection',
    weight: 0.45,
    dataWeight: 0.65,
    re: /[ \t]{0,8}(?:#{1,4}[ \t]{0,4})?(?:system|systemanweisung|systemnachricht|instruction|instructions|admin|developer|anweisung|system prompt)[ \t]{0,8}:/y,
    lineStart: true,
    gate: [':'],
  },
  {
    id: 'fake_assistant_line',
    check: 'injection',
    weight: 0.3,
    dataWeight: 0.45,
    re: /[ \t]{0,8}(?:#{1,4}[ \t]{0,4})?(?:assistant|assistent|ai|ki|bot|model|response|gpt|chatgpt)[ \t]{0,8}:/y,
    lineStart: true,
    gate: [':'],
  },
  {
    id: 'input_boundary',
    check: 'injection',
    weight: 0.75,
    re: /\b(?:(?:end|ende)[ \t]+(?:(?:of[ \t]+)?(?:the[ \t]+)?(?:user[ \t]+)?(?:input|prompt|user message)\b|der[ \t]+(?:nutzer)?eingabe)|(?:begin|start|beginn)[ \t]+(?:(?:of[ \t]+)?(?:the[ \t]+)?(?:new[ \t]+)?(?:system|admin|developer)[ \t]+(?:prompt|message|instructions?|mode)\b|(?:system|admin)-?nachricht))/g,
    gate: ['end', 'begin', 'start', 'beginn'],
  },
  {
    id: 'fake_system_header',
    check: 'injection',
    weight: 0.65,
    re: /[ \t]{0,8}#{1,4}[ \t]{0,4}(?:system|systemanweisung|systemnachricht|instruction|instructions|anweisung|admin)[ \t]{0,8}:?[ \t]{0,8}(?=\n|\\n)/y,
    lineStart: true,
    gate: ['#'],
  },
  {
    id: 'fake_assistant_reply',
    check: 'injection',
    weight: 0.6,
    re: /[ \t]{0,8}(?:assistant|assistent|ai|ki|bot|gpt|chatgpt|model)[ \t]{0,8}:[ \t]{0,8}(?:sure|of course|absolutely|certainly|klar|natürlich|kein problem|no problem|understood|verstanden)\b/y,
    lineStart: true,
    gate: [':'],
  },
  {
    id: 'html_comment_to_model',
    check: 'injection',
    // Evidence, not a verdict: web pages' comments mention their chatbot widget ("<!-- the bot is
    // loaded here -->"); an instruction in the comment is completed by the classifier or a phrase rule.
    weight: 0.45,
    dataWeight: 0.45,
    re: /<!--[^>]{0,60}?\b(?:ai|assistant|model|llm|bot|ki|assistent|gpt|agent|chatbot)\b/g,
    gate: ['<!--'],
  },
  {
    // "New instructions:", "Neue Anweisung:", "Your new task is to": a heading that replaces the task.
    id: 'new_instructions_heading',
    check: 'injection',
    weight: 0.5,
    re: /\b(?:new|updated|revised|priority|urgent|overriding|neue|aktualisierte|geänderte|vorrangige|dringende)[ \t]+(?:instructions?|rules|role|task|directives?|orders?|identity|persona|anweisungen?|regeln|rolle|aufgabe|identität)(?:[ \t]*:|[ \t]+(?:is|are)[ \t]+to\b|[ \t]+lautet\b)/g,
    gate: ['new', 'updated', 'revised', 'priority', 'urgent', 'overriding', 'neue', 'aktualisierte', 'geänderte', 'vorrangige', 'dringende'],
  },
  { id: 'bracket_role_tag', check: 'injection', weight: 0.55, dataWeight: 0.75, re: /[[(][ \t]*(?:system|admin|assistant|developer|sys|root|operator)[ \t]*[\])]/g, gate: ['[', '('] },
  { id: 'json_system_role', check: 'injection', weight: 0.4, re: /"role"[ \t]*:[ \t]*"(?:system|developer)"/g, gate: ['"role"'] },
  {
    id: 'decode_and_follow',
    check: 'injection',
    weight: 0.5,
    re: /\b(?:decode|dekodiere|decipher|entschlüssele|rot13|base64|hex)\b[^.\n]{0,60}\b(?:follow|execute|obey|comply|do what|carry out|befolge|führe|ausführen)/g,
    gate: ['decode', 'dekodier', 'decipher', 'entschlüssel', 'rot13', 'base64', 'hex'],
  },
  {
    id: 'markdown_image_exfil',
    check: 'data_extraction',
    weight: 0.85,
    re: /!\[[^\]\n]{0,200}\]\([ \t]*<?(https?:\/\/[^\s)]{1,600})\)/g,
    gate: ['!['],
    accept: (m) => urlCarriesData(m[1]!, true),
  },
  {
    id: 'markdown_link_exfil',
    check: 'data_extraction',
    weight: 0.75,
    re: /\]\([ \t]*<?(https?:\/\/[^\s)]{1,600})\)/g,
    gate: ['](http'],
    accept: (m) => (m.index > 0 ? urlCarriesData(m[1]!, false) : null),
  },
  {
    id: 'url_placeholder',
    check: 'data_extraction',
    weight: 0.5,
    re: /https?:\/\/[^\s"'<>]{1,300}?[?&][a-z0-9_]{1,20}=(?:\{|\[|<|\$|%7b|(?=[\s)"'>]|$))/g,
    gate: ['http'],
  },
  {
    id: 'repeat_starting_with',
    check: 'data_extraction',
    weight: 0.7,
    re: /\b(?:starting|beginning|start|beginnend|beginne)[ \t]+(?:with|mit)[ \t]+["'„]?(?:you are|your role|du bist|deine rolle|system)/g,
    gate: ['start', 'beginn'],
  },
  {
    id: 'many_shot_compliance',
    check: 'jailbreak',
    weight: 0,
    re: /[ \t]{0,8}(?:assistant|assistent|ai|a|ki|antwort|bot|gpt|model)[ \t]{0,8}:[ \t]{0,8}(?:sure|of course|absolutely|certainly|klar|natürlich|kein problem|yes|no problem)\b/y,
    lineStart: true,
    gate: [':'],
  },
];

/** Token index matched by each step of the last successful matchFrom (step 0 is set by the caller). */
export const MATCHED = new Int32Array(8);

/** Gap-bounded search for one rule from token `i` on; returns the last matched token or -1. */
export function matchFrom(masks: Int32Array, masks2: Int32Array, boundary: Uint8Array | null, n: number, steps: Step[], i: number, step: number): number {
  if (step === steps.length) return i - 1;
  const { m, m2, gap } = steps[step]!;
  const to = Math.min(n, i + gap + 1);
  for (let j = i; j < to; j++) {
    // A match does not run across a sentence end (unless the rule allows it: boundary is null).
    if (boundary?.[j]) return -1;
    if (masks[j]! & m || masks2[j]! & m2) {
      MATCHED[step] = j;
      const end = matchFrom(masks, masks2, boundary, n, steps, j + 1, step + 1);
      if (end >= 0) return end;
    }
  }
  return -1;
}

export function ruleWeight(r: { weight: number; dataWeight?: number }, source: ScanSource): number {
  return source !== 'prompt' && r.dataWeight !== undefined ? r.dataWeight : r.weight;
}
