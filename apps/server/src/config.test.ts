import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  test('[SEC-01] production refuses to start without a JWT secret, or with a short one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-long-enough-secret' }).jwtSecret).toBe(
      'a-long-enough-secret',
    );
  });

  test('[SEC-01] [SEC-05] rate limits default to 30 logins per address, 10 failures per e-mail and address, 10 codes per address and 5 per account, in 15 minutes', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      loginPerIp: 30,
      loginPerEmail: 10,
      codePerIp: 10,
      codePerAccount: 5,
      registerPerIp: 10,
      claimPerIp: 30,
      windowMs: 15 * 60 * 1000,
      tagViewPerIp: 60,
      tagViewWindowMs: 60 * 1000,
    });
    expect(loadConfig({}).calls).toMatchObject({ perTag: 5, perIp: 10, ringingPerTag: 10 });
    expect(loadConfig({ ARGON2_CONCURRENCY: '3' }).argon2).toEqual({ concurrency: 3, queue: 12 });
    expect(() => loadConfig({ RATE_LOGIN_PER_IP: '0' })).toThrow(/RATE_LOGIN_PER_IP/);
  });

  test('[SEC-01] only a proxy on this host may set the client address unless configured', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
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
      expect(() => loadConfig({ NODE_ENV: 'production', HOST, JWT_SECRET: 'toque-development-secret-change-me' })).toThrow(/JWT_SECRET/);
    }
    // A secret of one's own listens everywhere by default.
    expect(loadConfig({ JWT_SECRET: 'a-long-enough-secret' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', JWT_SECRET: 'a-long-enough-secret' }).host).toBe('0.0.0.0');
  });

  test('[SEC-06] push hosts default to the browsers\' push services; origins (tests only) are refused in production', () => {
    expect(loadConfig({}).push.hosts).toEqual([
      'fcm.googleapis.com',
      '*.push.services.mozilla.com',
      '*.notify.windows.com',
      'web.push.apple.com',
      '*.push.apple.com',
    ]);
    expect(loadConfig({}).push.maxPerUser).toBe(5);
    expect(loadConfig({ PUSH_HOSTS: 'push.example.com, *.Push.Example.org' }).push.hosts).toEqual(['push.example.com', '*.push.example.org']);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-long-enough-secret', PUSH_HOSTS: 'http://127.0.0.1:9000' }),
    ).toThrow(/PUSH_HOSTS/);
  });
});
