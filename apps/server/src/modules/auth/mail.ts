import { mailMsg } from '@toque/contracts/mail';
import { paths } from '@toque/contracts/routes';
import { firstName } from '@toque/contracts/names';
import type { Mail } from '../../plugins/mailer';
import { brasiliaDateTime } from '@toque/contracts/time-format';

/** ACC-04: the reset page on the public address, the e-mail filled in (`?email=`, URL-encoded). */
export function resetPageLink(publicUrl: string, email: string): string {
  return `${publicUrl.replace(/\/$/, '')}${paths.resetPassword}?${new URLSearchParams({ email }).toString()}`;
}

/** AUTH-11: the 6-digit code that lets the user choose a new password; ACC-04: and the page to type it in. */
export function resetCodeMail(user: { email: string; name: string }, code: string, publicUrl: string): Mail {
  return {
    to: user.email,
    subject: mailMsg.resetCodeSubject,
    text:
      `Olá, ${firstName(user.name)}!\n\n` +
      `Seu código para redefinir a senha do Toque é: ${code}\n\n` +
      `Digite-o nesta página: ${resetPageLink(publicUrl, user.email)}\n\n` +
      `Ele vale por 15 minutos e só pode ser usado uma vez. ` +
      `Se você não pediu para redefinir a senha, ignore esta mensagem.\n\nEquipe Toque`,
  };
}

/** Tells the user the password changed (ACC-01) or was reset (AUTH-12), so a takeover does not go unnoticed. */
export function passwordChangedMail(
  user: { email: string; name: string },
  how: 'changed' | 'reset',
  at = new Date(),
): Mail {
  const what = how === 'changed' ? 'alterada' : 'redefinida com um código enviado a este e-mail';
  return {
    to: user.email,
    subject: how === 'changed' ? mailMsg.passwordChangedSubject : mailMsg.passwordResetSubject,
    text: [
      `Olá, ${firstName(user.name)}!`,
      '',
      `A senha da sua conta Toque foi ${what} em ${brasiliaDateTime.format(at)} (horário de Brasília).`,
      'Por segurança, as sessões abertas em outros aparelhos foram encerradas.',
      '',
      mailMsg.notYou,
      '',
      'Equipe Toque',
    ].join('\n'),
  };
}
