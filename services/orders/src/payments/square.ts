import { InvalidSignature, PaymentsNotConfigured, type PaymentsPort } from './port';

/**
 * Square is connectable per environment in the spec (OAuth, locations: the settings issue), but
 * taking payments with it is not built: every payment answers NotConfigured.
 */
export const squarePayments = (): PaymentsPort => ({
  processor: 'SQUARE',
  configured: () => false,
  browserKey: () => undefined,
  createPayment: () => Promise.reject(new PaymentsNotConfigured('SQUARE')),
  refundPayment: () => Promise.reject(new PaymentsNotConfigured('SQUARE')),
  cancelPayment: () => Promise.reject(new PaymentsNotConfigured('SQUARE')),
  webhookEvent: () => Promise.reject(new InvalidSignature('Square webhooks are not configured')),
  connectable: () => false,
  connectUrl: () => {
    throw new PaymentsNotConfigured('SQUARE');
  },
  completeConnect: () => Promise.reject(new PaymentsNotConfigured('SQUARE')),
});
