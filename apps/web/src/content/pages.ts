export const authCopy = {
  loginIntro: 'Acesse a sua conta para gerenciar os seus Toques.',
  or: 'ou',
  noAccount: 'Ainda não tem conta?',
  signUpIntro: 'Cadastre-se para ativar e gerenciar os seus Toques.',
  onboardingIntro: (code: string) =>
    `Que bom ter você aqui! Crie a sua conta abaixo e o Toque de código ${code} será vinculado a ela automaticamente.`,
  onboardingFormTitle: 'Seus dados',
  productPlaceholder: 'Selecione',
  forgotIntro: 'Informe o seu e-mail e enviaremos um código para você redefinir a senha.',
  forgotSuccessText: 'Enviamos um código para o seu e-mail. Use-o para criar uma nova senha.',
  resetIntro: 'Digite o código que você recebeu por e-mail e escolha uma nova senha.',
  resetSuccessText: 'Pronto! Sua senha foi alterada. Agora é só entrar com a nova senha.',
} as const;

export const accountCopy = {
  intro: 'Altere o seu nome ou a sua senha. Ao salvar, confirme com a sua senha atual.',
  newPasswordHint: 'Deixe em branco para manter a senha atual.',
} as const;
