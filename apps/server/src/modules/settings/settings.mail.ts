import type { MailMessage } from '../../platform/mail/mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface MailParts {
  title: string;
  intro: string;
  action?: { label: string; url: string };
  outro: string;
  footer?: { label: string; url: string };
}

/** The Castline mail frame: text and HTML with every member-written value escaped. */
function compose(to: string, subject: string, parts: MailParts): MailMessage {
  const { title, intro, action, outro, footer } = parts;
  const text = [
    intro,
    action ? `${action.label}: ${action.url}` : null,
    outro,
    footer ? `${footer.label}: ${footer.url}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n\n');
  const button = action
    ? `<p style="margin:0 0 24px"><a href="${escapeHtml(action.url)}" style="background:#e07a1f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : '';
  const link = action
    ? `<p style="font-size:12px;color:#51606f;word-break:break-all;margin:0 0 8px">${escapeHtml(action.url)}</p>`
    : '';
  const foot = footer
    ? `<p style="font-size:12px;color:#51606f;margin:0"><a href="${escapeHtml(footer.url)}" style="color:#0b4f6c">${escapeHtml(footer.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f1ea;font-family:system-ui,sans-serif;color:#12263a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:700;color:#0b4f6c;margin:0 0 16px">Castline</p>
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(title)}</h1>
<p style="line-height:1.5;margin:0 0 24px;white-space:pre-line">${escapeHtml(intro)}</p>
${button}
<p style="line-height:1.5;font-size:14px;color:#51606f;margin:0 0 8px">${escapeHtml(outro)}</p>
${link}${foot}
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject, text: `${text}\n`, html };
}

/** A new message or offer, for members who asked to be emailed about them. */
export function notificationMail(input: {
  to: string;
  username: string;
  subject: string;
  title: string;
  intro: string;
  action: { label: string; url: string };
  outro: string;
  settingsUrl: string;
}): MailMessage {
  return compose(input.to, input.subject, {
    title: input.title,
    intro: `Hi ${input.username}, ${input.intro}`,
    action: input.action,
    outro: input.outro,
    footer: { label: 'Email preferences', url: input.settingsUrl },
  });
}

/** To the new address: the link that makes it the account's email. */
export function emailChangeMail(to: string, username: string, url: string): MailMessage {
  return compose(to, 'Confirm your new Castline email address', {
    title: 'Confirm your new email',
    intro: `Hi ${username}, you asked to use this address for your Castline account. Open the link to confirm it; until then your account keeps its current email.`,
    action: { label: 'Confirm new email', url },
    outro:
      'This link works once and expires in 24 hours. If you did not ask for this, ignore this email: nothing changes.',
  });
}

/** To the old address once the change has taken effect. */
export function emailChangedNoticeMail(to: string, username: string, newEmail: string): MailMessage {
  return compose(to, 'Your Castline email address was changed', {
    title: 'Your email address was changed',
    intro: `Hi ${username}, your Castline account now uses ${newEmail}. We will send account emails there from now on.`,
    outro: 'If you did not make this change, reset your password right away and contact Castline support.',
  });
}

/** The daily digest: the day's notifications, grouped, in one mail. */
export function digestMail(input: {
  to: string;
  username: string;
  count: number;
  groups: readonly { heading: string; text: string; url: string }[];
  url: string;
  settingsUrl: string;
}): MailMessage {
  const lines = input.groups.map((group) => `• ${group.heading}: ${group.text}\n  ${group.url}`);
  const subject =
    input.count === 1
      ? 'Your Castline digest: 1 notification'
      : `Your Castline digest: ${input.count} notifications`;
  return compose(input.to, subject, {
    title: 'Your daily digest',
    intro: `Hi ${input.username}, here is what happened on Castline since your last digest:\n\n${lines.join('\n')}`,
    action: { label: 'Open your notifications', url: input.url },
    outro:
      'You get one email a day because you chose a daily digest. You can change that in your Castline settings.',
    footer: { label: 'Email preferences', url: input.settingsUrl },
  });
}
