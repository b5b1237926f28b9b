/**
 * The local gateway's checkout page (issue 18): GET /_dev/checkout/{order} shows the amount and
 * four buttons; each posts to /_dev/checkout/{order}/{action} (local-gateway.ts says what each
 * does). Like Razorpay's redirect flow, success returns the browser to the app with the payment id
 * and the checkout signature; a failure returns with `failed=1`; "leave" never returns.
 * Only registered with PAYMENT_PROVIDER=local.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { GUIDANCE_CHECKOUT_RETURN_PATH } from '../../src/domain/contract/guidance';
import { formatRupees } from '../../src/domain/contract/payments';
import type { LocalGateway } from './local-gateway';

const RETURN_PATH = '/v1/candidate/subscription';

const Params = z.object({ orderId: z.string().check(z.regex(/^order_[A-Za-z0-9]{4,40}$/)) });
const ActionParams = z.object({
  orderId: Params.shape.orderId,
  action: z.enum(['pay', 'fail', 'leave', 'late']),
});

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1a1d29}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 2px 10px #0001}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:8px 0;line-height:1.4}
.amount{font-size:2rem;font-weight:700;margin:12px 0}
form{margin:10px 0}button{width:100%;padding:12px;font-size:1rem;border-radius:8px;border:1px solid #c5cae0;background:#fff;cursor:pointer}
button.pay{background:#1e54d8;color:#fff;border-color:#1e54d8}
.note{font-size:.85rem;color:#555}
</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

export function registerCheckoutPage(app: FastifyInstance, gateway: LocalGateway) {
  void app.register((scope, _opts, done) => {
    // The page's forms post no fields; their urlencoded (empty) body is not read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, next) => next(null, {}),
    );

    scope.get('/_dev/checkout/:orderId', async (request, reply) => {
      const parsed = z.safeParse(Params, request.params);
      const order = parsed.success ? gateway.order(parsed.data.orderId) : undefined;
      reply.type('text/html; charset=utf-8');
      if (!order)
        return reply.code(404).send(page('Checkout', '<h1>This order was not found</h1>'));
      const paid = order.payments.some((p) => p.status === 'captured');
      const action = (name: string, label: string, cls = '') =>
        `<form method="post" action="/_dev/checkout/${order.id}/${name}"><button class="${cls}" type="submit">${label}</button></form>`;
      return reply.send(
        page(
          'Test checkout',
          `<h1>Test checkout</h1><p class="note">Local test gateway: no money moves.</p>
<p>ReferralHub · order ${escape(order.id)}</p>
<div class="amount">${escape(formatRupees(order.amount))}</div>
${
  paid
    ? '<p>This order is already paid.</p>'
    : action('pay', 'Pay', 'pay') +
      action('fail', 'Fail') +
      action('leave', 'Leave without returning') +
      action('late', 'Fail now, authorised later')
}`,
        ),
      );
    });

    scope.post('/_dev/checkout/:orderId/:action', async (request, reply) => {
      const parsed = z.safeParse(ActionParams, request.params);
      const order = parsed.success ? gateway.order(parsed.data.orderId) : undefined;
      if (!parsed.success || !order) return reply.code(404).send({ errorMsg: 'Order not found' });
      const ours = encodeURIComponent(order.notes.orderId ?? '');
      // A guidance booking's payment returns to the bookings (issue 19), a plan's to the plans.
      const booking = order.notes.bookingId;
      const back = booking
        ? `${GUIDANCE_CHECKOUT_RETURN_PATH}?order=${ours}&booking=${encodeURIComponent(booking)}`
        : `${RETURN_PATH}?order=${ours}`;
      if (order.payments.some((p) => p.status === 'captured')) {
        return reply.redirect(back, 303);
      }
      switch (parsed.data.action) {
        case 'pay': {
          const { paymentId, signature } = await gateway.pay(order.id, { webhooks: 'now' });
          return reply.redirect(`${back}&payment_id=${paymentId}&signature=${signature}`, 303);
        }
        case 'fail':
          await gateway.fail(order.id);
          return reply.redirect(`${back}&failed=1`, 303);
        case 'late':
          await gateway.fail(order.id, { authoriseLaterMs: gateway.lateMs });
          return reply.redirect(`${back}&failed=1`, 303);
        case 'leave':
          await gateway.pay(order.id, { webhooks: 'late', duplicate: true });
          reply.type('text/html; charset=utf-8');
          return reply.send(
            page(
              'Payment received',
              '<h1>Payment received</h1><p>The bank app took the payment and did not return to ReferralHub. Open ReferralHub again to see your credits.</p>',
            ),
          );
      }
    });
    done();
  });
}
