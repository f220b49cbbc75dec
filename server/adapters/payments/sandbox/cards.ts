/**
 * Sandbox test cards, numbered as Stripe's test mode numbers them, with the messages Stripe's hosted
 * checkout shows a buyer. Only 4242 4242 4242 4242 pays.
 */
const SANDBOX_PAYING_CARD = '4242424242424242';
const SANDBOX_FAILING_RENEWAL_CARD = '4000000000000341';

const declines: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  // Attaches to a customer (it can be saved on a subscription) but every charge is declined: a failing renewal.
  [SANDBOX_FAILING_RENEWAL_CARD]: 'Your card was declined.',
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

type CardCheck = { ok: true } | { ok: false; message: string; invalidNumber: boolean };

/** Decides what a card number does in the sandbox; spaces and dashes are ignored. */
export function checkSandboxCard(cardNumber: string): CardCheck {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { ok: false, message: 'Your card number is invalid.', invalidNumber: true };
  if (digits === SANDBOX_PAYING_CARD) return { ok: true };
  const message = declines[digits];
  if (message) return { ok: false, message, invalidNumber: false };
  return {
    ok: false,
    message: 'Your card was declined. This is a sandbox: no real cards are charged. Use the test card 4242 4242 4242 4242.',
    invalidNumber: false,
  };
}

export const normalizeCardNumber = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

/**
 * Saving a card on a subscription (the portal's "Update card"), as Stripe attaches one: the paying card and
 * 4000 0000 0000 0341 attach; the other test cards are refused with their message.
 */
export function checkSandboxCardAttach(cardNumber: string): CardCheck {
  const digits = normalizeCardNumber(cardNumber);
  if (digits === SANDBOX_FAILING_RENEWAL_CARD) return { ok: true };
  return checkSandboxCard(digits);
}
