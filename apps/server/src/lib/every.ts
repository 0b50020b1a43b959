import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` soon after the server starts and then every `intervalMs`, never two at once in this
 * process; its failures are logged (`what` names it), and closing the server waits for a run in
 * progress. The data-retention purges and the plan reminders use it (docs/decisions/0016: every process runs them, and
 * their statements are idempotent, so processes racing are harmless).
 */
export function every(app: FastifyInstance, what: string, intervalMs: number, job: () => Promise<void>) {
  let running: Promise<void> | null = null;

  function run() {
    running ??= job()
      .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const first = setTimeout(() => void run(), 0);
  const timer = setInterval(() => void run(), intervalMs);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
