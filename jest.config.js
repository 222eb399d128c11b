/** @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/examples', '<rootDir>/bench'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/build-dist.js',
  reporters: ['default', '<rootDir>/test/support/plain-summary-reporter.js'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
};
