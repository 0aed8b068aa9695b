import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

export interface MockIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

interface PendingCode {
  identity: MockIdentity;
  nonce?: string;
  challenge: string;
  redirectUri: string;
  clientId: string;
}

/**
 * A small OpenID Connect provider on loopback: discovery, an authorize endpoint that approves
 * at once as the configured identity (or denies), a token endpoint that checks client secret,
 * redirect URI and PKCE, and a JWKS. It stands in for Google in tests.
 */
export async function startMockOidc(options: { clientId: string; clientSecret: string }) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'mock-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  let identity: MockIdentity = {
    sub: 'google-sub-1',
    email: 'reader@example.com',
    email_verified: true,
    name: 'Reader',
  };
  let deny = false;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    // Test control: browser specs run in other processes and steer the provider over HTTP.
    if (url.pathname === '/__identity' && req.method === 'POST') {
      const next = JSON.parse(await readBody(req)) as MockIdentity & { deny?: boolean };
      deny = next.deny === true;
      identity = {
        sub: next.sub,
        email: next.email,
        email_verified: next.email_verified,
        name: next.name,
      };
      return json(200, { ok: true });
    }
    if (url.pathname === '/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const state = url.searchParams.get('state') ?? '';
      const target = new URL(redirectUri);
      if (
        url.searchParams.get('client_id') !== options.clientId ||
        url.searchParams.get('code_challenge_method') !== 'S256'
      ) {
        return json(400, { error: 'invalid_request' });
      }
      if (deny) {
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          identity,
          nonce: url.searchParams.get('nonce') ?? undefined,
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri,
          clientId: options.clientId,
        });
        target.searchParams.set('code', code);
      }
      target.searchParams.set('state', state);
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const basic = Buffer.from(
        (req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [id, secret] = basic.includes(':')
        ? basic.split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (id !== options.clientId || secret !== options.clientSecret)
        return json(401, { error: 'invalid_client' });
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !pending ||
        pending.redirectUri !== form.get('redirect_uri') ||
        pending.challenge !== challenge
      ) {
        return json(400, { error: 'invalid_grant' });
      }
      const idToken = await new SignJWT({
        email: pending.identity.email,
        email_verified: pending.identity.email_verified,
        name: pending.identity.name,
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'mock-key' })
        .setIssuer(issuer)
        .setSubject(pending.identity.sub)
        .setAudience(pending.clientId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json(200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    json(404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    setIdentity(next: MockIdentity) {
      identity = next;
    },
    setDeny(value: boolean) {
      deny = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MockOidc = Awaited<ReturnType<typeof startMockOidc>>;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
