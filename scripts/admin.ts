import { parseArgs } from 'node:util';
import pino from 'pino';
import { PROVIDER_TYPES, type ProviderType } from '../domain/providers';
import { type Container, createContainer, createInfrastructure } from '../services/container';
import { registerSimulatorProviders } from '../services/providers/simulator-providers';
import { Membership } from '../db/models/membership';
import { API_KEY_KINDS, type ApiKeyKind, EXTERNAL_KEY_SCOPES, GATEWAY_KEY_TYPES, type GatewayKeyType } from '../domain/api-keys';
import { PACKAGES } from '../domain/features';
import { ROLES, type Role } from '../domain/roles';
import { loadConfig } from '../lib/config';
import { isUuid } from '../lib/ids';

/**
 * `npm run --silent admin -- <command> [flags]`: operator commands against DATABASE_URL. Human
 * messages go to stderr; the LAST line of stdout is always one JSON object (the result, or
 * {"error": "..."} with exit code 1), so scripts can read it with `tail -n1`.
 */

export class UsageError extends Error {}

type Flags = Record<string, string | boolean | undefined>;
type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

interface Command {
  usage: string;
  options: OptionSpec;
  run(container: Container, flags: Flags): Promise<Record<string, unknown>>;
}

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;

const PACKAGE_NAMES = Object.keys(PACKAGES);
const KEY_TYPES_TEXT = GATEWAY_KEY_TYPES.join(', ');

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--${name} is required`);
  return value.trim();
}

function optional(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  const upper = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!upper) throw new UsageError(`unknown ${what} "${value}"; allowed: ${allowed.join(', ')}`);
  return upper;
}

function email(flags: Flags, name: string): string {
  const value = required(flags, name);
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new UsageError(`--${name} is not an email address: ${value}`);
  return value;
}

function password(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || !value) throw new UsageError(`--${name} is required`);
  if (value.length < 8) throw new UsageError(`--${name} must be at least 8 characters`);
  return value;
}

function price(flags: Flags, name: string): number | undefined {
  const value = optional(flags, name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} must be a non-negative number (USD per million tokens)`);
  return n;
}

async function companyOf(container: Container, id: string) {
  if (!isUuid(id)) throw new UsageError(`unknown company ${id} (company ids are UUIDs)`);
  const company = await container.services.companies.getCompany(id);
  if (!company) throw new UsageError(`unknown company ${id}`);
  return company;
}

export interface NewCompanyInput {
  name: string;
  adminEmail: string;
  adminPassword: string;
  packageName?: string;
  adminFirstName?: string;
  adminLastName?: string;
  /** Registers the simulator-backed providers of all five types at this URL. */
  simulatorUrl?: string;
  keyName?: string;
}

/**
 * A company with its ACCOUNT_OWNER, a FULL_ACCESS gateway key owned by that admin and, optionally,
 * the simulator providers. Shared by `admin create-company` and the `npm start` demo seed. If a
 * later step fails, the company is deleted again (its memberships, keys and providers cascade),
 * and so is the admin user if this call created it.
 */
export async function createCompanyWithAdmin(container: Container, input: NewCompanyInput) {
  const s = container.services;
  const existingUser = await s.companies.findUserByEmail(input.adminEmail);
  const company = await s.companies.createCompany({ name: input.name, packageName: input.packageName ?? 'enterprise' });
  let createdUserId: string | null = null;
  try {
    const { user } = await s.companies.addUser(company.id, {
      email: input.adminEmail,
      password: input.adminPassword,
      role: 'ACCOUNT_OWNER',
      firstName: input.adminFirstName,
      lastName: input.adminLastName,
    });
    if (!existingUser) createdUserId = user.id;
    const actor = { userId: user.id };
    const providers = input.simulatorUrl ? await registerSimulatorProviders(s.providers, company.id, input.simulatorUrl, actor) : [];
    const { apiKey, key } = await s.apiKeys.create(
      company.id,
      { name: input.keyName ?? 'admin gateway key', kind: 'GATEWAY', type: 'FULL_ACCESS' },
      actor,
    );
    return { company, user, apiKeyId: apiKey.id, apiKey: key, providers };
  } catch (err) {
    await container.db('companies').where({ id: company.id }).delete().catch(() => {});
    if (createdUserId) await container.db('users').where({ id: createdUserId }).delete().catch(() => {});
    throw err;
  }
}

