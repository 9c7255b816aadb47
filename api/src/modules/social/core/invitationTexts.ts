import { escapeHtml } from '../../../platform/html.ts';
import { msg, translate } from '../../../platform/i18n.ts';

/**
 * The words of invitation emails and texts, in the inviter's language (their account's setting:
 * api/src/platform/i18n.ts). Inviter names are escaped for the HTML part.
 */

const INVITED = msg(
  '{inviter} invited you to join them on Chorus: chat with GPT, Claude, Grok, Gemini and more in one place, and turn ideas into short videos.',
);
/** Where the inviter's name goes in the HTML sentence, filled after the sentence is escaped. */
const NAME_SLOT = '\uE000';
const FRIENDS_SOON = msg("You'll be friends on Chorus as soon as you sign up. The link works for 14 days.");

export function invitationEmail(language: string, inviter: string, link: string) {
  const tr = (text: string, values?: Record<string, unknown>) => translate(language, text, values);
  const subject = tr(msg('{inviter} invited you to Chorus'), { inviter });
  const text = [
    tr(msg('Hi!')),
    ``,
    tr(INVITED, { inviter }),
    ``,
    tr(msg('Accept the invitation: {link}'), { link }),
    ``,
    tr(FRIENDS_SOON),
  ].join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a202c">
<p>${escapeHtml(tr(msg('Hi!')))}</p>
<p>${escapeHtml(tr(INVITED, { inviter: NAME_SLOT })).replace(NAME_SLOT, () => `<strong>${escapeHtml(inviter)}</strong>`)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#6d28d9;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(tr(msg('Accept the invitation')))}</a></p>
<p style="color:#4a5568;font-size:14px">${escapeHtml(tr(FRIENDS_SOON))}<br>${escapeHtml(link)}</p>
</body></html>`;
  return { subject, text, html };
}

export function invitationSms(language: string, inviter: string, link: string, message?: string) {
  return message
    ? `${message}\n${link}`
    : translate(language, msg('{inviter} invited you to Chorus: {link}'), { inviter, link });
}
