/**
 * Visible labels of the account screens that are not in the specification's catalogue but that
 * both the screens and the browser tests name (field labels, button names, headings).
 */
export const ui = {
  fields: {
    name: 'Nome completo',
    email: 'E-mail',
    login: 'E-mail',
    password: 'Senha',
    confirmPassword: 'Confirmar senha',
    phone: 'Telefone',
    cpfOrCnpj: 'CPF ou CNPJ',
    productType: 'Tipo do produto',
    resetCode: 'Código recebido',
    newPassword: 'Nova senha',
    confirmNewPassword: 'Confirmar nova senha',
    accountName: 'Nome',
    currentPassword: 'Senha atual',
    accountNewPassword: 'Nova senha (opcional)',
  },
  buttons: {
    login: 'Entrar',
    signUp: 'Cadastrar',
    onboarding: 'Criar conta e vincular',
    sendCode: 'Enviar código',
    resetPassword: 'Redefinir senha',
    saveProfile: 'Salvar alterações',
    google: 'Entrar com Google',
    logout: 'Sair',
    editProfile: 'Editar Perfil',
    backHome: 'Voltar ao início',
    accountMenu: 'Menu da conta',
  },
  links: {
    forgotPassword: 'Esqueci minha senha',
    signUp: 'Criar conta',
    login: 'Já tenho conta',
    goToLogin: 'Ir para o login',
    goToReset: 'Já tenho o código',
  },
  headings: {
    login: 'Entrar na sua conta',
    signUp: 'Crie sua conta',
    onboarding: 'Bem-vindo ao Toque!',
    forgotPassword: 'Esqueceu sua senha?',
    forgotPasswordSuccess: 'Código enviado!',
    resetPassword: 'Redefinir senha',
    resetPasswordSuccess: 'Senha redefinida!',
    account: 'Minha Conta',
    dashboard: 'Início',
  },
} as const;
