import { productLabel } from '@toque/contracts/constants';
import { tagMailMsg } from '@toque/contracts/mail';
import { paths } from '@toque/contracts/routes';
import { firstName } from '@toque/contracts/names';
import type { Mail } from '../../plugins/mailer';

/** The sign-up page on the public address, the invited e-mail filled in. */
function signUpLink(publicUrl: string, email: string): string {
  return `${publicUrl.replace(/\/$/, '')}${paths.signUp}?${new URLSearchParams({ email }).toString()}`;
}

/**
 * TAG-11: an owner shared a tag with an e-mail that has no account yet. Only the owner's first name
 * and the tag's name and type: nothing a stranger could not read on the finder's page.
 */
export function invitationMail(
  to: string,
  invite: { ownerName: string; tagName: string; productId: number },
  publicUrl: string,
): Mail {
  const owner = firstName(invite.ownerName);
  const tag = invite.tagName.trim() || productLabel(invite.productId);
  return {
    to,
    subject: tagMailMsg.invitationSubject(owner),
    text: [
      'Olá!',
      '',
      `${owner} quer compartilhar com você o Toque "${tag}" (${productLabel(invite.productId)}).`,
      'Quando alguém escanear este Toque e chamar, o seu navegador também vai tocar, e você poderá atender.',
      '',
      `Para aceitar, crie a sua conta com este e-mail (${to}): ${signUpLink(publicUrl, to)}`,
      'O convite é aceito assim que a conta é criada.',
      '',
      'Se você não conhece esta pessoa, ignore esta mensagem: nada acontece sem a sua conta.',
      '',
      'Equipe Toque',
    ].join('\n'),
  };
}
