import type { ApiKeyKind, GatewayKeyType } from './api-keys';
import type { Feature } from './features';
import type { Permission, Role } from './roles';

/** Who is calling: a signed-in user (session) or an API key acting for its company and owner. */
export interface Principal {
  via: 'session' | 'api_key';
  companyId: string;
  /** The session's user, or the key's owner (creator). */
  userId: string | null;
  role: Role | null;
  permissions: ReadonlySet<Permission>;
  features: ReadonlySet<Feature>;
  sessionId?: string;
  apiKey?: {
    id: string;
    kind: ApiKeyKind;
    type: GatewayKeyType | null;
    scopes: string[];
  };
}

export function can(principal: Principal, permission: Permission): boolean {
  return principal.permissions.has(permission);
}
