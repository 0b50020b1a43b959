/**
 * Every user-facing Portuguese string of the specification's catalogue (sections 5 and 8).
 * Screens and tests import the same constant, so a typo shows up once.
 */
export const msg = {
  required: 'Campo obrigatório',
  emailInvalidRegister: 'Email inválido',
  emailInvalid: 'E-mail inválido',
  phoneInvalid: 'Telefone inválido',
  cpfInvalid: 'CPF ou CNPJ inválido',
  passwordMin: 'A senha deve ter no mínimo 6 caracteres',
  confirmRequired: 'Confirme sua senha',
  passwordsDontMatch: 'As senhas não coincidem',
  productTypeRequired: 'Selecione o tipo do produto',
  resetCodeRequired: 'Informe o código recebido',
  resetConfirmRequired: 'Confirme a nova senha',
  nameEmpty: 'Nome não pode ficar vazio',
  nameMax: 'O nome deve ter no máximo 50 caracteres',
  currentPasswordRequired: 'Você precisa informar sua senha atual',
  tagCodeLength: 'O código precisa ter exatamente 8 caracteres.',
  tagNameEmpty: 'O nome não pode ficar vazio',
  /** FIND-02: lost mode on the edit page. */
  lostMessageRequired: 'Escreva uma mensagem para quem encontrar o seu Toque.',
  lostMessageTooLong: 'A mensagem deve ter no máximo 280 caracteres.',
  lostRewardTooLong: 'A recompensa deve ter no máximo 80 caracteres.',
  /** FIND-09: the lost notice's city. */
  lostCityTooLong: 'A cidade deve ter no máximo 80 caracteres.',
  /** TAG-11: the reward as an amount in reais. */
  lostRewardAmountInvalid: 'Informe a recompensa em reais, por exemplo 200 ou 150,50.',
  lostRewardAmountTooHigh: 'A recompensa deve ser de no máximo R$ 100.000,00.',

  loginSuccess: 'Login realizado com sucesso',
  loginFailure: 'Falha no login. Verifique suas credenciais.',
  loginNoToken: 'Login não retornou token.',
  logoutSuccess: 'Logout realizado com sucesso',
  loadUserError: 'Erro ao carregar usuário',

  registerConflict: 'Usuário já cadastrado.',
  registerError: 'Erro ao cadastrar. Tente novamente.',
  registerSuccess: 'Cadastro realizado com sucesso!',
  registerAutoLoginFailure: 'Cadastro criado, mas falha ao logar. Tente entrar manualmente.',

  onboardingNoToken: 'Resposta de onboarding não retornou token.',
  onboardingConflict: 'Usuário já cadastrado.',
  onboardingBadCredentials: 'Credenciais inválidas.',
  onboardingQrNotFound: 'QR Code não encontrado.',
  onboardingError: 'Erro durante o onboarding.',
  onboardingSuccess: 'Conta criada e QR vinculado!',

  forgotUserNotFound: 'Usuário não encontrado.',
  forgotError: 'Erro ao enviar o código.',

  resetInvalidCode: 'Código inválido ou expirado.',
  resetUserNotFound: 'Usuário não encontrado.',
  resetPasswordsDontMatch: 'As senhas não coincidem.',
  resetError: 'Erro ao redefinir a senha.',
  resetSuccess: 'Senha alterada com sucesso!',

  profileWrongPassword: 'Senha incorreta. Por favor, verifique sua senha e tente novamente.',
  profileError: 'Ocorreu um erro ao atualizar o nome. Tente novamente mais tarde.',
  profileSuccess: 'Perfil atualizado com sucesso!',

  addTagFailurePrefix: 'Falha ao adicionar toque: ',
  updateNameFailurePrefix: 'Falha ao atualizar nome: ',
  removeMemberFailurePrefix: 'Falha ao remover membro: ',

  notFoundTitle: 'Página não encontrada',
  notFoundText: 'Esse toque não funcionou.',
  comingSoonTitle: 'Falta só um toque.',

  tagsLoading: 'Carregando...',
  tagsEmpty: 'Você não possui toques adquiridos.',
  condoNoPermission: 'Você não tem permissões para alterar esse Toque. Contate o seu Síndico.',
  unitsLoadError: 'Não foi possível carregar unidades.',
  unitCreateError: 'Falha ao criar unidade.',
  condoCreateSuccess: 'Condomínio e unidades criadas com sucesso!',
  unitParamsMissing: 'Parâmetros da URL não informados.',
  unitNotFound: 'Informação não encontrada.',
  unitNameEmpty: 'O nome da unidade não pode ficar vazio',
  unitNameMax: 'O nome da unidade deve ter no máximo 15 caracteres',
  unitQuantityInvalid: 'Informe uma quantidade de unidades entre 1 e 10.',
  condoEmailNotFound: 'Não foi possível criar as unidades: o e-mail do síndico não foi encontrado.',
  clientsSearchPlaceholder: 'Informe o CPF',
  geoNotFound: 'Localização não encontrada',
  geoError: 'Erro ao carregar endereço',
  callIncoming: 'está te chamando...',
} as const;

