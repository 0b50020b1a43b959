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
