/**
 * Google sign-in hands the browser a one-time code in the callback page's fragment
 * (`/auth/google-success#code=…`), never tokens in a URL: browsers do not send a fragment to
 * any server, proxy or log. The page trades it for tokens (api/auth/exchange-google-code.ts).
 */
export function loginCodeFrom(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code');
  return code?.trim() ? code : null;
}
