/**
 * Credit purchases (issue 18): the subscription page's queries, the order calls, Razorpay
 * Checkout and the confirmation that resumes from IndexedDB.
 */
export {
  createPaymentOrder,
  fetchPaymentOrder,
  paymentAccountQuery,
  paymentKeys,
  verifyPaymentOrder,
} from './queries';
export { confirmPayment, recordCheckoutReturn, resultOf, type ConfirmResult } from './confirm';
export { openRazorpayCheckout } from './razorpay-checkout';
