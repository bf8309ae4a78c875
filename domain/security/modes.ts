/**
 * The gateway's security-check modes (issue 20), apart from the scanner so the routing policy's
 * schema can name them without loading the scanner and its classifier.
 */
export const SECURITY_MODES = ['off', 'monitor', 'block'] as const;
export type SecurityMode = (typeof SECURITY_MODES)[number];
export const isSecurityMode = (v: unknown): v is SecurityMode => typeof v === 'string' && (SECURITY_MODES as readonly string[]).includes(v);
