import { expect, type Page } from '@playwright/test';
import { test } from './support';

const PASSWORD = 'hooked-on-1st-cast';
const NEW_PASSWORD = 'brand-new-lure-22';

/** Opens the dev mailbox for an address and follows the newest link to `path`. */
async function followMailedLink(page: Page, email: string, linkPath: string): Promise<void> {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = page.locator(`a[href*="${linkPath}?token="]`).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${linkPath}\\?token=`));
}

test(
  'a newcomer signs up, verifies by email, signs in and out, and resets the password',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const unique = `${Date.now()}${testInfo.project.name === 'phone' ? 'p' : 'd'}`;
    const email = `e2e.${unique}@example.com`;
    const username = `e2e_${unique}`.slice(0, 20);

    // Sign up.
    await page.goto('/auth/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Username', { exact: true }).fill(`${username}!!`);
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/verify-email/);
    await expect(
      page.getByText('Account created! Please check your email to verify your account.'),
    ).toBeVisible();

    // Signing in before verifying says so and offers a resend.
    await page.goto('/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('verify your email');
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

    // Verify through the link in the dev mailbox.
    await followMailedLink(page, email, '/verify-email');
    await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();

    // Sign in.
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: `Good to see you, ${username}` })).toBeVisible();

    // A signed-in member is sent away from guest-only pages.
    await page.goto('/auth/login');
    await expect(page).not.toHaveURL(/\/auth\/login/);

    // Sign out, from the header's menu (the mobile menu on a phone).
    if (testInfo.project.name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
    } else {
      await page.getByRole('button', { name: username, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    }
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    const session = await page.request.get('/api/auth/session');
    expect(await session.json()).toEqual({ user: null, session: null });

    // Reset the password by emailed link.
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password/);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Password reset instructions have been sent to your email.')).toBeVisible();
    await followMailedLink(page, email, '/reset-password');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(
      page.getByText('Your password has been updated. Please sign in with your new password.'),
    ).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto('/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: `Good to see you, ${username}` })).toBeVisible();
  },
);

test('a demo member signs in with the details printed at start-up', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill('captain.ahab@castline.test');
  await page.getByLabel('Password', { exact: true }).fill('castline-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Good to see you, captain_ahab' })).toBeVisible();
});
