import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import { forSomeoneWaiting } from '../lib/db-deadline';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbEngine: Database['engine'];
    /** REL-06: the database's last word was an answer (true) or a failure to reach it — no query asked. */
    dbReachable: () => boolean;
  }
}

/** Decorates the app with the database; the owner of the Database (main or a test) closes it. */
export const dbPlugin = fp<{ database: Database }>(async (app, { database }) => {
  app.decorate('db', database.db);
  app.decorate('dbEngine', database.engine);
  app.decorate('dbReachable', database.reachable ?? (() => true));
  // REL-06: a request's statements have the database deadline (lib/db-deadline.ts): its handler runs inside.
  app.addHook('onRequest', (_request, _reply, done) => forSomeoneWaiting(done));
});
