import { createDefaultEsmPreset } from 'ts-jest';

const preset = createDefaultEsmPreset({ tsconfig: 'tsconfig.json' });

/** @type {import('jest').Config} */
export default {
  ...preset,
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testTimeout: 60000,
  // The bundles the tests run must be built from the sources as they are.
  globalSetup: '<rootDir>/test/global-setup.mjs',
};
