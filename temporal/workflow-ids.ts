/**
 * Deterministic workflow ids: the id names the resource, so starting twice finds the running
 * workflow instead of creating a second one, and operators can find it in the Temporal UI.
 */
export const holdWorkflowId = (holdId: string) => `hold:${holdId}`;

// Batch jobs: the job, one child per split. Derived from the ids so a restart finds them again.
export const batchWorkflowId = (batchId: string) => `batch:${batchId}`;
export const batchSplitWorkflowId = (batchId: string, splitId: string) => `batch:${batchId}:split:${splitId}`;
/** One webhook delivery (one event to one URL) and its retries. */
export const webhookDeliveryWorkflowId = (deliveryId: string) => `webhook-delivery:${deliveryId}`;
/** One circuit breaker per provider (provider ids are unique across companies). */
export const breakerWorkflowId = (providerId: string) => `breaker:${providerId}`;
/** The provider health schedule; one per task queue, so parallel test stacks do not share one. */
export const providerHealthScheduleId = (taskQueue: string) => `provider-health:${taskQueue}`;
/** The batch repair schedule and the workflow id of its runs (one per task queue). */
export const batchRepairScheduleId = (taskQueue: string) => `batch-repair:${taskQueue}`;
export const batchRepairRunWorkflowId = (taskQueue: string) => `batch-repair-run:${taskQueue}`;
/** One protected handoff's retention workflow. */
export const handoffWorkflowId = (handoffId: string) => `handoff:${handoffId}`;
/** The leaver sweep schedule and the workflow id of its runs (one per task queue). */
export const shieldLeaverScheduleId = (taskQueue: string) => `shield-leavers:${taskQueue}`;
export const shieldLeaverRunWorkflowId = (taskQueue: string) => `shield-leavers-run:${taskQueue}`;
/** One test run of a stored prompt version over its test sets. */
export const promptTestWorkflowId = (runId: string) => `prompt-test:${runId}`;
/** One run of an MCP chain tool (its steps in order). */
export const chainWorkflowId = (runId: string) => `chain:${runId}`;
/** The Temporal Schedule of one synthetic schedule, and the id prefix of its runs. */
export const syntheticScheduleId = (scheduleId: string) => `synthetic:${scheduleId}`;
export const syntheticRunWorkflowId = (scheduleId: string) => `synthetic-run:${scheduleId}`;
export const syntheticArchiveWorkflowId = (archiveId: string) => `synthetic-archive:${archiveId}`;
/** A company's automatic synthetic archival: its Temporal Schedule and the workflow id of its runs. */
export const syntheticArchivalScheduleId = (companyId: string) => `synthetic-archival:${companyId}`;
export const syntheticArchivalRunWorkflowId = (companyId: string) => `synthetic-archival-run:${companyId}`;
/** One architect session's state machine (the session's database id). */
export const architectWorkflowId = (sessionDbId: string) => `architect:${sessionDbId}`;
