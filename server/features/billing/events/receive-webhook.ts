import { type ProviderEvent, ProviderError, WebhookSignatureError } from '../../../adapters/payments/index.ts';
import { AppError } from '../../../lib/errors.ts';
import type { BillingContext } from '../billing-context.ts';
import { handleEvent } from './handle-event.ts';

/** A Stripe webhook: the signature is verified on the raw body, then the event is handled once. */
export async function receiveWebhook(b: BillingContext, rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  if (b.provider.kind !== 'stripe') throw new AppError('NOT_CONFIGURED', 'Stripe is not configured: the sandbox delivers its events in-process.');
  let event: ProviderEvent;
  try {
    event = b.provider.parseWebhook(rawBody, signature);
  } catch (e) {
    if (e instanceof WebhookSignatureError) {
      b.logger.warn({ reason: e.message }, 'payments: webhook refused');
      throw new AppError('INVALID_SIGNATURE', 'Webhook signature verification failed.');
    }
    throw e;
  }
  try {
    const result = await handleEvent(b, event);
    return { received: true, duplicate: result === 'duplicate' };
  } catch (e) {
    if (e instanceof ProviderError) throw new AppError('UPSTREAM_ERROR', 'The payment provider did not answer. Please retry.', { cause: e });
    throw e;
  }
}