/** Server-side error messages (the `{ message }` of a 4xx). */
export const apiMsg = {
  validation: 'Dados inválidos.',
  unauthorized: 'Não autenticado.',
  invalidToken: 'Sessão inválida ou expirada.',
  forbidden: 'Acesso negado.',
  notFound: 'Recurso não encontrado.',
  routeNotFound: 'Rota não encontrada.',
  tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  busy: 'Servidor ocupado no momento. Tente novamente em alguns segundos.',
  /** REL-06: the database does not answer (503 with Retry-After, docs/decisions/0051). */
  databaseUnavailable: 'Serviço temporariamente indisponível. Tente novamente em alguns segundos.',
  internal: 'Erro interno. Tente novamente mais tarde.',
  /** No answer at all (the web client's status 0). */
  network: 'Não foi possível falar com o servidor. Verifique sua conexão.',
  badCredentials: 'E-mail ou senha incorretos.',
  userExists: 'Usuário já cadastrado.',
  userNotFound: 'Usuário não encontrado.',
  qrNotFound: 'QR Code não encontrado.',
  qrUnavailable: 'Este QR Code não está disponível para cadastro.',
  qrTypeMismatch: 'O tipo de produto não corresponde a este QR Code.',
  resetInvalidCode: 'Código inválido ou expirado.',
  passwordsDontMatch: 'As senhas não coincidem.',
  wrongPassword: 'Senha incorreta.',
  operatorOnly: 'Operação restrita ao operador local.',
} as const;

/** The server's success answers (`{ message }`) that no screen names elsewhere: our wording. */
export const replyMsg = {
  codeSent: 'Código enviado para o seu e-mail.',
  messageSent: 'Mensagem enviada.',
  pushEnabled: 'Notificações ativadas.',
} as const;

/** Server messages of the tag rules (the add-tag modal shows them after 'Falha ao adicionar toque: '). */
export const tagMsg = {
  codeNotFound: 'Código não encontrado.',
  alreadyYours: 'Este toque já está na sua conta.',
  ownedByAnother: 'Este código já pertence a outra conta.',
  inactive: 'Este toque está inativo. Fale com o suporte.',
  disabled: 'Este toque foi excluído e não pode mais ser usado.',
  unitFull: 'Esta unidade já tem 3 moradores.',
  alreadyResident: 'Você já é morador desta unidade.',
  tagNotFound: 'Toque não encontrado.',
  ownerOnly: 'Só o dono do toque pode fazer isso.',
  membersFull: 'Este toque já é compartilhado com 3 pessoas.',
  memberNotFound: 'Membro não encontrado.',
  memberUserNotFound: 'Não há conta com este e-mail.',
  alreadyMember: 'Esta pessoa já recebe as chamadas deste toque.',
  cannotShareWithSelf: 'Você já é o dono deste toque.',
  plateNotShared: 'Uma placa de condomínio não é compartilhada: as chamadas vão para os moradores de cada unidade.',
  /** TAG-11: sharing with an e-mail that has no account yet sends an invitation. */
  alreadyInvited: 'Já existe um convite pendente para este e-mail.',
  invitationNotFound: 'Convite não encontrado.',
} as const;

