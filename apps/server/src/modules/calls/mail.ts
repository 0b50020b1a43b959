import { productLabel } from '@toque/contracts/constants';
import { osmLink } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import type { Mail } from '../../plugins/mailer';
import { brasiliaDateTime } from '@toque/contracts/time-format';

export interface CallSummary {
  tagName: string;
  productId: number;
  unitName: string | null;
  startedAt: Date;
  latitude: number | null;
  longitude: number | null;
  message?: string | null;
  /** FIND-13: the message went to a conversation, answered in Conversas. */
  conversationId?: string | null;
}

/** What the owner recognises the tag by: its name, else its type ('Pet'). */
function tagLabel(s: Pick<CallSummary, 'tagName' | 'productId'>): string {
  return s.tagName.trim() || productLabel(s.productId);
}

function details(s: CallSummary): string[] {
  const where =
    s.latitude !== null && s.longitude !== null ? `Localização: ${osmLink(s.latitude, s.longitude)}` : callMsg.locationUnknown;
  return [
    `Toque: ${tagLabel(s)}`,
    ...(s.unitName !== null ? [`Unidade: ${s.unitName}`] : []),
    `Horário: ${brasiliaDateTime.format(s.startedAt)}`,
    where,
  ];
}

/** CALL-03 / CALL-07: nobody answered in time. */
export function missedCallMail(to: string, s: CallSummary): Mail {
  return {
    to,
    subject: `${callMsg.missedSubject}: ${tagLabel(s)}`,
    text: [`Alguém chamou pelo seu Toque e ninguém atendeu.`, '', ...details(s), '', 'Equipe Toque'].join('\n'),
  };
}

/** CALL-07: the finder's text after a call nobody answered. */
export function messageMail(to: string, s: CallSummary & { message: string }): Mail {
  return {
    to,
    subject: `${callMsg.messageSubject}: ${tagLabel(s)}`,
    text: [
      'Quem encontrou seu Toque deixou uma mensagem:',
      '',
      s.message,
      '',
      ...details(s),
      '',
      ...(s.conversationId ? [callMsg.answerInConversations, ''] : []),
      'Equipe Toque',
    ].join('\n'),
  };
}
