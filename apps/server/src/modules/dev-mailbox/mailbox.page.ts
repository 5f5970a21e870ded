import type { OutboxMail } from './mailbox.repository.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Escapes the text, then turns http(s) addresses into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f1ea;color:#12263a}
main{max-width:860px;margin:0 auto;padding:24px 16px}h1{font-size:1.5rem;margin:0 0 4px}
p.lead{color:#51606f;margin:0 0 20px}article{background:#fff;border-radius:10px;padding:16px 20px;margin:0 0 14px;box-shadow:0 1px 2px #0001}
article h2{font-size:1.05rem;margin:0 0 4px}.meta{color:#51606f;font-size:.85rem;margin:0 0 10px}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}a{color:#0b4f6c;font-weight:600}
.empty{background:#fff;border-radius:10px;padding:24px;text-align:center;color:#51606f}`;

export function renderMailboxPage(mails: OutboxMail[], filter: string | undefined): string {
  const items = mails
    .map(
      (mail) => `<article data-mail-id="${mail.id}"><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to_address)}</strong> · <time datetime="${mail.created_at.toISOString()}">${escapeHtml(
        mail.created_at.toUTCString(),
      )}</time></p><pre>${linkify(mail.text_body)}</pre></article>`,
    )
    .join('\n');
  const empty = `<div class="empty">No mail yet${filter ? ` for ${escapeHtml(filter)}` : ''}. Sign up or ask for a password reset and the message appears here.</div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Castline dev mailbox</title><style>${STYLE}</style></head><body><main>
<h1>Dev mailbox</h1><p class="lead">Mail Castline would have sent, newest first. It is kept here because no SMTP server is configured (set SMTP_URL to send real mail).</p>
${mails.length ? items : empty}</main></body></html>`;
}
