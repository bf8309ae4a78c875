/** The attack pieces per language, in one shape for the generator. */
import { hypotheticalDe, injectedDe, jailbreakPartsDe, shortAttacksDe, splitDe, taskTextsDe, taskWrappersDe } from './attacks-de';
import { hypotheticalEn, injectedEn, jailbreakPartsEn, shortAttacksEn, splitEn, taskTextsEn, taskWrappersEn } from './attacks-en';

export const attacksEnParts = {
  short: shortAttacksEn,
  injected: injectedEn,
  tasks: taskWrappersEn,
  taskTexts: taskTextsEn,
  jailbreak: jailbreakPartsEn,
  hypothetical: hypotheticalEn,
  split: splitEn,
};

export const attacksDeParts = {
  short: shortAttacksDe,
  injected: injectedDe,
  tasks: taskWrappersDe,
  taskTexts: taskTextsDe,
  jailbreak: jailbreakPartsDe,
  hypothetical: hypotheticalDe,
  split: splitDe,
};
