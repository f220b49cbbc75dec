import { screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('accounts in Chromium: sign up → verification link from the outbox → dashboard → sign out', () => {
  test('a new user confirms the e-mail from /dev/outbox, lands on /dashboard signed in, signs out to "/" with a toast', async ({ open }) => {
    const { page, context, errors } = await open({ width: 390, height: 844 });
    const email = `e2e.${Date.now().toString(36)}@example.test`;
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    // A common password is refused on the form, before anything is sent.
    await page.getByLabel('Password', { exact: true }).fill('iloveyou');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('one of the most common').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('analytical engine 1843');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Open the dev outbox' }).click();
    await page.waitForURL('**/dev/outbox');
    const confirm = page.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: 'Open confirmation link' });
    await confirm.click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menu').getByText(email).waitFor();
    await screenshot(page, 'accounts-dashboard-user-menu');

    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByText('You have been successfully signed out.').waitFor();
    expect(await page.getByText('Signed out', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    // The session is gone on the server too.
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
