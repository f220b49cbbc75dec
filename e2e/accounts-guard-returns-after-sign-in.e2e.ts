import { signUpVerified } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('accounts in Chromium: the guard sends a visitor to /login and back', () => {
  test('visiting /settings signed out → /login?next=/settings → sign in → back on /settings; signing out signs out the other tab', async ({ app, open }) => {
    const password = 'compiler pioneer 1952';
    const { email } = await signUpVerified(app, { emailPrefix: 'guard', firstName: 'Grace', lastName: 'Hopper', password });
    const { page, context, errors } = await open();
    await page.goto('/settings');
    await page.waitForURL(/\/login\?next=%2Fsettings$/);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The e-mail or password is not right.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByText(`Signed in as ${email}`).isVisible()).toBe(true);
    // The failed attempt answered 401, which Chromium logs as a failed resource load; nothing else may fail.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);

    // A second tab of the same browser follows the sign-out of the first one.
    const other = await context.newPage();
    await other.goto('/profile');
    await other.getByLabel('First name').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await other.waitForURL(/\/login\?next=%2Fprofile$/);
    await context.close();
  });
});
