import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { paths } from '@toque/contracts/routes';

/** Files the account area offers for download (served from `public/downloads`). */
export const downloads = {
  fullManual: '/downloads/manual-completo-toque.pdf',
  faq: '/downloads/perguntas-frequentes-toque.pdf',
} as const;

/** Anchors of the dashboard manual that the 'Manual de Uso' block links to. */
export const manualAnchors = {
  install: 'guia-de-instalacao',
  safeMeetings: 'encontros-seguros',
} as const;

export const dashboardCopy = {
  intro: 'Gerencie os seus Toques, acompanhe o seu plano e tire as suas dúvidas.',
  manualIntro: 'Tudo o que você precisa para ativar, instalar e usar o seu Toque com segurança.',
  faqIntro: 'As dúvidas mais comuns de quem usa o Toque.',
  pdfNote: '(PDF)',
  installPath: `${paths.dashboardManual}#${manualAnchors.install}`,
  safeMeetingsPath: `${paths.dashboardManual}#${manualAnchors.safeMeetings}`,
} as const;

/** DASH-07: what the dashboard manual adds to the public manual's steps. */
export const dashboardManualCopy = {
  intro:
    'O passo a passo para ativar o seu Toque, instalá-lo no lugar certo e combinar a devolução do que foi ' +
    'encontrado com segurança.',
  stepLabel: (n: number) => `Passo ${n}`,
  installTitle: dashboardUi.manualRows.install,
  install: [
    { title: 'Pulseira', text: 'Ajuste a pulseira no pulso com o QR Code para fora, visível e sem dobras.' },
    {
      title: 'Coleira',
      text: 'Prenda a plaquinha na argola da coleira do pet. Confira se ela não fica virada para dentro.',
    },
    {
      title: 'Objeto',
      text: 'Cole a etiqueta numa superfície lisa e limpa: chaves, mochila, mala ou notebook.',
    },
    {
      title: 'Campainha e condomínio',
      text:
        'Fixe a placa no portão ou na portaria, na altura dos olhos, protegida da chuva e com boa iluminação ' +
        'para a câmera de quem chama.',
    },
  ],
  safeTitle: dashboardUi.manualRows.safeMeetings,
  safe: [
    'Combine a devolução em um lugar público e movimentado, como uma farmácia, um shopping ou uma delegacia.',
    'Prefira o horário do dia e, se puder, vá acompanhado.',
    'Não informe o seu endereço nem dados pessoais na chamada: o Toque protege o seu número para isso.',
    'Nunca faça pagamentos antecipados a quem diz ter encontrado o seu Toque.',
    'Em caso de emergência com uma pessoa encontrada, ligue 190 (Polícia) ou 192 (SAMU).',
  ],
  downloadTitle: dashboardUi.manualRows.full,
  downloadText: 'Baixe o manual completo em PDF para ler quando quiser ou imprimir.',
  helpTitle: 'Precisa de ajuda?',
  social: 'Redes sociais',
} as const;
