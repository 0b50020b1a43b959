import { expect, test } from 'vitest';
import { build, signUp } from './helpers';

const t = await build();
test('smoke', async () => {
  const u = await signUp(t.app);
  const r = await t.app.inject({ method: 'GET', url: '/api/profile/userName', headers: u.auth });
  expect(r.statusCode).toBe(200);
  const n = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...u, name: 'x\u0000y', email: 'nul@x.com' } });
  console.log(n.statusCode, n.body);
  const l = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000b', password: 'xxxxxx' } });
  console.log(l.statusCode, l.body);
  const m = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { } });
  console.log(m.statusCode, m.body);
  const x = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '203.0.113.9', headers: {'x-forwarded-for': '1.2.3.4'}, payload: { } });
  console.log(x.statusCode, x.body);
});
