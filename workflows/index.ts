// The worker's workflow bundle entry: every workflow type is exported from here.
export { executionHoldWorkflow } from './holds';
export { batchSplitWorkflow, batchWorkflow } from './batch';
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { providerBreakerWorkflow } from './breakers';
export { providerHealthWorkflow } from './provider-health';
export { sanitizerCleanupWorkflow } from './sanitizer-cleanup';
export { dataRetentionWorkflow } from './data-retention';
export { batchRepairWorkflow } from './batch-repair';
export { handoffRetentionWorkflow, shieldLeaverSweepWorkflow } from './shield-handoff';
export { promptTestWorkflow } from './prompt-test';
export { chainWorkflow } from './chain';
export { syntheticRunWorkflow } from './synthetic';
export { syntheticArchiveWorkflow, syntheticScheduledArchiveWorkflow } from './synthetic-archival';
export { architectSessionWorkflow } from './architect';
