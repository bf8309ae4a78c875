import path from 'node:path';
import { checkLayering, folderCircles, importsOf, repositoryFiles } from '../../scripts/layering';

const ROOT = path.resolve(__dirname, '../..');

/** A small tree in memory: the check reads paths and sources only. */
function tree(files: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(files));
}

describe('the import check (scripts/layering.ts)', () => {
  it('passes on the repository as it is', () => {
    const { findings } = checkLayering(repositoryFiles(ROOT));
    expect(findings.map((f) => f.message)).toEqual([]);
  });

  it('fails on a deliberately upward import, and names the file and the rule', () => {
    const files = tree({
      'services/gateway/gateway.ts': "import { mountRoutes } from '../../api/routes/define';\nexport const x = mountRoutes;\n",
      'api/routes/define.ts': "import { x } from '../../services/gateway/gateway';\nexport const mountRoutes = () => x;\n",
    });
    const { findings } = checkLayering(files);
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'services/gateway/gateway.ts', rule: 'upward', specifier: '../../api/routes/define' }),
        expect.objectContaining({ rule: 'circle', message: expect.stringContaining('api -> services -> api') }),
      ]),
    );
  });

  it('counts type-only and dynamic imports as dependencies too', () => {
    const files = tree({
      'domain/a.ts': "import type { Db } from '../db/connection';\nexport type A = Db;\n",
      'lib/b.ts': "export async function load() { return import('../services/x'); }\n",
      'activities/c.ts': "const s = require('../services/y');\nexport default s;\n",
    });
    const rules = checkLayering(files).findings.filter((f) => f.rule === 'upward').map((f) => f.file);
    expect(rules.sort()).toEqual(['activities/c.ts', 'domain/a.ts', 'lib/b.ts']);
  });

  it('refuses I/O at run time in workflow code, but lets it import activity types', () => {
    const files = tree({
      'workflows/ok.ts': "import type { Activities } from '../activities';\nimport { holdWorkflowId } from '../temporal/workflow-ids';\nexport type T = Activities;\nexport const id = holdWorkflowId;\n",
      'workflows/bad.ts': "import { createActivities } from '../activities';\nexport const a = createActivities;\n",
    });
    const findings = checkLayering(files).findings;
    expect(findings.map((f) => [f.file, f.rule])).toEqual([['workflows/bad.ts', 'workflow-runtime']]);
  });

  it('refuses I/O packages in domain code and tool folders in the layers', () => {
    const files = tree({
      'domain/pure.ts': "import knex from 'knex';\nimport { isIP } from 'node:net';\nexport const k = [knex, isIP];\n",
      'services/uses-bench.ts': "import { median } from '../bench/support';\nexport const m = median;\n",
      'simulator/server.ts': "import { x } from '../services/y';\nexport const s = x;\n",
    });
    const byRule = checkLayering(files).findings.map((f) => `${f.rule} ${f.file}`);
    expect(byRule.sort()).toEqual(['domain-io domain/pure.ts', 'simulator simulator/server.ts', 'tool services/uses-bench.ts']);
  });

  it('finds imports by parsing, not by matching text in comments or strings', () => {
    const source = [
      "// import { x } from '../api/app';",
      "const s = \"from '../api/app'\";",
      "import {\n  a,\n  type B,\n} from './multi-line';",
      "export * from '../lib/ids';",
      "export type { C } from '../domain/c';",
    ].join('\n');
    expect(importsOf(source, 'x.ts')).toEqual([
      { specifier: './multi-line', typeOnly: false },
      { specifier: '../lib/ids', typeOnly: false },
      { specifier: '../domain/c', typeOnly: true },
    ]);
  });

  it('reports each circle between folders once', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(folderCircles(edges)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
