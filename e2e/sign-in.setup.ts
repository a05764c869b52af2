import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { request, test as setup } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_ROLES, storageStatePath } from './fixtures';

/**
 * Signs each demo role in once, through the API, and saves the browser state; journeys then start
 * signed in with `asRole(page, role)` instead of each going through the form (one journey still does).
 */
setup('sign in every demo role once', async ({ baseURL }) => {
  mkdirSync(dirname(storageStatePath('admin')), { recursive: true });
  for (const [role, email] of Object.entries(DEMO_ROLES)) {
    const context = await request.newContext({ baseURL });
    const res = await context.post('/api/auth/signin', { data: { email, password: DEMO_PASSWORD } });
    if (!res.ok()) throw new Error(`${role} could not sign in: ${res.status()} ${await res.text()}`);
    await context.storageState({ path: storageStatePath(role as keyof typeof DEMO_ROLES) });
    await context.dispose();
  }
});
