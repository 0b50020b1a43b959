/**
 * Copy of the pages that later issues finish: each says plainly what it is and that it is
 * being built, so nobody mistakes a placeholder for a broken page.
 */
export interface PlaceholderCopy {
  title: string;
  text: string;
}

const building = 'Esta página está sendo construída.';

function page(title: string, about: string): PlaceholderCopy {
  return { title, text: `${about} ${building}` };
}

export const placeholders = {
  call: page('Chamada', 'Aqui você vai atender as chamadas de quem encontrou o seu Toque.'),
  finder: page('Chamar o dono', 'Aqui quem encontrou este Toque vai poder chamar o dono por vídeo.'),
  finance: page('Financeiro', 'Aqui você vai ver o seu plano, o cartão vinculado e o histórico de pagamentos.'),
  dashboardManual: page('Manual de Uso', 'Aqui você vai encontrar o passo a passo para usar o seu Toque.'),
  products: page('Meus Produtos', 'Aqui você vai ver e gerenciar todos os seus Toques.'),
  editTag: page('Editar Toque', 'Aqui você vai editar o nome e as informações importantes do seu Toque.'),
} as const;

export const dashboardCopy = {
  text: 'Este é o seu painel. Em breve você verá aqui os seus Toques, o financeiro, o manual de uso e as perguntas frequentes.',
} as const;

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
  googleUnavailable: 'Login com Google ainda não está disponível.',
} as const;

export const accountCopy = {
  intro: 'Altere o seu nome ou a sua senha. Para salvar, confirme com a sua senha atual.',
  newPasswordHint: 'Deixe em branco para manter a senha atual.',
} as const;
