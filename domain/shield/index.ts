/** Protected handoff (spec document 2): codes, the handoff file and verdict, restore, rules. */
export * from './codes';
export * from './handoff-file';
export * from './policy';
export * from './restore';
