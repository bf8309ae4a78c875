// Two projects: unit (pure domain code, fast) and integration (real PostgreSQL, real Temporal,
// the provider simulator). Integration files share one Temporal dev server and one fresh database
// prepared by test/setup/global-setup.ts.
const transform = { '^.+\\.(t|m?j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] };
// Packages jest's module sandbox (on Node 20) cannot load as published: ESM-only ones (@scure,
// @noble, otplib) and ones using import('http') from CommonJS (OpenTelemetry's OTLP exporter).
// They are compiled to CommonJS like our own code.
const compiledPackages = ['@scure', '@noble', '@otplib', 'otplib', '@opentelemetry', 'pdfjs-dist', '@faker-js'];
const transformIgnorePatterns = [`/node_modules/(?!(${compiledPackages.join('|')})/)`];
// `jest --selectProjects integration test/integration/x.test.ts` reads the path as a second project
// name (the option takes a list) and runs the whole project. Test files named on the command line
// therefore narrow every project to those files, whichever way they were passed.
const namedFiles = process.argv.slice(2).filter((a) => /\.test\.[cm]?[jt]sx?$/.test(a) && !a.startsWith('-'));
const narrow = (testMatch, folders) => {
  if (!namedFiles.length) return testMatch;
  const mine = namedFiles.map((f) => f.replace(/^\.\//, '')).filter((f) => folders.some((d) => f.startsWith(d)));
  // A project none of the named files belongs to matches nothing (a pattern no file has).
  return mine.length ? mine.map((f) => `<rootDir>/${f}`) : ['<rootDir>/no-such-dir/**'];
};
module.exports = {
  // jest-circus reads the timeout from the top level only; integration tests start real services.
  testTimeout: 60000,
  // With one worker (2 cores) jest runs every file in band, inside its own process, and what a
  // file leaves behind (native Temporal runtimes, pools, caches) adds up: past 100 files the run
  // died of a 4 GB heap. A memory limit makes jest use a worker process and replace it once it
  // holds more than this after a file.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: narrow(['<rootDir>/test/unit/**/*.test.ts'], ['test/unit/']),
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: narrow(['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/test/e2e/**/*.test.ts'], ['test/integration/', 'test/e2e/']),
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
  ],
};
