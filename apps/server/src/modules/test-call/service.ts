import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ringingUi, TEST_CALL_ID_PREFIX, type TestCall, type TestCallResponse } from '@toque/contracts/ringing';
import { pushSubscriptionsRepository as subscriptions } from '../../db/repositories/push-subscriptions';
import { userRoom } from '../../plugins/realtime';

export type TestCallService = ReturnType<typeof testCallService>;

/**
 * CALL-16: "Fazer uma chamada de teste" (docs/decisions/0027). The owner's own sessions get a
 * `test-call` over the socket and their push subscriptions a test push — the same two paths a real
 * call takes — and nothing is written: no call, no history, no finder. Only ever the caller's own
 * devices, so it cannot be aimed at anyone else; limited per account.
 */
export function testCallService(app: FastifyInstance, background: (work: () => Promise<unknown>) => void) {
  return {
    async ring(userId: string): Promise<TestCallResponse> {
      await app.limits.consume('testCallPerAccount', userId);
      const test: TestCall = { id: `${TEST_CALL_ID_PREFIX}${randomBytes(9).toString('base64url')}`, sentAt: new Date().toISOString() };
      const room = userRoom(userId);
      // Every process's sockets of this user (through the Redis adapter when there are several).
      const [open, devices] = await Promise.all([
        app.io.in(room).fetchSockets().catch(() => []),
        subscriptions.forUsers(app.db, [userId]),
      ]);
      app.io.to(room).emit('test-call', test);
      background(() => app.push.notify([userId], { type: 'test-call', test, text: ringingUi.card.notification }));
      return { message: ringingUi.testSent, id: test.id, openSessions: open.length, pushDevices: devices.length };
    },
  };
}
