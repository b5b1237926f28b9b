/**
 * The gateway's webhook (issue 18): Razorpay's event shape, checked over the raw body and
 * recorded once per event id. The event id is `X-Razorpay-Event-Id` (the same on every
 * redelivery); without one, a digest of the body stands in (a redelivery sends the same bytes).
 *
 * Events: `payment.captured` and `order.paid` fulfil; `payment.failed` marks the order attempted;
 * anything else is recorded and ignored. The event row and its effect commit together: a crash in
 * between leaves neither, and the gateway's retry does the work.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import type { Database } from '../db/client';
import { paymentEvents } from '../db/schema';
import { fulfilCaptured, recordFailure } from './fulfil';
import type { GatewayPayment, PaymentProvider } from './provider';
import { verifyWebhookSignature } from './signatures';

const PaymentEntity = z.object({
  id: z.string().check(z.maxLength(64)),
  order_id: z.nullish(z.string().check(z.maxLength(64))),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  error_description: z.nullish(z.string()),
});

const WebhookEvent = z.object({
  event: z.string().check(z.minLength(1), z.maxLength(100)),
  payload: z.object({
    payment: z.optional(z.object({ entity: PaymentEntity })),
  }),
});

export type WebhookOutcome =
  | { status: 401; reason: 'bad-signature' }
  | { status: 400; reason: 'bad-payload' }
  | { status: 200; outcome: string };

const toPayment = (entity: z.infer<typeof PaymentEntity>): GatewayPayment => ({
  id: entity.id,
  orderId: entity.order_id ?? null,
  amount: entity.amount,
  currency: entity.currency,
  status: entity.status,
  errorDescription: entity.error_description ?? null,
});

export async function handleWebhook(
  db: Database,
  provider: PaymentProvider,
  input: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined; now: Date },
): Promise<WebhookOutcome> {
  if (!verifyWebhookSignature(input.rawBody, input.signature, provider.secrets.webhookSecret)) {
    return { status: 401, reason: 'bad-signature' };
  }
  let parsed: z.infer<typeof WebhookEvent>;
  try {
    const result = z.safeParse(WebhookEvent, JSON.parse(input.rawBody.toString('utf8')));
    if (!result.success) return { status: 400, reason: 'bad-payload' };
    parsed = result.data;
  } catch {
    return { status: 400, reason: 'bad-payload' };
  }
  const eventId =
    input.eventId && /^[A-Za-z0-9_.:-]{1,100}$/.test(input.eventId)
      ? input.eventId
      : `body:${createHash('sha256').update(input.rawBody).digest('hex')}`;
  const entity = parsed.payload.payment?.entity;
  const payment = entity ? toPayment(entity) : null;

  const outcome = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        provider: provider.name,
        eventId,
        event: parsed.event,
        providerOrderId: payment?.orderId ?? null,
        paymentId: payment?.id ?? null,
        receivedAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return 'duplicate';
    if (!payment) return 'ignored';
    switch (parsed.event) {
      case 'payment.captured':
      case 'order.paid':
        return fulfilCaptured(tx, provider.name, payment, input.now);
      case 'payment.failed':
        return recordFailure(tx, provider.name, payment, input.now);
      default:
        return 'ignored';
    }
  });
  return { status: 200, outcome };
}
