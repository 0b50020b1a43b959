import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { outbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Real SMTP when SMTP_URL is set. Otherwise the embedded default: every mail is written to the
 * `outbox` table, which an operator reads with `npm run toque -- outbox`.
 */
export const mailerPlugin = fp<{ smtpUrl?: string | undefined; from: string }>(async (app, opts) => {
  let mailer: Mailer;
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    mailer = {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        await app.db.insert(outbox).values({ ...mail, sentAt: new Date() });
      },
    };
    app.addHook('onClose', async () => transport.close());
  } else {
    mailer = {
      async send(mail) {
        await app.db.insert(outbox).values(mail);
        app.log.info({ to: mail.to, subject: mail.subject }, 'mail written to the outbox');
      },
    };
  }
  app.decorate('mailer', mailer);
});
