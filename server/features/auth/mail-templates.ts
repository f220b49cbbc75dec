import type { MailMessage } from '../../adapters/mail/index.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** One branded layout for every account mail: a greeting, a paragraph, one button, the raw link, a footer. */
function renderMail(input: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
  extraLinks?: string[];
}): MailMessage {
  const { action } = input;
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    input.footer,
    '',
    '— Stockpilot',
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:24px 28px 8px;font-size:20px;font-weight:700;color:#0f172a">Stock<span style="color:#059669">pilot</span></td></tr>
<tr><td style="padding:8px 28px 0;font-size:15px;line-height:1.6">
<p>${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f172a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#64748b">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#047857;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
}
<p style="font-size:13px;color:#64748b">${escapeHtml(input.footer)}</p>
</td></tr>
<tr><td style="padding:16px 28px 24px;font-size:12px;color:#94a3b8">Stockpilot · AI-assisted stock analysis</td></tr>
</table></td></tr></table></body></html>`;
  return { to: input.to, subject: input.subject, text, html, links: [...(action ? [action.url] : []), ...(input.extraLinks ?? [])] };
}

const greet = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

/** No name: the address is unconfirmed, so the name on the account may be a stranger's text. */
export function buildVerificationMail(input: { to: string; url: string }): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'Confirm your e-mail for Stockpilot',
    greeting: greet(''),
    paragraphs: ['Welcome to Stockpilot. Confirm your e-mail address to activate your account; the link signs you in.'],
    action: { label: 'Confirm e-mail and sign in', url: input.url },
    footer: 'The link works once and expires in 24 hours. If you did not create an account, ignore this mail.',
  });
}

export function buildResetMail(input: { to: string; name: string; url: string }): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'Reset your Stockpilot password',
    greeting: greet(input.name),
    paragraphs: ['Someone (hopefully you) asked to reset the password of your Stockpilot account.'],
    action: { label: 'Choose a new password', url: input.url },
    footer:
      'The link works once and expires in 1 hour. Resetting signs you out everywhere. If you did not ask for it, ignore this mail: your password stays as it is.',
  });
}

/** Sent instead of a second account when someone signs up with an e-mail that already has one. */
export function buildExistingAccountMail(input: { to: string; name: string; loginUrl: string; resetUrl: string }): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'You already have a Stockpilot account',
    greeting: greet(input.name),
    paragraphs: [
      'Someone tried to create a Stockpilot account with this e-mail address, which already has one. No second account was created.',
      `If it was you, sign in instead: ${input.loginUrl}`,
      `Forgot your password? Reset it here: ${input.resetUrl}`,
    ],
    footer: 'If it was not you, you can ignore this mail.',
    extraLinks: [input.loginUrl, input.resetUrl],
  });
}