/** FIND-09: the server's answers to a photo upload (the edit page shows them). */
export const photoMsg = {
  notImage: 'Este arquivo não é uma foto. Envie uma foto em JPEG, PNG, WebP ou HEIC.',
  tooLarge: 'A foto deve ter no máximo 10 MB.',
  tooManyPixels: 'Esta foto é grande demais para ser processada. Envie uma foto de no máximo 50 megapixels.',
  /** SEC-09: HEIF/HEIC is decoded whole (no shrink-on-load), so its cap is lower (PHOTO_MAX_HEIF_PIXELS, lib/photo.ts). */
  heifTooManyPixels:
    'Esta foto HEIC é grande demais para ser processada. Envie uma foto HEIC de no máximo 25 megapixels, ou em JPEG.',
  /** SEC-09: the re-encode ran past its time cap (PHOTO_TIMEOUT_MS). */
  tooSlow: 'Esta foto demorou demais para ser processada. Envie uma foto menor ou em JPEG.',
  /** SEC-09: every photo worker is busy and the queue is full (503 with Retry-After). */
  busy: 'Muitas fotos sendo processadas agora. Tente novamente em alguns segundos.',
  /** SEC-09: the photo routes' rate limits (429 with Retry-After). */
  tooManyUploads: 'Muitas fotos enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  plateHasNoPhoto: 'Uma placa de condomínio não tem foto.',
  notFound: 'Foto não encontrada.',
  saved: 'Foto salva.',
  removed: 'Foto removida.',
} as const;

/** Server messages of the call (CALL-01…13): the finder's page and the owner's /call page show them. */
export const callMsg = {
  tagNotFound: 'Toque não encontrado.',
  unclaimed: 'Este toque ainda não foi ativado pelo dono.',
  inactive: 'Este toque está inativo e não pode receber chamadas.',
  disabled: 'Este toque foi excluído e não pode receber chamadas.',
  /** FIN-05 (docs/decisions/0040): a suspended tag, not in lost mode; never a word about money to the finder. */
  suspended: 'Este toque não pode receber chamadas agora. Você pode deixar uma mensagem para o dono.',
  unitRequired: 'Escolha a unidade que você quer chamar.',
  unitEmpty: 'Esta unidade ainda não tem moradores cadastrados.',
  temporaryUnit: 'Unidade temporária',
  callNotFound: 'Chamada não encontrada.',
  callOver: 'Esta chamada já terminou.',
  callAnswered: 'Esta chamada já foi atendida.',
  answeredElsewhere: 'Esta chamada já foi atendida em outro aparelho.',
  notRecipient: 'Você não pode entrar nesta chamada.',
  invalidCallerToken: 'Chamada inválida ou expirada.',
  messageAlreadyLeft: 'Você já deixou uma mensagem nesta chamada.',
  tooManyRinging: 'Este toque já está recebendo muitas chamadas agora. Tente novamente em instantes.',
  socketUnauthorized: 'Conexão não autorizada.',
  pushEndpointInsecure: 'O endereço de notificação precisa usar https.',
  pushEndpointNotAllowed: 'Este endereço de notificação não é de um serviço de notificações conhecido.',
  pushKeysInvalid: 'As chaves de notificação são inválidas.',
  badSocketPayload: 'Mensagem inválida.',
  missedSubject: 'Chamada não atendida',
  messageSubject: 'Nova mensagem no seu Toque',
  /** FIND-13: a message after a call is a conversation: where the owner answers it. */
  answerInConversations: 'Responda pelo painel, em Conversas.',
  locationUnknown: 'Localização não informada.',
  /** FIND-01 / FIND-02: scan alerts (history, push, e-mail). */
  scanned: (tagName: string) => `Seu Toque ${tagName} foi escaneado`,
  scannedAt: (tagName: string, locality: string) => `Seu Toque ${tagName} foi escaneado em ${locality}`,
  lostScannedSubject: 'Seu Toque perdido foi escaneado',
  locationShared: 'Localização enviada ao dono.',
  /** CALL-15: a way to be called back, and a message on a switched-off tag. */
  callbackInvalid: 'Informe um telefone com DDD ou um e-mail válido.',
  callbackAlreadyLeft: 'Você já deixou um contato nesta chamada.',
  callbackSaved: 'Contato enviado ao dono.',
  tagMessageNotAllowed: 'Este toque não recebe mensagens.',
} as const;

