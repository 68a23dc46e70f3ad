#!/usr/bin/env node
// A real OpenID Provider for tests: npm `oidc-provider` (a certified implementation), with one
// client for Cardsmith, PKCE, and back-channel logout delivered to Cardsmith.
//
//   node end2end/oidc/op.mjs <port> <cardsmith-base-url>
//
// Issuer http://127.0.0.1:<port>; client `cardsmith` / secret `cardsmith-test-secret`.
// Sign in at its own login form (devInteractions) with any login and password: the login is
// the subject, and the email is the login when it contains "@", else <login>@example.com.
// The provider says it verified that email, except for a login starting with "unverified".
// Prints "oidc-provider ready at <issuer>" once it listens.
//
// Test-only routes (never part of a real provider):
//   POST /test/logout?sub=..&sid=..   the provider's own back-channel logout delivery
//   POST /test/sign  {header, claims, key: "provider" | "other" | "none"}
//                    a JWT signed with the provider's key (or another key, or unsigned), so
//                    tests can forge logout tokens that differ from a valid one in one point.
import http from 'node:http';
import Provider from 'oidc-provider';
import * as jose from 'jose';

const port = Number(process.argv[2]);
const rpBase = (process.argv[3] ?? '').replace(/\/$/, '');
if (!port || !rpBase) {
  console.error('usage: node end2end/oidc/op.mjs <port> <cardsmith-base-url>');
  process.exit(2);
}
const issuer = `http://127.0.0.1:${port}`;
const CLIENT_ID = 'cardsmith';
const CLIENT_SECRET = 'cardsmith-test-secret';
const KID = 'op-key-1';

const signingKey = await jose.generateKeyPair('RS256', { extractable: true });
const otherKey = await jose.generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await jose.exportJWK(signingKey.privateKey)), kid: KID, use: 'sig', alg: 'RS256' };

function account(id) {
  const email = id.includes('@') ? id : `${id}@example.com`;
  const name = id.split('@')[0].replace(/^./, (c) => c.toUpperCase());
  const email_verified = !id.startsWith('unverified');
  return { accountId: id, claims: () => ({ sub: id, email, email_verified, name }) };
}

const provider = new Provider(issuer, {
  clients: [{
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    // native + loopback redirect: the provider accepts the callback on any port (RFC 8252
    // §7.3), so API tests whose server port is only known later still register.
    application_type: 'native',
    redirect_uris: [`${rpBase}/api/auth/oidc/callback`],
    post_logout_redirect_uris: [`${rpBase}/`],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    backchannel_logout_uri: `${rpBase}/api/auth/oidc/backchannel-logout`,
    backchannel_logout_session_required: true,
  }],
  jwks: { keys: [jwk] },
  features: {
    devInteractions: { enabled: true },
    backchannelLogout: { enabled: true },
    rpInitiatedLogout: { enabled: true },
  },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: (_ctx, id) => account(id),
  pkce: { required: () => true },
  cookies: { keys: ['cardsmith-test-op-cookie-key'] },
  // Its SSRF guard refuses to deliver to loopback addresses, where Cardsmith runs in tests.
  fetch: (url, options) => {
    delete options.dispatcher;
    return globalThis.fetch(url, options);
  },
});
provider.on('server_error', (_ctx, err) => console.error('op server_error', err));
provider.on('backchannel.error', (_client, err) => console.error('op backchannel.error', err.message));

async function body(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

const b64 = (obj) => Buffer.from(JSON.stringify(obj)).toString('base64url');

async function sign({ header, claims, key }) {
  if (key === 'none') return `${b64(header)}.${b64(claims)}.`;
  const privateKey = key === 'other' ? otherKey.privateKey : signingKey.privateKey;
  return new jose.CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader(header)
    .sign(privateKey);
}

async function testRoute(req, res, url) {
  if (req.method === 'POST' && url.pathname === '/test/logout') {
    const client = await provider.Client.find(CLIENT_ID);
    try {
      await client.backchannelLogout(url.searchParams.get('sub'), url.searchParams.get('sid'));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('delivered');
    } catch (err) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(String(err.message));
    }
    return;
  }
  if (req.method === 'POST' && url.pathname === '/test/sign') {
    const token = await sign(JSON.parse(await body(req)));
    res.writeHead(200, { 'content-type': 'text/plain' }).end(token);
    return;
  }
  res.writeHead(404).end();
}

const handler = provider.callback();
http
  .createServer((req, res) => {
    const url = new URL(req.url, issuer);
    if (url.pathname.startsWith('/test/')) {
      testRoute(req, res, url).catch((err) => res.writeHead(500).end(String(err)));
    } else {
      handler(req, res);
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`oidc-provider ready at ${issuer}`));
