import { bodyLimit } from 'hono/body-limit';
import type { SandboxProvider } from '../../../adapters/payments/index.ts';
import type { App } from '../../../http/app-env.ts';
import { AppError } from '../../../lib/errors.ts';
import { renderCheckoutPage, renderPortalPage, renderSandboxNotFound } from './pages.ts';

type Fields = Record<string, string>;

/** Form posts (the pages) and JSON (tests, scripts) are both accepted. */
async function readFields(c: {
  req: { header(n: string): string | undefined; json(): Promise<unknown>; parseBody(): Promise<Record<string, unknown>> };
}): Promise<{ fields: Fields; json: boolean }> {
  const json = (c.req.header('content-type') ?? '').includes('application/json');
  let raw: Record<string, unknown> = {};
  try {
    raw = json ? (((await c.req.json()) as Record<string, unknown>) ?? {}) : await c.req.parseBody();
  } catch {
    throw new AppError('INVALID_JSON', 'The request body is not valid JSON.', { field: 'body' });
  }
  const fields: Fields = {};
  for (const [k, v] of Object.entries(raw ?? {})) if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
  return { fields, json };
}

/** The sandbox's hosted checkout and customer portal (server-rendered, no scripts). */
export function registerSandboxRoutes(app: App, sandbox: SandboxProvider): void {
  app.use(
    '/sandbox/*',
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
      },
    }),
  );
  app.use('/sandbox/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/sandbox/checkout/:id', async (c) => {
    const view = await sandbox.getCheckout(c.req.param('id'));
    if (!view) return c.html(renderSandboxNotFound('checkout'), 404);
    return c.html(renderCheckoutPage(view));
  });

  app.post('/sandbox/checkout/:id/pay', async (c) => {
    const id = c.req.param('id');
    const view = await sandbox.getCheckout(id);
    const { fields, json } = await readFields(c);
    if (!view) {
      if (json) throw new AppError('SESSION_NOT_FOUND', 'No sandbox checkout with this id.');
      return c.html(renderSandboxNotFound('checkout'), 404);
    }
    if (fields.action === 'cancel') {
      const out = await sandbox.cancel(id);
      return c.redirect(out!.redirectUrl, 303);
    }
    const cardNumber = fields.card_number ?? '';
    if (json && !cardNumber) throw new AppError('VALIDATION_FAILED', 'card_number: Enter a card number.', { field: 'card_number' });
    const result = await sandbox.pay(id, cardNumber);
    if (result.outcome === 'paid') return c.redirect(result.redirectUrl, 303);
    if (result.outcome === 'not_open') {
      if (result.redirectUrl) return c.redirect(result.redirectUrl, 303);
      if (json) throw new AppError('CHECKOUT_EXPIRED', 'This checkout session has expired.');
      return c.html(renderCheckoutPage(view), 410);
    }
    if (json) {
      throw result.invalidNumber
        ? new AppError('VALIDATION_FAILED', `card_number: ${result.message}`, { field: 'card_number' })
        : new AppError('CARD_DECLINED', result.message, { field: 'card_number' });
    }
    // 200, like a hosted checkout that shows the decline on the page (a 4xx document is a console error in browsers).
    return c.html(renderCheckoutPage(view, { error: result.message, cardNumber }), 200);
  });

  app.get('/sandbox/portal/:id', async (c) => {
    const view = await sandbox.getPortal(c.req.param('id'));
    if (!view) return c.html(renderSandboxNotFound('portal'), 404);
    const notice = c.req.query('notice');
    return c.html(renderPortalPage(view, { notice: notice ? notice.slice(0, 200) : undefined, review: c.req.query('review')?.slice(0, 100) }));
  });

  app.post('/sandbox/portal/:id/action', async (c) => {
    const id = c.req.param('id');
    const { fields, json } = await readFields(c);
    const type = fields.action;
    if (type === 'card' && !fields.card_number) throw new AppError('VALIDATION_FAILED', 'card_number: Enter a card number.', { field: 'card_number' });
    const action =
      type === 'switch' && fields.price
        ? ({ type, priceId: fields.price } as const)
        : type === 'card'
          ? ({ type, cardNumber: fields.card_number! } as const)
          : type === 'cancel' || type === 'resume'
            ? ({ type } as const)
            : null;
    if (!action)
      throw new AppError('VALIDATION_FAILED', 'action: expected switch (with price), card (with card_number), cancel or resume.', { field: 'action' });
    const result = await sandbox.applyPortalAction(id, action);
    if (json) {
      if (!result.ok) throw new AppError('CONFLICT', result.message);
      return c.json({ ok: true, notice: result.notice });
    }
    if (!result.ok) {
      const view = await sandbox.getPortal(id);
      return view ? c.html(renderPortalPage(view, { error: result.message }), 409) : c.html(renderSandboxNotFound('portal'), 404);
    }
    return c.redirect(`/sandbox/portal/${encodeURIComponent(id)}?notice=${encodeURIComponent(result.notice)}`, 303);
  });
}