/** Server messages of condominiums and units (CONDO-*, ADM-02). */
export const condoMsg = {
  condominiumNotFound: 'Condomínio não encontrado.',
  plateNotFound: 'QR Code não encontrado.',
  notAPlate: 'Este QR Code não é de uma placa de condomínio.',
  plateTaken: 'Este QR Code já pertence a outra conta.',
  plateInOtherCondominium: 'Este QR Code já está em outro condomínio.',
  condominiumHasOtherPlate: 'Este condomínio já tem outra placa.',
  condominiumHasOtherAdmin: 'Este condomínio já tem outro síndico.',
  plateDisabled: 'Este QR Code foi excluído e não pode mais ser usado.',
  adminEmailNotFound: 'Não há conta com o e-mail do síndico.',
  unitsLimit: 'Um condomínio pode ter no máximo 10 unidades por ativação.',
  notPlateOwner: 'Você não tem permissões para alterar esse Toque. Contate o seu Síndico.',
  unitNotFound: 'Unidade não encontrada.',
  memberNotFound: 'Morador não encontrado.',
  condominiumCreated: 'Condomínio criado.',
  unitCreated: 'Unidade criada.',
  unitRenamed: 'Unidade atualizada.',
  /** CONDO-19: a name that reads as another unit's of the same block ('101' beside 'Apto 101'). */
  unitNameTaken: (existing: string) => `Já existe a unidade ${existing} no condomínio: escolha outro nome.`,
  memberRemoved: 'Morador removido.',
  codeRegenerated: 'Novo código gerado. O anterior não funciona mais.',
  /** SEC-10: a zero-width space, a direction mark or a control character would make '101' a second '101'. */
  nameInvisible: 'O nome não pode ter caracteres invisíveis ou de controle (como espaço de largura zero).',
  left: 'Você saiu deste toque.',
  notMember: 'Você não participa deste toque.',
  ownerCannotLeave: 'O dono não pode sair do próprio toque: exclua-o ou peça ao suporte para transferi-lo.',
} as const;

/** Server messages of the administration (ADM-*). */
export const adminMsg = {
  tagNotFound: 'Toque não encontrado.',
  userNotFound: 'Usuário não encontrado.',
  statusChanged: 'Status do QR Code atualizado.',
  released: 'Toque liberado.',
  transferred: 'Toque transferido.',
  blocked: 'Conta bloqueada.',
  unblocked: 'Conta desbloqueada.',
  cannotBlockSelf: 'Você não pode bloquear a sua própria conta.',
  accountBlocked: 'Esta conta está bloqueada. Fale com o suporte.',
  residentRemoved: 'Morador removido.',
  exportFailed: 'Falha ao gerar a planilha.',
  batchNotFound: 'Lote não encontrado.',
  /** ADM-10: the reason a tag is switched off (it reaches the owner's e-mail and the audit log). */
  reasonRequired: 'Escreva o motivo da desativação (pelo menos 3 caracteres).',
  reasonTooLong: 'O motivo pode ter no máximo 300 caracteres.',
  /** ADM-09: the client list's filters. */
  dateInvalid: 'Data inválida: use o formato AAAA-MM-DD.',
  filterInvalid: 'Filtro inválido.',
  /** ADM-11 */
  layoutInvalid: 'Modelo de etiqueta inválido.',
} as const;

/**
 * ACC-04: the seconds a `Retry-After` header asks to wait — it is either a number of seconds or an
 * HTTP date (RFC 9110 §10.2.3). `undefined` when the header is absent or unreadable.
 */
export function retryAfterSeconds(header: string | null | undefined, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // Every HTTP date form starts with the day's name; anything else ('-5', '2026') is not one.
  if (!/^[A-Za-z]/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - nowMs) / 1000);
}

/**
 * ACC-04: what a rate-limited request (429) says instead of the form's own failure text — the
 * wait in whole minutes, rounded up and at least one. With no known wait, the server's general
 * 'wait a little' text.
 */
export function tooManyAttemptsMessage(retryAfterS: number | undefined): string {
  if (retryAfterS === undefined || !Number.isFinite(retryAfterS)) return apiMsg.tooManyRequests;
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}
