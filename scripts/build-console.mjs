#!/usr/bin/env node
// Builds the console (console/ -> console/dist, served by the api at /console) when the build is
// missing or older than its sources. Used by `npm start`, `npm test` and `npm run build:console`
// (which always builds). Plain Node: start.mjs and test.mjs run before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'console', 'dist', 'index.html');
// The console bundles domain files (schemas and constants shared with the api: routing, roles, keys,
// webhooks, architect, synthetic, security ...). All of domain/ counts as a source, so a page that
// starts importing another domain file can never be served from a stale build.
const SOURCES = ['console/src', 'console/index.html', 'console/vite.config.mts', 'domain', 'package-lock.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Why the console needs building, or null when console/dist is newer than every source. */
export function consoleBuildReason() {
  if (!existsSync(dist)) return 'console/dist is missing';
  const built = statSync(dist).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(path.join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Builds when needed (or always with force); returns true on success. */
export function ensureConsoleBuilt({ force = false, log = (line) => console.log(`[console] ${line}`) } = {}) {
  const reason = force ? 'build requested' : consoleBuildReason();
  if (!reason) return true;
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) {
    log('vite is not installed (npm ci installs it): the console cannot be built');
    return false;
  }
  log(`${reason}: building the console with vite`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', 'console'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (r.status !== 0) {
    log('building the console failed: see the output above');
    return false;
  }
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(ensureConsoleBuilt({ force: !process.argv.includes('--if-stale') }) ? 0 : 1);
}
