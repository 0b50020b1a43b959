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
});
