#!/usr/bin/env node
// `npm start`: installs dependencies when needed, then hands over to scripts/dev-stack.ts (Temporal,
// PostgreSQL, migrations, simulator, api, worker, demo company). Plain Node with no dependencies:
// on a fresh clone node_modules does not exist yet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureConsoleBuilt } from './build-console.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const say = (line) => console.log(`[start] ${line}`);

function needsInstall() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(path.join(root, 'node_modules')) || !existsSync(installed)) return 'node_modules is missing';
  if (existsSync('package-lock.json') && statSync('package-lock.json').mtimeMs > statSync(installed).mtimeMs) {
    return 'package-lock.json changed since the last install';
  }
  return null;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reason = needsInstall();
if (reason) {
  say(`${reason}: running npm ci`);
  // stderr is held back so that a refused lock file does not print a page of "Missing: ..." lines.
  const ci = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { stdio: ['inherit', 'inherit', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ciErr = ci.stderr?.toString() ?? '';
  const lockRefused = ci.status !== 0 && /EUSAGE|in sync/.test(ciErr);
  if (!lockRefused) process.stderr.write(ciErr);
  if (ci.status !== 0) {
    // `npm ci` refuses a lock file that lacks entries (e.g. other platforms' optional packages
    // when it was written against a registry mirror that does not carry them). `npm install
    // --no-save` installs the same versions without touching package.json or the lock file.
    if (lockRefused) {
      const missing = (ciErr.match(/Missing: /g) ?? []).length;
      say(`npm ci refused package-lock.json: it is not in sync with package.json${missing ? ` (${missing} entries missing)` : ''}`);
    }
    say('trying npm install --no-save instead (package.json and package-lock.json stay as they are)');
    const install = spawnSync(npm, ['install', '--no-save', '--no-audit', '--no-fund'], { stdio: 'inherit' });
    if (install.status !== 0) {
      say('installing dependencies failed: see the npm output above');
      process.exit(install.status ?? 1);
    }
  }
}

// The console (served by the api at /console) is built when missing or stale; without it the api
// still runs and /console says how to build it.
if (!ensureConsoleBuilt()) say('the console could not be built: the api runs without it (npm run build:console to retry)');

// The stack runs in a process group of its own, so a Ctrl-C in the terminal reaches only this
// process, which forwards it once: the stack then stops its parts in order (api first, so it can
// flush, the database last) instead of every process receiving SIGINT at the same moment.
const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'dev-stack.ts'), ...process.argv.slice(2)], {
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: process.platform !== 'win32',
});

// npm forwards the terminal's SIGINT to us as well, so one Ctrl-C can arrive twice within a few
// milliseconds: count presses, not deliveries.
let lastForward = 0;
function forward(signal, sendAs = signal) {
  const now = Date.now();
  if (now - lastForward < 750) return;
  lastForward = now;
  if (child.exitCode === null && child.signalCode === null) child.kill(sendAs);
}
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGTERM', () => forward('SIGTERM'));
process.on('SIGHUP', () => forward('SIGHUP', 'SIGTERM'));

child.on('error', (err) => {
  say(`could not start the stack: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) process.exit(128 + ({ SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 1));
  process.exit(code ?? 1);
});
