/**
 * Deterministic workflow ids: the id names the resource, so starting twice finds the running
 * workflow instead of creating a second one, and operators can find it in the Temporal UI.
 */
export const holdWorkflowId = (holdId: string) => `hold:${holdId}`;
/** One webhook delivery (one event to one URL) and its retries. */
export const webhookDeliveryWorkflowId = (deliveryId: string) => `webhook-delivery:${deliveryId}`;
