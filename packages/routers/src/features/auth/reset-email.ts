import type { MailMessage } from '../../ports';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The link in the e-mail: PASSWORD_RESET_URL (the app's deep link or the shop's page, never an
 * API path) with `token` and `email` added to whatever query it already has.
 */
export function passwordResetLink(baseUrl: string, token: string, email: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

export function passwordResetEmail(params: {
  to: string;
  name: string;
  token: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const { link } = params;
  const text = [
    `Hello ${params.name},`,
    '',
    'We received a request to reset your password. Use this token in the app:',
    '',
    params.token,
    '',
    `or open ${link}`,
    '',
    `It is valid for ${params.validMinutes} minutes and can be used once. If you did not ask for this, ignore this e-mail.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(params.name)},</p>
<p>We received a request to reset your password. Use this token in the app:</p>
<p><code>${escapeHtml(params.token)}</code></p>
<p>or <a href="${escapeHtml(link)}">reset your password here</a>.</p>
<p>It is valid for ${params.validMinutes} minutes and can be used once. If you did not ask for this, ignore this e-mail.</p>`;
  return { to: params.to, subject: 'Reset your password', text, html };
}
