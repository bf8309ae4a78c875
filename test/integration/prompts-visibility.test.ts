import type { Role } from '../../domain/roles';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * The visibility matrix (spec document 2, rules 1-4) over list, get, execute and test sets: each of
 * the four rules, a gateway key per owner, each external-key scope, a deactivated team membership,
 * a deactivated company membership, and another company (404 everywhere).
 */
let stack: Stack;
let company: TestCompany;
let other: TestCompany;
type Body = Record<string, any>;

interface Viewer {
  name: string;
  session?: string;
  key?: string;
}

const users: Record<string, { userId: string; session: string; key: string }> = {};
let admin: Viewer;
const prompts: Record<string, Body> = {};
let teamId: string;
let extAll: string;
let extOwn: string;
let extCreateOnly: string;

async function member(name: string, role: Role = 'MEMBER') {
  const u = await stack.addUser(company.companyId, role);
  const session = await stack.login(u.email, u.password);
  const { key } = await stack.container.services.apiKeys.create(company.companyId, { name: `${name} key`, kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: u.userId });
  users[name] = { userId: u.userId, session, key };
}

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany();
  other = await stack.createCompany();
  admin = { name: 'admin', session: await stack.login(company.adminEmail, company.adminPassword), key: company.gatewayKey };
  for (const name of ['owner', 'direct', 'teamMember', 'teamDeactivated', 'loner', 'leaver']) await member(name);

  const team = await stack.http<Body>('POST', '/api/v1/teams', {
    token: admin.session,
    body: { name: 'Writers', memberUserIds: [users.teamMember!.userId, users.teamDeactivated!.userId] },
  });
  expect(team.status).toBe(201);
  teamId = team.body.team.id;
  const off = await stack.http<Body>('POST', `/api/v1/teams/${teamId}/members`, { token: admin.session, body: { userId: users.teamDeactivated!.userId, isActive: false } });
  expect(off.body.team.members.find((m: Body) => m.userId === users.teamDeactivated!.userId).isActive).toBe(false);

  const create = async (label: string, body: Body, token = users.owner!.session) => {
    const res = await stack.http<Body>('POST', '/api/v1/prompts', { token, body: { name: label, userPrompt: `${label}: answer {{q}}`, ...body } });
    expect(res.status).toBe(201);
    prompts[label] = res.body.prompt;
  };
  await create('private', { visibility: 'PRIVATE' });
  await create('public', { visibility: 'PUBLIC' });
  await create('sharedAll', { visibility: 'SHARED' });
  await create('sharedDirect', { visibility: 'SHARED', sharedWithUserIds: [users.direct!.userId] });
  await create('sharedTeam', { visibility: 'SHARED', sharedWithTeamIds: [teamId] });

  const ext = (scopes: string[]) => stack.container.services.apiKeys.create(company.companyId, { name: scopes.join('+'), kind: 'EXTERNAL', scopes }, { userId: company.adminUserId });
  extAll = (await ext(['read:prompts'])).key;
  extOwn = (await ext(['create:prompts', 'read:own-prompts'])).key;
  extCreateOnly = (await ext(['create:prompts'])).key;
  await create('byExternalKey', { visibility: 'PRIVATE' }, extOwn);

  // Every prompt has a test set, so the test-set routes have something to show or hide.
  for (const p of Object.values(prompts)) {
    expect((await stack.http('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { token: admin.session, body: { name: 'ts', values: { q: 'x' } } })).status).toBe(201);
  }
});

afterAll(async () => {
  await stack?.stop();
});

const ALL = ['private', 'public', 'sharedAll', 'sharedDirect', 'sharedTeam', 'byExternalKey'];
const expected: Record<string, string[]> = {
  // Rule 1: own prompts (all five), PUBLIC, SHARED without a list, shared with the user or an active team.
  owner: ['private', 'public', 'sharedAll', 'sharedDirect', 'sharedTeam'],
  direct: ['public', 'sharedAll', 'sharedDirect'],
  teamMember: ['public', 'sharedAll', 'sharedTeam'],
  teamDeactivated: ['public', 'sharedAll'],
  loner: ['public', 'sharedAll'],
  // Account owners and admins see every prompt of their company.
  admin: ALL,
};

async function listed(token: string): Promise<string[]> {
  const res = await stack.http<Body>('GET', '/api/v1/prompts?limit=100', { token });
  expect(res.status).toBe(200);
  return Object.keys(prompts).filter((label) => res.body.prompts.some((p: Body) => p.promptId === prompts[label]!.promptId));
}

describe.each(Object.keys(expected))('%s', (who) => {
  const tokens = () => {
    const v = who === 'admin' ? admin : { name: who, ...users[who]! };
    return [
      ['session', v.session!],
      ['gateway key', v.key!],
    ] as const;
  };

  it('list, get, execute and test sets agree with the rules, for the session and the owner’s gateway key', async () => {
    for (const [, token] of tokens()) {
      expect((await listed(token)).sort()).toEqual([...expected[who]!].sort());
      for (const label of ALL) {
        const visible = expected[who]!.includes(label);
        const p = prompts[label]!;
        const get = await stack.http<Body>('GET', `/api/v1/prompts/${p.promptId}`, { token });
        expect({ label, status: get.status }).toEqual({ label, status: visible ? 200 : 404 });
        if (!visible) expect(get.body.code).toBe('PROMPT_NOT_FOUND');
        const sets = await stack.http<Body>('GET', `/api/v1/prompts/${p.promptId}/test-sets`, { token });
        expect({ label, status: sets.status }).toEqual({ label, status: visible ? 200 : 404 });
        const exec = await stack.http<Body>('POST', '/api/gateway/execute', { token, body: { metadata: { promptId: p.id }, variables: { q: 'why' } } });
        expect({ label, status: exec.status }).toEqual({ label, status: visible ? 200 : 404 });
        if (visible) expect(exec.body.result.content).toContain(`${label}: answer why`);
      }
    }
  });
});

describe('external keys (rule 3)', () => {
  it('read:prompts lists every company prompt; read:own-prompts only what the key created; create:prompts alone may not list', async () => {
    expect((await listed(extAll)).sort()).toEqual([...ALL].sort());
    expect(await listed(extOwn)).toEqual(['byExternalKey']);
    const refused = await stack.http<Body>('GET', '/api/v1/prompts', { token: extCreateOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MISSING_SCOPE');
    expect((await stack.http('POST', '/api/v1/prompts', { token: extAll, body: { name: 'nope', userPrompt: 'nope' } })).status).toBe(403);
  });

  it('get, test sets and execute are for sessions and gateway keys only (spec authentication table)', async () => {
    const p = prompts.public!;
    for (const path of [`/api/v1/prompts/${p.promptId}`, `/api/v1/prompts/${p.promptId}/test-sets`]) {
      expect((await stack.http('GET', path, { token: extAll })).status).toBe(401);
    }
    expect((await stack.http('POST', '/api/gateway/execute', { token: extAll, body: { metadata: { promptId: p.promptId } } })).status).toBe(401);
  });
});

describe('gateway key types (spec authentication table)', () => {
  it('FULL_ACCESS and OPENAI_COMPAT may create and list; EXECUTE_ONLY and READ_ONLY may not', async () => {
    for (const type of ['FULL_ACCESS', 'OPENAI_COMPAT'] as const) {
      const key = await stack.createKey(company, type);
      expect((await stack.http('GET', '/api/v1/prompts', { token: key })).status).toBe(200);
      expect((await stack.http('POST', '/api/v1/prompts', { token: key, body: { name: `by ${type}`, userPrompt: `made by ${type}` } })).status).toBe(201);
    }
    for (const type of ['EXECUTE_ONLY', 'READ_ONLY'] as const) {
      const key = await stack.createKey(company, type);
      expect((await stack.http('GET', '/api/v1/prompts', { token: key })).status).toBe(403);
      expect((await stack.http('POST', '/api/v1/prompts', { token: key, body: { name: `by ${type}`, userPrompt: `made by ${type}` } })).status).toBe(403);
    }
  });
});

describe('rule 4: the role in the owning company, and deactivated memberships', () => {
  it("another company's admin gets 404 on list, get, execute and test sets", async () => {
    const otherSession = await stack.login(other.adminEmail, other.adminPassword);
    for (const token of [otherSession, other.gatewayKey]) {
      expect(await listed(token)).toEqual([]);
      for (const label of ALL) {
        const p = prompts[label]!;
        expect((await stack.http('GET', `/api/v1/prompts/${p.promptId}`, { token })).status).toBe(404);
        expect((await stack.http('GET', `/api/v1/prompts/${p.promptId}/test-sets`, { token })).status).toBe(404);
        const values = await stack.http<Body>('GET', `/api/v1/prompts/${p.promptId}/test-sets/00000000-0000-4000-8000-000000000000/values`, { token });
        expect(values.body.code).toBe('PROMPT_NOT_FOUND');
        expect((await stack.http('POST', '/api/gateway/execute', { token, body: { metadata: { promptId: p.promptId } } })).status).toBe(404);
      }
    }
  });

  it('a deactivated company membership grants nothing, not even the public prompts; reactivation restores it', async () => {
    const leaver = users.leaver!;
    expect((await listed(leaver.session)).sort()).toEqual(['public', 'sharedAll']);
    const off = await stack.http<Body>('PATCH', `/api/v1/users/${leaver.userId}`, { token: admin.session, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.membership.isActive).toBe(false);
    for (const token of [leaver.session, leaver.key]) {
      expect((await stack.http('GET', '/api/v1/prompts', { token })).status).toBe(401);
      expect((await stack.http('GET', `/api/v1/prompts/${prompts.public!.promptId}`, { token })).status).toBe(401);
      expect((await stack.http('POST', '/api/gateway/execute', { token, body: { metadata: { promptId: prompts.public!.promptId } } })).status).toBe(401);
    }
    const on = await stack.http<Body>('PATCH', `/api/v1/users/${leaver.userId}`, { token: admin.session, body: { isActive: true } });
    expect(on.body.membership.isActive).toBe(true);
    expect((await listed(leaver.key)).sort()).toEqual(['public', 'sharedAll']);
  });
});

describe('editing', () => {
  it('someone who can see a prompt but does not own it may not change it (403); the owner and admins may', async () => {
    const p = prompts.sharedAll!;
    const denied = await stack.http<Body>('PUT', `/api/v1/prompts/${p.promptId}`, { token: users.loner!.session, body: { description: 'mine now' } });
    expect(denied.status).toBe(403);
    expect((await stack.http('PUT', `/api/v1/prompts/${p.promptId}`, { token: users.owner!.session, body: { description: 'owner edit' } })).status).toBe(200);
    expect((await stack.http('PUT', `/api/v1/prompts/${p.promptId}`, { token: admin.session, body: { description: 'admin edit' } })).status).toBe(200);
    // Anyone who can open it may add a test set (spec: test-set routes answer people who can open the prompt).
    expect((await stack.http('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { token: users.loner!.session, body: { name: 'loner set' } })).status).toBe(201);
  });
});
