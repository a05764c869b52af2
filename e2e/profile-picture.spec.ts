import sharp from 'sharp';
import { expectAccessible } from './a11y';
import { asRole, expect, test } from './fixtures';

/** Emily Tran is member2@demo.test. */
test('a member uploads a picture, sees it on their public page and directory card, then removes it', async ({
  page,
}) => {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  await asRole(page, 'member2');
  await page.goto('/dashboard?tab=account');
  await expect(page.getByText('Click camera to upload • Max 5MB • JPG, PNG, GIF')).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText('member2@demo.test');
  await expect(page.getByRole('textbox')).toHaveCount(0);

  // The picker's checks come first: a text file never leaves the browser.
  await page
    .getByLabel('Profile picture file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByTestId('toast').getByText('Invalid file type')).toBeVisible();

  await page
    .getByLabel('Profile picture file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('toast').getByText('Profile picture updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove profile picture' })).toBeVisible();
  await expectAccessible(page, 'account settings with a picture');
  // Both stand alone, so each is a 44 px target.
  for (const name of ['Remove profile picture', 'Upload a profile picture']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0), name).toBeGreaterThanOrEqual(44);
  }

  await page.goto('/member/emily-tran');
  const picture = page.locator('main img[src*="/uploads/avatars/"]').first();
  await expect(picture).toBeVisible();
  await page.goto('/members?q=Emily');
  await expect(
    page.getByTestId('member-card').first().locator('img[src*="/uploads/avatars/"]'),
  ).toBeVisible();

  await page.goto('/dashboard?tab=account');
  // Removal waits behind Undo: Undo brings the picture and its button back, focused.
  const remove = page.getByRole('button', { name: 'Remove profile picture' });
  await remove.click();
  await expect(page.getByTestId('toast').getByText('Profile picture removed')).toBeVisible();
  await expect(remove).toHaveCount(0);
  await expect(page.getByTestId('toast').getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.getByTestId('toast').getByRole('button', { name: 'Undo' }).click();
  await expect(remove).toBeFocused();
  await expect(page.locator('main img[src*="/uploads/avatars/"]')).toBeVisible();

  const removed = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith('/image'),
  );
  await remove.click();
  expect((await removed).status()).toBe(204);
  await page.reload();
  await expect(page.getByText('Click camera to upload • Max 5MB • JPG, PNG, GIF')).toBeVisible();
  await expect(remove).toHaveCount(0);
  await expect(page.locator('main img[src*="/uploads/avatars/"]')).toHaveCount(0);
});
