/** Subjects and fixed lines of the mails the server sends (tests read the same constants). */
export const mailMsg = {
  resetCodeSubject: 'Toque: seu código para redefinir a senha',
  passwordChangedSubject: 'Toque: sua senha foi alterada',
  passwordResetSubject: 'Toque: sua senha foi redefinida',
  /** SEC-06: what the outbox shows of a mail once SMTP delivered it (the body may have held a reset code). */
  clearedAfterSending: '(texto apagado após o envio por SMTP)',
  notYou:
    'Se não foi você, redefina a senha agora pela opção "Esqueci minha senha" na tela de entrada ' +
    'e fale com o suporte do Toque.',
} as const;

/** TAG-11: the invitation to share a tag with someone who has no account yet. */
export const tagMailMsg = {
  invitationSubject: (ownerFirstName: string) => `${ownerFirstName} compartilhou um Toque com você`,
  /** CONDO-14: a síndico added an e-mail with no account to a unit. */
  unitInvitationSubject: (condominium: string) => `Você foi cadastrado(a) como morador(a) no ${condominium}`,
  /** ADM-10: an administrator switched one of the owner's tags off. */
  switchedOffSubject: (code: string) => `Seu Toque ${code} foi desativado`,
} as const;

/** FIN-05: the renewal reminders, 7 and 1 days before the due date and 3 days after it (once each per due date). */
export type PlanReminderKind = '7d' | '1d' | 'late3d';

export const planMailMsg = {
  subject: {
    '7d': (tag: string) => `Seu Toque ${tag} vence em 7 dias`,
    '1d': (tag: string) => `Seu Toque ${tag} vence amanhã`,
    late3d: (tag: string) => `O plano do seu Toque ${tag} está em atraso`,
  } satisfies Record<PlanReminderKind, (tag: string) => string>,
  lead: {
    '7d': (tag: string, due: string) => `O plano do seu Toque "${tag}" vence em ${due}, daqui a 7 dias.`,
    '1d': (tag: string, due: string) => `O plano do seu Toque "${tag}" vence amanhã, ${due}.`,
    late3d: (tag: string, due: string) => `O plano do seu Toque "${tag}" venceu em ${due} e ainda não foi pago.`,
  } satisfies Record<PlanReminderKind, (tag: string, due: string) => string>,
  value: (reais: string, per: string) => `Valor: ${reais} ${per}.`,
  pay: (link: string) => `Para pagar com Pix, abra o Financeiro: ${link}`,
  suspension: (days: number) =>
    `Com mais de ${days} dias de atraso o Toque é suspenso: quem o encontrar só poderá deixar uma mensagem, sem chamar você (no modo perdido ele continua chamando). Pagar reativa na hora.`,
  paidAlready: 'Se você já pagou, desconsidere esta mensagem.',
} as const;
