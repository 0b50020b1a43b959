import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configVariables, loadConfig } from './config';

/** 48 random-looking characters: what `openssl rand -base64 36` gives. */
const STRONG = 'q8Zt3vN1xR7pL0wK5mB2yC9dF4hJ6gS-eA8uT1iO3nV7cX5z';

describe('loadConfig', () => {
  test('[SEC-01] [OPS-02] production refuses to start without a JWT secret, or with a weak one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    // 31 characters, one repeated character, and the development secret: all guessable.
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31) })).toThrow(/JWT_SECRET is weak/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'ab'.repeat(40) })).toThrow(/JWT_SECRET is weak/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'toque-development-secret-change-me' })).toThrow(
      /JWT_SECRET is weak/,
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG }).jwtSecret).toBe(STRONG);
  });

  test('[SEC-01] [SEC-05] [SEC-09] rate limits default to 30 logins per address, 10 failures per e-mail and address, 10 codes per address and 5 per account, 5 data exports per account, 20 photos per account and 30 per address, 3 recorded messages per call and 10 per address, in 15 minutes', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      loginPerIp: 30,
      loginPerEmail: 10,
      codePerIp: 10,
      codePerAccount: 5,
      registerPerIp: 10,
      claimPerIp: 30,
      exportPerAccount: 5,
      windowMs: 15 * 60 * 1000,
      tagViewPerIp: 60,
      tagViewWindowMs: 60 * 1000,
      photoPerAccount: 20,
      photoPerIp: 30,
      recordingPerCall: 3,
      recordingPerIp: 10,
    });
    // SEC-09: one photo decoded at a time, four waiting, 15 s each at most, a 64 MB heap per worker.
    expect(loadConfig({}).photos).toEqual({ workers: 1, queue: 4, timeoutMs: 15_000, workerHeapMb: 64 });
    expect(loadConfig({}).calls).toMatchObject({ perTag: 5, perIp: 10, ringingPerTag: 10 });
    expect(loadConfig({}).scans).toEqual({ windowMs: 5 * 60 * 1000, alertsPerTag: 20, locationsPerTagAddress: 5 });
    expect(loadConfig({ ARGON2_CONCURRENCY: '3' }).argon2).toEqual({ concurrency: 3, queue: 12 });
    expect(() => loadConfig({ RATE_LOGIN_PER_IP: '0' })).toThrow(/RATE_LOGIN_PER_IP/);
  });

  test('[SEC-01] only a proxy on this host may set the client address unless configured', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });

  test('[SEC-10] the Pix webhook behind mutual TLS is off unless the deploy says so, and needs TRUST_PROXY to name the proxy that verifies', () => {
    expect(loadConfig({}).billing.webhookRequiresMtls).toBe(false);
    expect(loadConfig({ PIX_WEBHOOK_REQUIRE_MTLS: 'true' }).billing.webhookRequiresMtls).toBe(true);
    expect(loadConfig({ PIX_WEBHOOK_REQUIRE_MTLS: 'false' }).billing.webhookRequiresMtls).toBe(false);
    expect(() => loadConfig({ PIX_WEBHOOK_REQUIRE_MTLS: 'yes' })).toThrow(/PIX_WEBHOOK_REQUIRE_MTLS/);
    // Every peer trusted: anyone could claim the verification; no peer trusted: nobody could.
    expect(() => loadConfig({ PIX_WEBHOOK_REQUIRE_MTLS: 'true', TRUST_PROXY: 'true' })).toThrow(/PIX_WEBHOOK_REQUIRE_MTLS/);
    expect(() => loadConfig({ PIX_WEBHOOK_REQUIRE_MTLS: 'true', TRUST_PROXY: 'false' })).toThrow(/PIX_WEBHOOK_REQUIRE_MTLS/);
    expect(loadConfig({ PIX_WEBHOOK_REQUIRE_MTLS: 'true', TRUST_PROXY: '172.28.0.10' }).billing.webhookRequiresMtls).toBe(true);
  });

  test('[OPS-08] an empty variable counts as unset: DATABASE_URL= is the embedded database, not an invalid URL', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: ' ', PORT: '', SMTP_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.smtpUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  test('[SEC-06] the published development secret never listens on a public interface', () => {
    // Without a secret of one's own the server stays on loopback by default…
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
    // …and an explicit public HOST is refused, naming JWT_SECRET, in any environment.
    for (const HOST of ['0.0.0.0', '::', '192.168.0.10', 'toque.example']) {
      expect(() => loadConfig({ HOST })).toThrow(/JWT_SECRET/);
      expect(() => loadConfig({ HOST, JWT_SECRET: 'toque-development-secret-change-me' })).toThrow(/JWT_SECRET/);
      expect(() =>
        loadConfig({ NODE_ENV: 'production', HOST, JWT_SECRET: 'toque-development-secret-change-me' }),
      ).toThrow(/JWT_SECRET/);
    }
    // A secret of one's own listens everywhere by default.
    expect(loadConfig({ JWT_SECRET: STRONG }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', JWT_SECRET: STRONG }).host).toBe('0.0.0.0');
  });

  test("[SEC-06] push hosts default to the browsers' push services; origins (tests only) are refused in production", () => {
    expect(loadConfig({}).push.hosts).toEqual([
      'fcm.googleapis.com',
      '*.push.services.mozilla.com',
      '*.notify.windows.com',
      'web.push.apple.com',
      '*.push.apple.com',
    ]);
    expect(loadConfig({}).push.maxPerUser).toBe(5);
    expect(loadConfig({ PUSH_HOSTS: 'push.example.com, *.Push.Example.org' }).push.hosts).toEqual([
      'push.example.com',
      '*.push.example.org',
    ]);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG, PUSH_HOSTS: 'http://127.0.0.1:9000' }),
    ).toThrow(/PUSH_HOSTS/);
  });

  test('[OPS-02] an unparsable DATABASE_URL, REDIS_URL or SMTP_URL stops the start, naming the variable', () => {
    for (const [name, value] of [
      ['DATABASE_URL', 'localhost:5432/toque'],
      ['DATABASE_URL', 'mysql://db/toque'],
      ['REDIS_URL', '127.0.0.1:6379'],
      ['SMTP_URL', 'smtp.example.com:587'],
      ['SMTP_URL', 'http://mail.example.com'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}: must be`));
    }
    const good = loadConfig({
      DATABASE_URL: 'postgres://toque:x@db:5432/toque',
      REDIS_URL: 'rediss://cache:6380',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    });
    expect([good.databaseUrl, good.smtpUrl]).toEqual([
      'postgres://toque:x@db:5432/toque',
      'smtps://user:pass@mail.example.com:465',
    ]);
  });

  test('[OPS-02] .env.example documents every variable the server reads, and no other', () => {
    const example = readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8');
    const documented = new Set(example.split('\n').flatMap((line) => /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(line)?.[1] ?? []));
    expect(configVariables.length).toBeGreaterThan(50);
    expect(configVariables.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented.keys()].filter((name) => !configVariables.includes(name))).toEqual([]);
  });
});
