import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';

/**
 * External task-fit evidence: model families (static tier quality) and public benchmark rows per
 * family and capability dimension, loaded from the versioned data file
 * data/benchmarks/model-capabilities-v1.json. A later data version is a new file and a new
 * migration; rows keep their dataset version so both can be told apart.
 */
const DATASET = 'model-capabilities-v1';

interface DataFile {
  version: string;
  families: Array<{ family: string; match: string[]; tier: string; tierQuality: number }>;
  rows: Array<{ family: string; model: string; dimension: string; benchmark: string; score: number; source: string; asOf: string }>;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('model_families', (t) => {
    t.text('family').primary();
    t.specificType('match_prefixes', 'text[]').notNullable();
    t.text('tier').notNullable();
    t.decimal('tier_quality', 5, 2).notNullable();
    t.text('dataset_version').notNullable();
  });
  await knex.schema.createTable('model_benchmarks', (t) => {
    t.bigIncrements('id');
    t.text('dataset_version').notNullable();
    t.text('family').notNullable().references('model_families.family').onDelete('CASCADE');
    t.text('model').notNullable();
    t.text('dimension').notNullable();
    t.text('benchmark').notNullable();
    t.decimal('score', 5, 2).notNullable();
    t.text('source').notNullable();
    t.date('as_of').notNullable();
    t.unique(['dataset_version', 'family', 'dimension', 'benchmark']);
  });
  const file = path.join(__dirname, '..', '..', 'data', 'benchmarks', `${DATASET}.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as DataFile;
  if (data.version !== DATASET) throw new Error(`${file} is ${data.version}, expected ${DATASET}`);
  await knex('model_families').insert(
    data.families.map((f) => ({ family: f.family, match_prefixes: f.match, tier: f.tier, tier_quality: f.tierQuality, dataset_version: DATASET })),
  );
  await knex('model_benchmarks').insert(
    data.rows.map((r) => ({
      dataset_version: DATASET,
      family: r.family,
      model: r.model,
      dimension: r.dimension,
      benchmark: r.benchmark,
      score: r.score,
      source: r.source,
      as_of: r.asOf,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('model_benchmarks');
  await knex.schema.dropTableIfExists('model_families');
}
