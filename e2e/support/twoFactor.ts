import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** The authenticator app's code for `secret` now, or `offsetSteps` 30-second steps away. */
export const totpCode = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/**
 * A passkey authenticator built into `page`'s browser (Chrome's WebAuthn domain): CTAP2, keeps
 * resident keys, verifies the user and answers without a touch, so passkey ceremonies complete on
 * their own. Its CDP session and id, to read the credentials it holds.
 */
export async function addVirtualAuthenticator(
  ctx: BrowserContext,
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
