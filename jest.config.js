const os = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/examples', '<rootDir>/bench'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/build-dist.js',
  reporters: ['default', '<rootDir>/test/support/plain-summary-reporter.js'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  // jest's default, a worker fewer than the cores, is a single worker on 2 cores: the suites would run one
  // after the other, though much of their time is spent waiting on the processes, sockets and timers they
  // start. Two workers at least (docs/architecture.md, "The test suite").
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
};
