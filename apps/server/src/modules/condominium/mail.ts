import { tagMailMsg } from '@toque/contracts/mail';
import { paths } from '@toque/contracts/routes';
import { firstName } from '@toque/contracts/names';
import type { Mail } from '../../plugins/mailer';

/**
 * CONDO-14: a síndico added an e-mail with no account yet to a unit. The building's name and the
 * unit's, the síndico's first name: what the plate on the door already says.
 */
export function unitInvitationMail(
  to: string,
  invite: { sindicoName: string; condominium: string; unit: string },
  publicUrl: string,
): Mail {
  const sindico = firstName(invite.sindicoName) || 'O síndico';
  const link = `${publicUrl.replace(/\/$/, '')}${paths.signUp}?${new URLSearchParams({ email: to }).toString()}`;
  return {
    to,
    subject: tagMailMsg.unitInvitationSubject(invite.condominium),
    text: [
      'Olá!',
      '',
      `${sindico} cadastrou você como morador(a) de ${invite.unit}, no ${invite.condominium}.`,
      'Quando um visitante escolher a sua unidade na placa Toque da portaria, o seu navegador vai tocar e você poderá atender por vídeo.',
      '',
      `Para entrar na unidade, crie a sua conta com este e-mail (${to}): ${link}`,
      'Você entra na unidade assim que a conta é criada.',
      '',
      'Se você não mora lá, ignore esta mensagem: nada acontece sem a sua conta.',
      '',
      'Equipe Toque',
    ].join('\n'),
  };
}
