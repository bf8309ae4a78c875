import type { ArchitectUseCases } from '../../activities/architect';
import type { Db } from '../../db/connection';
import type { AuditService } from '../audit/audit';
import type { GatewayService } from '../gateway/gateway';
import type { ProviderService } from '../providers/providers';
import type { RoutingPolicyService } from '../routing/policies';
import type { WebhookService } from '../webhooks/webhooks';
import { GatewayArchitectModel } from './model-calls';
import { ArchitectProvisioner } from './provisioning';

/** The architect use cases the worker's activities run (activities/architect.ts declares the port). */
export function architectUseCases(deps: {
  db: Db;
  gateway: GatewayService;
  audit: AuditService;
  providers: ProviderService;
  webhooks: WebhookService;
  routingPolicies: RoutingPolicyService;
}): ArchitectUseCases {
  const model = new GatewayArchitectModel({ db: deps.db, gateway: deps.gateway });
  const provisioner = new ArchitectProvisioner(deps);
  return { complete: model.complete, companyIssues: provisioner.companyIssues, provision: provisioner.provision, reject: provisioner.reject };
}
