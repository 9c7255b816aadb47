import { escapeHtml } from '../../../platform/html.ts';

/** The words of invitation emails and texts. Inviter names are escaped for the HTML part. */

export function invitationEmail(inviter: string, link: string) {
  const subject = `${inviter} invited you to Chorus`;
  const text = [
    `Hi!`,
    ``,
    `${inviter} invited you to join them on Chorus: chat with GPT, Claude, Grok, Gemini and more in one place, and turn ideas into short videos.`,
    ``,
    `Accept the invitation: ${link}`,
    ``,
    `You'll be friends on Chorus as soon as you sign up. The link works for 14 days.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a202c">
<p>Hi!</p>
<p><strong>${escapeHtml(inviter)}</strong> invited you to join them on Chorus: chat with GPT, Claude, Grok, Gemini and more in one place, and turn ideas into short videos.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#6d28d9;color:#fff;border-radius:6px;text-decoration:none">Accept the invitation</a></p>
<p style="color:#4a5568;font-size:14px">You'll be friends on Chorus as soon as you sign up. The link works for 14 days.<br>${escapeHtml(link)}</p>
</body></html>`;
  return { subject, text, html };
}

export function invitationSms(inviter: string, link: string, message?: string) {
  return message ? `${message}\n${link}` : `${inviter} invited you to Chorus: ${link}`;
}
