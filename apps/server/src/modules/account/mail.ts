import { accountMailMsg } from '@toque/contracts/account';
import { mailMsg } from '@toque/contracts/mail';
import { firstName } from '@toque/contracts/names';
import type { Mail } from '../../plugins/mailer';

/** ACC-03: the old address learns that the login e-mail changed, so a takeover does not go unnoticed. */
export function emailChangedMail(user: { email: string; name: string }, newEmail: string): Mail {
  return {
    to: user.email,
    subject: accountMailMsg.emailChangedSubject,
    text: [
      `Olá, ${firstName(user.name)}!`,
      '',
      `O e-mail de acesso da sua conta Toque foi alterado para ${newEmail}.`,
      'A partir de agora, use o novo e-mail para entrar.',
      '',
      mailMsg.notYou,
      '',
      'Equipe Toque',
    ].join('\n'),
  };
}
