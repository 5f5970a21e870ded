import type { MailMessage } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(title: string, intro: string, action: { label: string; url: string }, outro: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f1ea;font-family:system-ui,sans-serif;color:#12263a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:700;color:#0b4f6c;margin:0 0 16px">Castline</p>
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(title)}</h1>
<p style="line-height:1.5;margin:0 0 24px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(action.url)}" style="background:#e07a1f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="line-height:1.5;font-size:14px;color:#51606f;margin:0 0 8px">${escapeHtml(outro)}</p>
<p style="font-size:12px;color:#51606f;word-break:break-all;margin:0">${escapeHtml(action.url)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function verificationMail(to: string, username: string, url: string): MailMessage {
  const subject = 'Verify your email for Castline';
  const intro = `Hi ${username}, welcome to Castline! Confirm your email address to finish creating your account.`;
  const outro =
    'This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.';
  return {
    to,
    subject,
    text: `${intro}\n\nVerify your email: ${url}\n\n${outro}\n`,
    html: layout('Confirm your email', intro, { label: 'Verify email', url }, outro),
  };
}

export function passwordResetMail(to: string, username: string, url: string): MailMessage {
  const subject = 'Reset your Castline password';
  const intro = `Hi ${username}, we received a request to reset your Castline password.`;
  const outro =
    'This link works once and expires in 1 hour. Resetting signs you out everywhere. If you did not ask for this, ignore this email: your password stays the same.';
  return {
    to,
    subject,
    text: `${intro}\n\nChoose a new password: ${url}\n\n${outro}\n`,
    html: layout('Reset your password', intro, { label: 'Choose a new password', url }, outro),
  };
}
