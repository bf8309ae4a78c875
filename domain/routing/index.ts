/** The routing engine's public surface (pure): policy schema, ranking, task fit, evidence. */
export * from './breaker-gate';
export * from './evidence';
export * from './policy';
export * from './rank';
export * from './task-profile';
export * from './types';
