// The browser tests drive Debian's Chromium with playwright-core (playwright's own browser download
// is not used). Installed here when missing and apt-get can run (as root); otherwise the reason is
// printed and the console tests skip, except under CI, where they fail instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium({ log = (line) => console.log(`[chromium] ${line}`) } = {}) {
  if (existsSync(CHROMIUM_PATH)) return true;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!hasApt || !isRoot) {
    log(
      `${CHROMIUM_PATH} is missing and cannot be installed here (${hasApt ? 'not root' : 'no apt-get'}): ` +
        'install Chromium (Debian: apt-get install -y chromium) or set CHROMIUM_PATH; the console browser tests need it',
    );
    return false;
  }
  log(`${CHROMIUM_PATH} is missing: apt-get install -y chromium (once, about a minute)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (r.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    log('installing Chromium failed: see the apt-get output above');
    return false;
  }
  return true;
}
