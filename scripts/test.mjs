#!/usr/bin/env node
// `npm test`: type-check (tsc), lint (biome), then every jest project (unit, then integration against
// real PostgreSQL and a real Temporal dev server). The last line printed is "N passed, N failed",
// counting each jest test, plus the type-check and the lint as one check each.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureConsoleBuilt } from './build-console.mjs';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

if (!existsSync(path.join(root, 'node_modules'))) {
  console.log('node_modules missing: running npm ci');
  let ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (ci.status !== 0) ci = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (ci.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

let passed = 0;
let failed = 0;
function check(name, cmd, args) {
  console.log(`\n=== ${name}: ${[path.basename(cmd), ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status === 0) passed++;
  else {
    failed++;
    console.log(`=== ${name} FAILED`);
  }
}

check('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('lint', bin('biome'), ['check', '.']);
check('console type-check', bin('tsc'), ['--noEmit', '-p', 'console/tsconfig.json']);
// The browser tests (test/e2e/console-*.test.ts) need the built console and Debian's Chromium.
if (ensureConsoleBuilt()) passed++;
else failed++;
ensureChromium();

mkdirSync(path.join(root, '.data'), { recursive: true });
const resultsFile = path.join(root, '.data', 'jest-results.json');
const extra = process.argv.slice(2);
console.log('\n=== jest');
spawnSync(bin('jest'), ['--ci', '--json', `--outputFile=${resultsFile}`, '--forceExit', ...extra], { stdio: 'inherit' });
try {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // A suite that failed to run (setup error, syntax error) has no failed tests of its own: count it.
  failed += results.testResults.filter((s) => s.status === 'failed' && s.assertionResults.every((a) => a.status !== 'failed')).length;
} catch (err) {
  console.log(`could not read jest results: ${err.message}`);
  failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
