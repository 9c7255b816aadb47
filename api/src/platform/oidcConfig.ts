import { z } from 'zod';

/**
 * Sign-in providers (OIDC_PROVIDERS): a JSON list. An OpenID Connect provider is found by its
 * issuer URL (discovery); GitHub, which speaks OAuth 2.0 but not OpenID Connect, is `"type": "github"`
 * and needs no issuer (for GitHub Enterprise Server, `issuer` is its address and `apiUrl` its REST
 * API, e.g. https://github.example.com and https://github.example.com/api/v3). Each gets a button on /login and the callback
 * `{PUBLIC_URL}/api/auth/oidc/{id}/callback`, which is what to register with the provider.
 */
export const oidcProviderSchema = z
  .object({
    /** In URLs: /api/auth/oidc/{id}/start. */
    id: z.string().regex(/^[a-z0-9-]{1,30}$/, 'id: 1-30 lowercase letters, digits or dashes'),
    /** The button's label: "Sign in with {name}". */
    name: z.string().min(1).max(40),
    type: z.enum(['oidc', 'github']).default('oidc'),
    issuer: z.string().url().optional(),
    /** GitHub only: where its REST API answers (default https://api.github.com). */
    apiUrl: z.string().url().optional(),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    scope: z.string().optional(),
  })
  .refine((p) => p.type === 'github' || p.issuer, {
    message: 'issuer is required for an OpenID Connect provider',
  })
  // The access token travels to it: plain HTTP only to this machine (a local test server).
  .refine(
    (p) =>
      !p.apiUrl ||
      /^https:/.test(p.apiUrl) ||
      /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(p.apiUrl),
    {
      message: 'apiUrl must be https (plain http only for localhost)',
    },
  );

export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;

export const oidcProvidersSetting = z
  .string()
  .default('[]')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list' });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(oidcProviderSchema).refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
      message: 'ids must be unique',
    }),
  );
