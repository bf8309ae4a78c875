import knexFactory from 'knex';
import type { Db } from '../../db/connection';
import { SecretBox } from '../../lib/crypto';
import { type Logger, createLogger } from '../../lib/logger';
import { type Metrics, createMetrics } from '../../lib/metrics';
import type { SanitizerConfig } from '../../lib/sanitizer-config';
import type { SanitizerEngine } from './engine';
import { createDefaultEngine } from './engine-default';
import { CredentialExposureService } from './credential-exposures';
import { EntityModel } from './entity-model';
import { RedlistService } from './redlist';
import { SanitizerService } from './sanitize';
import { SessionStore } from './sessions';
import { HandoffProcessor } from './handoff';
import { SurrogateKeys } from './surrogate-keys';

/** The sanitizer process's dependencies: its database pool, master key box and services. */
export interface SanitizerContainer {
  config: SanitizerConfig;
  db: Db;
  logger: Logger;
  metrics: Metrics;
  engine: SanitizerEngine;
  sessions: SessionStore;
  exposures: CredentialExposureService;
  redlist: RedlistService;
  service: SanitizerService;
  /** Protected handoff's document processing and restore (services/sanitizer/handoff.ts). */
  handoff: HandoffProcessor;
  /** The entity-model switch (services/sanitizer/entity-model.ts); null when it is off. */
  entityModel: EntityModel | null;
  close(): Promise<void>;
}

export function createSanitizerContainer(
  config: SanitizerConfig,
  overrides: { db?: Db; logger?: Logger; engine?: SanitizerEngine } = {},
): SanitizerContainer {
  // Plain knex, not db/connection's createDb: that binds objection's models to this pool, which an
  // api running in the same process (the test stack) must keep for its own.
  const db = overrides.db ?? knexFactory({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: config.DATABASE_POOL_MAX } });
  const logger = overrides.logger ?? createLogger({ level: config.LOG_LEVEL, name: 'gatehouse-sanitizer' });
  const metrics = createMetrics();
  const engine = overrides.engine ?? createDefaultEngine();
  const sessions = new SessionStore(db, new SecretBox(config.ENCRYPTION_KEY));
  const exposures = new CredentialExposureService(db);
  const redlist = new RedlistService(db);
  const entityModel = EntityModel.fromConfig(config, logger);
  const service = new SanitizerService({ config, engine, sessions, exposures, redlist, logger, entityModel });
  const keys = new SurrogateKeys(config.ENCRYPTION_KEY, config.SHIELD_PREVIOUS_ENCRYPTION_KEYS);
  const handoff = new HandoffProcessor({ config, engine, sanitizer: service, redlist, keys });
  return {
    config,
    db,
    logger,
    metrics,
    engine,
    sessions,
    exposures,
    redlist,
    service,
    handoff,
    entityModel,
    async close() {
      await entityModel?.close();
      if (!overrides.db) await db.destroy();
    },
  };
}
