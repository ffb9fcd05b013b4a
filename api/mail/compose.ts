/**
 * A plain message in both forms: its lines as text and as HTML paragraphs (escaped), and an optional
 * link, written out in the text and as an anchor in the HTML. The account emails and the payment
 * notices are written this way.
 *
 * @example composeMail({ to, kind: 'verify_email', subject, lines: ['Thanks for signing up.'], link: { url, label: 'Confirm your email' } })
 */
import type { MailMessage } from './mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function composeMail(m: {
  to: string;
  kind: string;
  subject: string;
  /** Paragraphs; an empty string is a blank line in the text and nothing in the HTML. */
  lines: string[];
  link?: { url: string; label: string };
}): MailMessage {
  const { to, kind, subject, lines, link } = m;
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join('\n');
  const html = [
    ...lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
  ].join('\n');
  return { to, kind, subject, text, html };
}
