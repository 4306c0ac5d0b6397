import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['./setup/global-setup.ts'],
  },
});
