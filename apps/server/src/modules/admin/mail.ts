import { productLabel } from '@toque/contracts/constants';
import { tagMailMsg } from '@toque/contracts/mail';
import { firstName } from '@toque/contracts/names';
import type { Mail } from '../../plugins/mailer';

/**
 * ADM-10: the owner learns that Toque switched their tag off, and why: a finder scanning it now
 * reads that it is switched off, and nobody is rung.
 */
export function tagSwitchedOffMail(
  owner: { email: string; name: string },
  tag: { code: string; name: string; productId: number },
  reason: string | undefined,
): Mail {
  const label = tag.name.trim() || productLabel(tag.productId);
  return {
    to: owner.email,
    subject: tagMailMsg.switchedOffSubject(tag.code),
    text: [
      `Olá, ${firstName(owner.name)}!`,
      '',
      `A equipe Toque desativou o seu Toque "${label}" (${productLabel(tag.productId)}, código ${tag.code}).`,
      reason ? `Motivo: ${reason}` : 'Nenhum motivo foi informado.',
      '',
      'Enquanto ele estiver desativado, quem escanear o Toque verá que ele está desativado, e ninguém será chamado.',
      'Se você acha que isto foi um engano, responda a este e-mail ou fale com o nosso suporte.',
      '',
      'Equipe Toque',
    ].join('\n'),
  };
}
