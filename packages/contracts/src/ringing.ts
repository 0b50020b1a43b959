import { z } from 'zod';

/**
 * CALL-16 and ACC-05: the owner reachable wherever they are — whether this device rings with the
 * tab closed, the test call (docs/decisions/0027-owner-ringing-and-test-call.md) — and the steps that end onboarding
 * in a working tag. Every text the screens and the browser tests share.
 */

/** POST /api/calls/test: a test ring to the caller's own sessions and push subscriptions. */
export const TEST_CALL_PATH = '/calls/test';
/** A test call is a fake call: it rings this long at most, then stops by itself. */
export const TEST_CALL_RING_MS = 30_000;
/** Per account: enough to try every device a few times, too few to become a buzzer. */
export const TEST_CALLS_PER_WINDOW = 5;
export const TEST_CALL_WINDOW_MS = 10 * 60_000;
/** Test ids start with this, so a test can never be taken for a call's room id. */
export const TEST_CALL_ID_PREFIX = 'teste-';

/** The test call takes nothing: whose devices ring is the session's. */
export const testCallBody = z.object({}).optional();

/** What the socket event `test-call` and the push carry. */
export interface TestCall {
  id: string;
  sentAt: string;
}

export const testCallResponse = z.object({
  message: z.string(),
  id: z.string(),
  /** Open tabs and apps of this account that were rung over the socket. */
  openSessions: z.number().int(),
  /** Devices that receive calls with the tab closed (push subscriptions) that were sent a push. */
  pushDevices: z.number().int(),
});
export type TestCallResponse = z.infer<typeof testCallResponse>;

/** The browser remembers the tag whose setup steps are under way, across reloads, until done or skipped. */
export const setupGuideStorageKey = 'toque.setupGuide';
/** The first visit's offer of notifications is shown once per browser (each device is its own question). */
export const ringingOfferStorageKey = 'toque.ringingOfferSeen';

export const ringingUi = {
  /** The tab's title on /call (the ringing blinks between it and 'está te chamando...'). */
  callPageTitle: 'Chamada | Toque',
  /** The server's answer to a test call. */
  testSent: 'Chamada de teste enviada.',
  testFailed: 'Não foi possível fazer a chamada de teste. Tente de novo.',
  panelTitle: 'Receber chamadas neste aparelho',
  status: {
    on: 'Este aparelho recebe chamadas',
    onDetail: 'Mesmo com a aba fechada, uma chamada chega aqui como notificação.',
    off: 'Este aparelho ainda não recebe chamadas com a aba fechada',
    offDetail:
      'Com o Toque aberto, este aparelho toca. Ative as notificações para ser avisado também com a aba fechada ou o celular bloqueado.',
    denied: 'As notificações estão bloqueadas neste navegador',
    deniedDetail:
      'Libere as notificações deste site nas configurações do navegador (no ícone ao lado do endereço) e volte aqui. Até lá, ele só toca com o Toque aberto.',
    unsupported: 'Este navegador não recebe chamadas com a aba fechada',
    unsupportedDetail:
      'Com o Toque aberto, ele toca. Para ser avisado com a aba fechada, use o Chrome, o Edge, o Firefox ou o Safari.',
    checking: 'Verificando este aparelho...',
  },
  /** iPhone and iPad: Web Push reaches only a site added to the Home Screen (iOS 16.4 or later). */
  iphone: {
    title: 'No iPhone, adicione o Toque à Tela de Início',
    intro: 'O iPhone só avisa de chamadas com a aba fechada quando o Toque está na Tela de Início. É rápido:',
    steps: [
      'No Safari, toque no botão Compartilhar (o quadrado com uma seta para cima).',
      'Escolha “Adicionar à Tela de Início” e toque em Adicionar.',
      'Abra o Toque pelo novo ícone, entre na sua conta e toque em “Ativar notificações”.',
    ],
    note: 'É preciso o iOS 16.4 ou mais recente.',
  },
  enable: 'Ativar notificações',
  enabled: 'Notificações ativadas neste aparelho.',
  test: 'Fazer uma chamada de teste',
  testHint: 'O Toque toca aqui e em todos os aparelhos onde você entrou, sem registrar nada nas chamadas.',
  /** The first dashboard visit's offer. */
  offerDismiss: 'Agora não',
  /** The test call's card, shown above everything like a real call. */
  card: {
    title: 'Chamada de teste',
    text: 'É assim que o Toque toca quando alguém chamar. Atenda para testar a câmera e o microfone.',
    answer: 'Atender',
    dismiss: 'Encerrar teste',
    notification: 'Chamada de teste: este aparelho recebe as chamadas do Toque.',
  },
  /** CALL-16: the test call answered — this device's camera and microphone checked as a real answer uses them. */
  check: {
    title: 'Teste de câmera e microfone',
    camera: 'Câmera',
    microphone: 'Microfone',
    preview: 'Sua câmera',
    checking: 'Verificando...',
    working: 'Funcionando',
    blocked: 'Bloqueado: permita o acesso nas configurações do navegador.',
    missing: 'Não encontrado neste aparelho.',
    allGood: 'Tudo certo: este aparelho atende chamadas com voz e vídeo.',
    voiceOnly: 'Este aparelho atende só com voz: quem encontrou ouve você, mas não vê.',
    noVoice: 'Sem o microfone, este aparelho não consegue atender: permita o acesso e teste de novo.',
    closedTab: 'Com a aba fechada, este aparelho ainda não toca: ative as notificações no painel.',
    end: 'Encerrar teste',
  },
} as const;

export const setupGuideUi = {
  title: 'Vamos deixar o seu Toque pronto',
  stepOf: (n: number, total: number) => `Passo ${n} de ${total}`,
  skipStep: 'Pular',
  saveAndContinue: 'Salvar e continuar',
  continue: 'Continuar',
  finish: 'Concluir',
  skipAll: 'Fazer depois',
  saved: 'Salvo.',
  saveFailed: 'Não foi possível salvar. Tente de novo ou pule este passo.',
  loading: 'Carregando o seu Toque...',
  name: {
    title: 'Dê um nome ao seu Toque',
    text: 'O nome aparece para você quando alguém chamar e para quem encontrar o Toque.',
    label: 'Nome do Toque',
    placeholder: 'Ex.: Mochila da Ana, Rex, Chaves de casa',
  },
  info: {
    title: 'O que quem encontrar deve saber',
    text: 'Uma informação importante ajuda quem encontrar: um cuidado com o pet, um remédio, como devolver.',
    label: 'Informação importante',
    show: 'Mostrar esta informação para quem escanear o Toque',
  },
  lost: {
    title: 'Se o seu Toque se perder',
    text: 'Ative o modo perdido na página do Toque (Meus Produtos → Editar). Quem escanear vê primeiro, em letras grandes, a sua mensagem e a recompensa, se houver, e você é avisado de cada leitura, também por e-mail.',
    where: 'Você pode ativar quando precisar, em poucos segundos.',
  },
  ringing: {
    title: 'Receba as chamadas com a aba fechada',
    text: 'Quem encontrar o seu Toque faz uma chamada de vídeo para você. Com as notificações ativadas, ela chega mesmo com o Toque fechado.',
  },
  test: {
    title: 'Faça uma chamada de teste',
    text: 'Veja e ouça como o Toque avisa de uma chamada. Nada fica registrado no histórico.',
  },
  done: 'Pronto! O seu Toque está funcionando.',
} as const;
