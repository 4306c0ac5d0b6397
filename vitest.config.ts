import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { LONGEST_SUITES } from './apps/server/vitest.config.ts';

const startFirst = new Set(
  LONGEST_SUITES.map((file) => path.resolve(import.meta.dirname, 'apps/server', file)),
);

/**
 * Vitest starts the files that took longest in its last run first. A clean clone has no last run
 * (CI), and files would go largest first: the suites known to take longest start first anyway, so
 * that no worker is left alone with one of them at the end.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [
      ...sorted.filter((file) => startFirst.has(file.moduleId)),
      ...sorted.filter((file) => !startFirst.has(file.moduleId)),
    ];
  }
}

/**
 * Pure rules (shared), the API against a real database (server) and React components (web).
 * The user journeys in Chromium run on Playwright (playwright.config.ts); `npm test` runs both.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/server/vitest.config.ts',
      './apps/web/vite.config.ts',
    ],
  },
});
