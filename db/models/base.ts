import { Model, snakeCaseMappers } from 'objection';

/**
 * Models use camelCase properties over snake_case columns. The mapper converts model properties
 * (inserts, patches, results) only: where, orderBy and other query clauses name the column itself,
 * e.g. `.where({ company_id: companyId })`.
 */
export class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }
}
