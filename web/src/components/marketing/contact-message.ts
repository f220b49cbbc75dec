/** The contact form's rules and the mailto: link it composes (there is no backend for messages). */
export const contactTopics = ['General question', 'Billing and tokens', 'Account and sign-in', 'Wrong figure in an analysis', 'Feature request'] as const;
export type ContactTopic = (typeof contactTopics)[number];

export interface ContactMessage {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

const MESSAGE_MIN_CHARS = 20;
export const MESSAGE_MAX_CHARS = 2000;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContactMessage(m: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  if (!m.name.trim()) errors.name = 'Enter your name.';
  else if (m.name.trim().length > 100) errors.name = 'Keep your name under 100 characters.';
  if (!m.email.trim()) errors.email = 'Enter your e-mail address so we can reply.';
  else if (!emailPattern.test(m.email.trim())) errors.email = 'Enter a valid e-mail address, like name@example.com.';
  if (!contactTopics.includes(m.topic)) errors.topic = 'Choose a topic.';
  const len = m.message.trim().length;
  if (len < MESSAGE_MIN_CHARS) errors.message = `Tell us a little more: at least ${MESSAGE_MIN_CHARS} characters (${len} so far).`;
  else if (len > MESSAGE_MAX_CHARS) errors.message = `Keep the message under ${MESSAGE_MAX_CHARS} characters (${len} now).`;
  return errors;
}

/** mailto: with percent-encoded subject and body (not URLSearchParams, whose "+" for spaces mail apps show literally). */
export function composeMailto(to: string, m: ContactMessage): string {
  const subject = `[${m.topic}] Message from ${m.name.trim()}`;
  const body = `${m.message.trim()}\n\n—\nName: ${m.name.trim()}\nReply to: ${m.email.trim()}\nTopic: ${m.topic}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