export const COMMANDS: Record<string, Command> = {
  'create-company': {
    usage:
      'create-company --name N --admin-email E --admin-password P [--package enterprise|professional|standard|free]\n' +
      '               [--admin-first-name F] [--admin-last-name L] [--with-simulator] [--simulator-url U]',
    options: {
      name: str,
      'admin-email': str,
      'admin-password': str,
      'admin-first-name': str,
      'admin-last-name': str,
      package: str,
      'with-simulator': bool,
      'simulator-url': str,
    },
    async run(container, flags) {
      const name = required(flags, 'name');
      const adminEmail = email(flags, 'admin-email');
      const adminPassword = password(flags, 'admin-password');
      const packageName = oneOf(optional(flags, 'package') ?? 'enterprise', PACKAGE_NAMES, 'package');
      const explicitSim = optional(flags, 'simulator-url');
      const simulatorUrl = flags['with-simulator'] || explicitSim ? (explicitSim ?? container.config.SIMULATOR_URL) : undefined;
      if (simulatorUrl && !/^https?:\/\//.test(simulatorUrl)) throw new UsageError(`--simulator-url is not an http(s) URL: ${simulatorUrl}`);
      if (await container.services.companies.findUserByEmail(adminEmail)) {
        process.stderr.write(`note: ${adminEmail} already exists; they join the new company with their existing password\n`);
      }
      const created = await createCompanyWithAdmin(container, {
        name,
        adminEmail,
        adminPassword,
        packageName,
        adminFirstName: optional(flags, 'admin-first-name'),
        adminLastName: optional(flags, 'admin-last-name'),
        simulatorUrl,
      });
      process.stderr.write(
        `created company "${name}" (${packageName}) with admin ${adminEmail}` +
          (simulatorUrl ? ` and ${created.providers.length} simulator providers at ${simulatorUrl}` : '') +
          '\nthe API key below is shown only now: only its hash is stored\n',
      );
      return {
        companyId: created.company.id,
        userId: created.user.id,
        apiKey: created.apiKey,
        apiKeyId: created.apiKeyId,
        ...(simulatorUrl ? { providerIds: created.providers.map((p) => p.id) } : {}),
      };
    },
  },

  'create-user': {
    usage: `create-user --company C --email E --password P [--role ${ROLES.join('|')}] [--first-name F] [--last-name L]`,
    options: { company: str, email: str, password: str, role: str, 'first-name': str, 'last-name': str },
    async run(container, flags) {
      const company = await companyOf(container, required(flags, 'company'));
      const userEmail = email(flags, 'email');
      const userPassword = password(flags, 'password');
      const role = oneOf(optional(flags, 'role') ?? 'MEMBER', ROLES, 'role') as Role;
      if (await container.services.companies.findUserByEmail(userEmail)) {
        process.stderr.write(`note: ${userEmail} already exists; they join this company with their existing password\n`);
      }
      const { user } = await container.services.companies.addUser(company.id, {
        email: userEmail,
        password: userPassword,
        role,
        firstName: optional(flags, 'first-name'),
        lastName: optional(flags, 'last-name'),
      });
      process.stderr.write(`added ${userEmail} to "${company.name}" as ${role}\n`);
      return { companyId: company.id, userId: user.id, role };
    },
  },

  'create-api-key': {
    usage:
      `create-api-key --company C --type ${GATEWAY_KEY_TYPES.join('|')} [--name N] [--user U]\n` +
      `create-api-key --company C --kind EXTERNAL --scopes ${EXTERNAL_KEY_SCOPES.join(',')} [--name N] [--user U]\n` +
      'create-api-key --company C --kind SHIELD [--name N] [--user U]',
    options: { company: str, type: str, kind: str, scopes: str, name: str, user: str },
    async run(container, flags) {
      const company = await companyOf(container, required(flags, 'company'));
      const kind = oneOf(optional(flags, 'kind') ?? 'GATEWAY', API_KEY_KINDS, 'key kind') as ApiKeyKind;
      let type: GatewayKeyType | undefined;
      let scopes: string[] | undefined;
      if (kind === 'GATEWAY') {
        const given = optional(flags, 'type');
        if (!given) throw new UsageError(`--type is required for a gateway key; allowed: ${KEY_TYPES_TEXT}`);
        type = oneOf(given, GATEWAY_KEY_TYPES, 'key type');
      } else if (optional(flags, 'type')) {
        throw new UsageError(`--type applies to gateway keys only (this is a ${kind} key)`);
      }
      if (kind === 'EXTERNAL') {
        scopes = required(flags, 'scopes')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const unknown = scopes.filter((s) => !(EXTERNAL_KEY_SCOPES as readonly string[]).includes(s));
        if (unknown.length) throw new UsageError(`unknown scope ${unknown.join(', ')}; allowed: ${EXTERNAL_KEY_SCOPES.join(', ')}`);
        if (!scopes.length) throw new UsageError(`--scopes needs at least one of: ${EXTERNAL_KEY_SCOPES.join(', ')}`);
      } else if (optional(flags, 'scopes')) {
        throw new UsageError('--scopes applies to EXTERNAL keys only');
      }
      let userId: string | null = null;
      const user = optional(flags, 'user');
      if (user) {
        const member = isUuid(user) ? await Membership.query(container.db).findOne({ user_id: user, company_id: company.id }) : undefined;
        if (!member) throw new UsageError(`user ${user} is not a member of company ${company.id}`);
        userId = user;
      }
      const name = optional(flags, 'name') ?? `${type ?? kind} key`;
      const { apiKey, key } = await container.services.apiKeys.create(company.id, { name, kind, type, scopes }, { userId });
      process.stderr.write(`created ${kind}${type ? ` ${type}` : ''} key "${name}" for "${company.name}"; it is shown only now\n`);
      return { companyId: company.id, apiKeyId: apiKey.id, apiKey: key, kind, type: type ?? null, ...(scopes ? { scopes } : {}) };
    },
  },

  'create-provider': {
    usage:
      `create-provider --company C --type ${PROVIDER_TYPES.join('|')} --name N --api-key K --model M [--base-url U]\n` +
      '                [--default] [--country XX] [--region EU] [--input-price n --output-price n]',
    options: {
      company: str,
      type: str,
      name: str,
      'base-url': str,
      'api-key': str,
      model: str,
      default: bool,
      country: str,
      region: str,
      'input-price': str,
      'output-price': str,
    },
    async run(container, flags) {
      const company = await companyOf(container, required(flags, 'company'));
      const type = oneOf(required(flags, 'type'), PROVIDER_TYPES, 'provider type') as ProviderType;
      const name = required(flags, 'name');
      const apiKey = required(flags, 'api-key');
      const model = required(flags, 'model');
      const baseUrl = optional(flags, 'base-url');
      if (baseUrl && !/^https?:\/\//.test(baseUrl)) throw new UsageError(`--base-url is not an http(s) URL: ${baseUrl}`);
      if (type === 'CUSTOM' && !baseUrl) throw new UsageError('--base-url is required for a CUSTOM provider');
      const country = optional(flags, 'country');
      if (country && !/^[A-Za-z]{2}$/.test(country)) throw new UsageError(`--country must be a two-letter ISO code: ${country}`);
      const inputPrice = price(flags, 'input-price');
      const outputPrice = price(flags, 'output-price');
      const provider = await container.services.providers.create(
        company.id,
        {
          type,
          name,
          baseUrl: baseUrl ?? null,
          apiKey,
          defaultModel: model,
          models: [{ name: model, inputPricePerMillion: inputPrice ?? 0, outputPricePerMillion: outputPrice ?? 0 }],
          locationCountry: country?.toUpperCase() ?? null,
          locationNetwork: optional(flags, 'region')?.toUpperCase() ?? null,
          isDefault: flags.default === true,
        },
        { userId: null },
      );
      process.stderr.write(`created ${type} provider "${name}" for "${company.name}"\n`);
      return { companyId: company.id, providerId: provider.id, name: provider.name, type: provider.type };
    },
  },
};

export function usage(): string {
  const lines = ['usage: npm run --silent admin -- <command> [flags]', '', 'commands:'];
  for (const [, command] of Object.entries(COMMANDS)) lines.push(`  ${command.usage.replace(/\n/g, '\n  ')}`);
  lines.push('  help');
  lines.push('');
  lines.push('DATABASE_URL selects the database (default postgres://postgres@127.0.0.1:5432/gatehouse).');
  lines.push('Messages go to stderr; the last line of stdout is one JSON object (or {"error": ...} with exit code 1).');
  return lines.join('\n');
}

/** A message an operator can act on, for errors from PostgreSQL and the services. */
function describeError(err: unknown, databaseUrl: string): string {
  const e = err as { code?: string; message?: string; status?: number };
  if (e?.code === 'ECONNREFUSED' || e?.code === 'ENOTFOUND' || e?.code === '28P01' || e?.code === '3D000') {
    return `cannot connect to the database ${redact(databaseUrl)} (${e.message ?? e.code}); set DATABASE_URL`;
  }
  if (e?.code === '42P01') return 'the database has no Gatehouse tables: run `npm run migrate` first';
  if (err instanceof AggregateError && err.errors.length) return describeError(err.errors[0], databaseUrl);
  return e?.message || String(err);
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function emit(result: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stderr.write(`${usage()}\n`);
    if (!name) {
      emit({ error: 'no command given' });
      return 1;
    }
    emit({ commands: [...Object.keys(COMMANDS), 'help'] });
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    const message = `unknown command "${name}"; commands: ${[...Object.keys(COMMANDS), 'help'].join(', ')}`;
    process.stderr.write(`error: ${message}\n`);
    emit({ error: message });
    return 1;
  }
  let flags: Flags;
  try {
    ({ values: flags } = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }));
  } catch (err) {
    const message = `${(err as Error).message.split('\n')[0]}\nusage: ${command.usage.replace(/\n/g, '\n       ')}`;
    process.stderr.write(`error: ${message}\n`);
    emit({ error: (err as Error).message.split('\n')[0] });
    return 1;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n`);
    emit({ error: (err as Error).message });
    return 1;
  }
  // Service logs go to stderr: stdout carries only the JSON result.
  const logger = pino({ name: 'gatehouse-admin', level: config.LOG_LEVEL }, pino.destination(2));
  const container = createContainer(createInfrastructure({ ...config, DATABASE_POOL_MAX: 2 }, { logger }));
  try {
    const result = await command.run(container, flags);
    emit(result);
    return 0;
  } catch (err) {
    const message = describeError(err, config.DATABASE_URL);
    process.stderr.write(`error: ${message}\n`);
    if (err instanceof UsageError) process.stderr.write(`usage: ${command.usage.replace(/\n/g, '\n       ')}\n`);
    emit({ error: message });
    return 1;
  } finally {
    await container.close().catch(() => {});
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
      emit({ error: err instanceof Error ? err.message : String(err) });
      process.exitCode = 1;
    },
  );
}
