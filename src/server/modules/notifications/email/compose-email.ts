import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LINKS,
  type NotificationKind,
} from '../../../../domain/notifications/kinds';
import { escapeHtml } from '../../../lib/escape-html';

export interface EmailNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

export interface ComposedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The idempotency key: one Message-ID per notification, whichever worker or attempt sends it. */
  messageId: string;
  headers: Record<string, string>;
  /** An iCalendar invitation sent with it (text/calendar with its iTIP method), if any. */
  calendar?: { method: string; content: string } | undefined;
}

export interface EmailContext {
  networkName: string;
  /** The site's origin (PUBLIC_URL); every link is built from it. */
  origin: string;
  /** The signed one-click unsubscribe address for this member and kind. */
  unsubscribeUrl: string;
}

/** A notification as an email: plain text and HTML saying the same, with RFC 8058 one-click unsubscribe. */
export function composeEmail(
  notification: EmailNotification,
  recipient: { email: string; name: string },
  context: EmailContext,
): ComposedEmail {
  const openUrl = new URL(notification.link, context.origin).toString();
  const settingsUrl = new URL(NOTIFICATION_LINKS.accountSettings, context.origin).toString();
  const why = `You get this email because "${NOTIFICATION_KINDS[notification.kind].label}" is switched on in your ${context.networkName} email settings.`;
  const greeting = recipient.name ? `Hi ${recipient.name},` : 'Hello,';
  const host = new URL(context.origin).hostname || 'localhost';

  const text = [
    greeting,
    '',
    notification.body,
    '',
    `Open it: ${openUrl}`,
    '',
    '--',
    context.networkName,
    why,
    `Stop these emails: ${context.unsubscribeUrl}`,
    `All email settings: ${settingsUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(notification.title)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#475569">${e(context.networkName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${e(notification.title)}</h1>
<p style="margin:0 0 8px">${e(greeting)}</p>
<p style="margin:0 0 24px;line-height:1.5">${e(notification.body)}</p>
<p style="margin:0 0 24px"><a href="${e(openUrl)}" style="display:inline-block;padding:10px 16px;background:#0f5f6f;color:#ffffff;text-decoration:none;border-radius:6px">Open in ${e(context.networkName)}</a></p>
<p style="margin:0;font-size:12px;color:#64748b">${e(why)}<br>
<a href="${e(context.unsubscribeUrl)}" style="color:#475569">Stop these emails</a> · <a href="${e(settingsUrl)}" style="color:#475569">All email settings</a></p>
</td></tr></table></body></html>`;

  return {
    to: recipient.email,
    subject: `${notification.title} - ${context.networkName}`,
    text,
    html,
    messageId: `<notification-${notification.id}@${host}>`,
    headers: {
      // Sent by a machine (RFC 3834): auto-responders and vacation replies stay silent.
      'Auto-Submitted': 'auto-generated',
      'List-Unsubscribe': `<${context.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
