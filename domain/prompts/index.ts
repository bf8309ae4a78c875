// Stored prompts, pure: ids, templates and references, content hashes, visibility, expectations, injection.
export * from './content';
export * from './expectations';
export * from './ids';
export * from './injection';
export * from './template';
export * from './visibility';
