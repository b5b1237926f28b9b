/**
 * /post-signup-form (issue 10, spec §2, §4 "Update Profile"): a brand-new sign-up creates the
 * product profile there (validated inline, then sent online), lands on the candidate profile,
 * and on a later visit gets the edit form instead.
 */
import { AuthPage, latestCode } from './support/auth-page';
import { accessTokenOf } from './support/candidate-api';
import { expect, test } from './support/fixtures';

test('a new sign-up fills in the basic fields, then edits them on a later visit', async ({
  page,
  request,
}) => {
  const email = `profile-${Date.now()}@example.com`;
  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill('Kavya Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('Str0ng!Passw0rd');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Signed in: straight to this form, or to the candidate dashboard, depending on the sign-in flow.
  await expect(page).toHaveURL(/\/(post-signup-form|v1\/candidate\/profile)$/);

  await page.goto('/post-signup-form');
  const create = page.getByRole('form', { name: 'Create your profile' });
  // Prefilled from the sign-in session when the ID token carries the name; typed otherwise.
  await create.getByLabel(/^Full name/).fill('Kavya Rao');
  await create.getByLabel('Designation').fill('QA Engineer');
  const yoe = create.getByLabel('Years of experience');
  await yoe.fill('61');
  await yoe.blur();
  await expect(
    create.getByText('Years of experience must be between 0 and 60 years'),
  ).toBeVisible();
  await yoe.fill('3');
  await create.getByLabel('Current CTC (lakhs per annum)').fill('9.5');
  const core = create.getByLabel('Core skills');
  await core.fill('selenium');
  await core.press('Enter');
  await create.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);

  await page.goto('/post-signup-form');
  const edit = page.getByRole('form', { name: 'Edit profile' });
  await expect(edit.getByLabel('Designation')).toHaveValue('QA Engineer');
  await expect(edit.getByLabel('Current CTC (lakhs per annum)')).toHaveValue('9.5');
  await edit.getByLabel('Notice period (days)').fill('45');
  await edit.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);

  // The outbox delivered the edit: the server has it.
  await expect
    .poll(async () => {
      const token = await accessTokenOf(page);
      const res = await request.get('/api/user/basic-details', {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { data?: { noticePeriod?: number } }).data?.noticePeriod;
    })
    .toBe(45);
  expect(await new AuthPage(page).storedSession()).toContain(email);
});
