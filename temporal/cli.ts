import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The CLI version Gatehouse is tested with (later tags carry a replace directive and will not `go install`). */
export const TEMPORAL_CLI_VERSION = '1.5.1';
export const REPO_TEMPORAL_BIN = path.resolve(__dirname, 'bin');

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function goBinDir(): Promise<string | null> {
  try {
    const { stdout } = await execFileAsync('go', ['env', 'GOBIN', 'GOPATH']);
    const [gobin, gopath] = stdout.split('\n').map((s) => s.trim());
    if (gobin) return gobin;
    if (gopath) return path.join(gopath.split(path.delimiter)[0]!, 'bin');
  } catch {
    // no Go toolchain
  }
  return null;
}

/**
 * Where the Temporal CLI is, in this order: TEMPORAL_CLI, PATH, temporal/bin of this repository,
 * then Go's bin directory (where an earlier `go install` put it; it survives fresh clones).
 */
export async function findTemporalCli(): Promise<string | null> {
  const explicit = process.env.TEMPORAL_CLI;
  if (explicit && isExecutable(explicit)) return explicit;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, 'temporal'))) return path.join(dir, 'temporal');
  }
  const candidates = [path.join(REPO_TEMPORAL_BIN, 'temporal')];
  const goBin = await goBinDir();
  if (goBin) candidates.push(path.join(goBin, 'temporal'));
  candidates.push(path.join(homedir(), 'go', 'bin', 'temporal'));
  return candidates.find(isExecutable) ?? null;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(line);
    };
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Builds the CLI with the Go toolchain into Go's bin directory (a few minutes the first time). */
export async function buildTemporalCli(log: (line: string) => void): Promise<string> {
  const goBin = await goBinDir();
  if (!goBin) throw new Error('Go is not installed');
  log(`building the Temporal CLI v${TEMPORAL_CLI_VERSION} with go install (first run only; takes a few minutes)`);
  await run(
    'go',
    [
      'install',
      '-ldflags',
      `-X github.com/temporalio/cli/temporalcli.Version=${TEMPORAL_CLI_VERSION}`,
      `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`,
    ],
    { ...process.env, CGO_ENABLED: '0' },
    log,
  );
  const built = path.join(goBin, 'temporal');
  if (!isExecutable(built)) throw new Error(`go install finished but ${built} is missing`);
  return built;
}

/** Downloads the official release archive into temporal/bin (needs internet access). */
export async function downloadTemporalCli(log: (line: string) => void): Promise<string> {
  const platform = process.platform === 'darwin' ? 'darwin' : process.platform === 'win32' ? 'windows' : 'linux';
  const arch = process.arch === 'arm64' ? 'arm64' : 'amd64';
  const url = `https://github.com/temporalio/cli/releases/download/v${TEMPORAL_CLI_VERSION}/temporal_cli_${TEMPORAL_CLI_VERSION}_${platform}_${arch}.tar.gz`;
  log(`downloading ${url}`);
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  if (!response.ok || !response.body) throw new Error(`download failed: HTTP ${response.status}`);
  const archive = path.join(tmpdir(), `temporal-cli-${process.pid}.tar.gz`);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(archive, Buffer.from(await response.arrayBuffer()));
  mkdirSync(REPO_TEMPORAL_BIN, { recursive: true });
  await run('tar', ['-xzf', archive, '-C', REPO_TEMPORAL_BIN, 'temporal'], process.env, log);
  const file = path.join(REPO_TEMPORAL_BIN, 'temporal');
  if (!existsSync(file)) throw new Error('the release archive did not contain the temporal binary');
  return file;
}

/** Finds the CLI, else builds it with Go, else downloads the release. */
export async function ensureTemporalCli(log: (line: string) => void = console.log): Promise<string> {
  const found = await findTemporalCli();
  if (found) return found;
  const errors: string[] = [];
  try {
    return await buildTemporalCli(log);
  } catch (err) {
    errors.push(`go install: ${err instanceof Error ? err.message : err}`);
  }
  try {
    return await downloadTemporalCli(log);
  } catch (err) {
    errors.push(`download: ${err instanceof Error ? err.message : err}`);
  }
  throw new Error(`The Temporal CLI is not installed and could not be obtained:\n  ${errors.join('\n  ')}`);
}
