// The worker's workflow bundle entry: every workflow type is exported from here.
export { executionHoldWorkflow } from './holds';
export { sanitizerCleanupWorkflow } from './sanitizer-cleanup';
