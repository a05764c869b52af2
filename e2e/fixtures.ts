import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

/** Signs in through the demo-account form on /login (the test-domain path). */
export async function signInWithDemoAccount(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in with demo account' }).click();
  await page.waitForURL(/\/(dashboard|apply)$/);
}

/** A fresh email for a brand-new visitor, unique per test run. */
export function newVisitorEmail(prefix = 'visitor'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** "Continue with Google" through the development identity provider. */
export async function continueWithGoogle(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}
