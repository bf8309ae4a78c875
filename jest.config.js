// Two projects: unit (pure domain code, fast) and integration (real PostgreSQL, real Temporal,
// the provider simulator). Integration files share one Temporal dev server and one fresh database
// prepared by test/setup/global-setup.ts.
const transform = { '^.+\\.(t|m?j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] };
// Packages jest's module sandbox (on Node 20) cannot load as published: ESM-only ones (@scure,
// @noble, otplib) and ones using import('http') from CommonJS (OpenTelemetry's OTLP exporter).
// They are compiled to CommonJS like our own code.
const compiledPackages = ['@scure', '@noble', '@otplib', 'otplib', '@opentelemetry', 'pdfjs-dist', '@faker-js'];
const transformIgnorePatterns = [`/node_modules/(?!(${compiledPackages.join('|')})/)`];
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
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
  ],
};
