import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { signInAs } from './support/auth-page';
import { accessTokenOf } from './support/candidate-api';

// Issue 18 in real Chromium with the local test gateway, at phone size: buy a plan → the balance
// rises by exactly the plan's credits; leave the checkout without returning (a UPI app that never
// comes back), reload → the app confirms and shows the credits once, even after the late,
// duplicated webhooks; a failed payment leaves the balance as it was and says so. The demo
// account's purchases are refunded at the end (through the admin API), so its balance is as
// before for the specs that follow.

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-payments';
const BUYER = 'newcandidate@example.com';
// src/domain/contract/payments.ts: Starter, 3 credits, ₹149 + ₹19 platform fee.
const STARTER = { credits: 3, pay: 'Pay ₹168' };
// The local gateway's late deliveries come 4 s later (server/payments/local-gateway.ts).
const LATE_DELIVERY_MS = 4000;

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInAs(page, email);
  return { context, page, token: await accessTokenOf(page) };
}

async function shownBalance(page: Page): Promise<number> {
  const text = await page.getByTestId('subscription-balance').locator('strong').innerText();
  return Number(text);
}

async function serverBalance(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/payments/account', auth(token));
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { balance: number } }).data.balance;
}

async function paidOrders(request: APIRequestContext, token: string) {
  const response = await request.get('/api/payments/account', auth(token));
  const { orders } = (
    (await response.json()) as { data: { orders: { id: string; status: string }[] } }
  ).data;
  return orders.filter((order) => order.status === 'paid');
}

async function openSubscription(page: Page) {
  await page.goto('/v1/candidate/subscription');
  await expect(page.getByTestId('subscription-balance').locator('strong')).not.toHaveText('—');
}

test('buy, leave without returning, and fail: the balance moves by exactly what was paid', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const buyer = await signedIn(browser, BUYER);
  const admin = await signedIn(browser, 'admin@example.com');
  const before = await serverBalance(request, buyer.token);
  const alreadyPaid = new Set((await paidOrders(request, buyer.token)).map((o) => o.id));
  const { page } = buyer;

  try {
    await openSubscription(page);
    expect(await shownBalance(page)).toBe(before);
    await page.screenshot({ path: `${SHOTS}/plans.png`, fullPage: true });

    // 1. Pay: back from the checkout with the signature, the webhook racing the verify call.
    await page.getByRole('button', { name: /Pay ₹168 for Starter/ }).click();
    await page.waitForURL(/\/_dev\/checkout\//);
    await expect(page.getByText('₹168')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/checkout.png`, fullPage: true });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/v1\/candidate\/subscription/);
    await expect(page.getByTestId('payment-paid')).toBeVisible();
    await expect(page.getByTestId('subscription-balance').locator('strong')).toHaveText(
      String(before + STARTER.credits),
    );
    await page.screenshot({ path: `${SHOTS}/paid.png`, fullPage: true });
    await page.getByTestId('payment-paid').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('payment-paid')).toHaveCount(0);

    // 2. Leave without returning: the browser stays on the gateway; the app is opened again.
    await page.getByRole('button', { name: /Pay ₹168 for Starter/ }).click();
    await page.waitForURL(/\/_dev\/checkout\//);
    await page.getByRole('button', { name: 'Leave without returning' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await page.goto('/v1/candidate/subscription');
    await expect(page.getByTestId('payment-paid')).toBeVisible();
    await expect(page.getByTestId('subscription-balance').locator('strong')).toHaveText(
      String(before + 2 * STARTER.credits),
    );
    // The late webhooks arrive (twice each); nothing changes.
    await page.waitForTimeout(LATE_DELIVERY_MS + 2000);
    await page.reload();
    await expect(page.getByTestId('subscription-balance').locator('strong')).toHaveText(
      String(before + 2 * STARTER.credits),
    );
    expect(await serverBalance(request, buyer.token)).toBe(before + 2 * STARTER.credits);
    await page.getByTestId('payment-paid').getByRole('button', { name: 'Dismiss' }).click();

    // 3. Fail: back with a failure; the balance is unchanged and the page says so.
    await page.getByRole('button', { name: /Pay ₹168 for Starter/ }).click();
    await page.waitForURL(/\/_dev\/checkout\//);
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.waitForURL(/\/v1\/candidate\/subscription/);
    await expect(page.getByTestId('payment-failed')).toContainText('Your balance is unchanged');
    await expect(page.getByTestId('subscription-balance').locator('strong')).toHaveText(
      String(before + 2 * STARTER.credits),
    );
    await expect(page.getByTestId('receipt').filter({ hasText: 'Failed' }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/failed.png`, fullPage: true });
    // Nothing on the page is wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await serverBalance(request, buyer.token)).toBe(before + 2 * STARTER.credits);
    expect(
      (await paidOrders(request, buyer.token)).filter((o) => !alreadyPaid.has(o.id)),
    ).toHaveLength(2);
  } finally {
    // Put the shared demo account back as it was.
    for (const order of await paidOrders(request, buyer.token)) {
      if (alreadyPaid.has(order.id)) continue;
      const refund = await request.post(`/api/admin/payments/${order.id}/refund`, {
        ...auth(admin.token),
        data: { note: 'Browser test clean-up' },
      });
      expect(refund.ok()).toBe(true);
    }
    expect(await serverBalance(request, buyer.token)).toBe(before);
    await buyer.context.close();
    await admin.context.close();
  }
});
