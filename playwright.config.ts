import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/bench-support.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Upper bounds, not targets: the 2-core CI machine runs two browsers, the server and axe at once, and on a
  // busy day a journey that takes 15 s alone needed more than 30 s (a passing step waits no longer for them).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    // Signs each demo role in once and saves its storage state for `asRole` (e2e/sign-in.setup.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    // The built server started, stopped and doubled up as an operator would, and the production install; no browser.
    { name: 'operations', testMatch: /(operations|production-install)\.spec\.ts$/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      testIgnore: /(operations|production-install)\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  // The built app on a fresh embedded database, seeded with the demo network.
  webServer: {
    command: 'rm -rf .e2e-data && node dist/server/main.js',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: '.e2e-data',
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      NODE_ENV: 'test',
    },
  },
});
