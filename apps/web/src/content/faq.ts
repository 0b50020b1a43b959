export interface FaqItem {
  question: string;
  answer: string;
}

/** PUB-05: seven questions, each answered. */
export const faq: readonly FaqItem[] = [
  {
    question: 'Quem encontra precisa baixar algum aplicativo?',
    answer:
      'Não. Basta apontar a câmera de qualquer celular para o QR Code: a chamada abre no navegador, sem app e ' +
      'sem cadastro. Quem precisa do app Toque é você, para receber as chamadas e configurar os seus Toques.',
  },
  {
    question: 'Quem me chama vê o meu número de telefone?',
    answer:
      'Não. A videochamada passa pela plataforma Toque. Quem encontra vê apenas o primeiro nome cadastrado e, se ' +
      'você permitir, as informações importantes. Telefone, e-mail e endereço nunca são mostrados.',
  },
  {
    question: 'Como eu ativo o meu Toque?',
    answer:
      'Escaneie o QR Code do produto e crie a sua conta na página que abrir, ou entre na sua conta e toque em ' +
      '"Adicionar Toque" com o código de 8 caracteres da embalagem. Depois, baixe o app para receber as chamadas.',
  },
  {
    question: 'Quanto custa e como funciona a cobrança?',
    answer:
      'A licença é mensal: Pulseira R$ 54,90, Coleira R$ 29,90, Objeto R$ 11,90 e Campainha R$ 19,90 por ' +
      'residência ou apartamento. Cada licença vale 30 dias, e o produto físico fica com você em comodato por ' +
      '12 meses, renovados automaticamente.',
  },
  {
    question: 'E se eu não puder atender a chamada?',
    answer:
      'Você pode compartilhar cada Toque com até 3 pessoas, e todas recebem a chamada ao mesmo tempo. Se ninguém ' +
      'atender em 60 segundos, quem encontrou pode deixar uma mensagem com a localização, e você recebe um e-mail.',
  },
  {
    question: 'Funciona em condomínios?',
    answer:
      'Sim. Uma placa na portaria atende o prédio inteiro: o visitante escolhe o apartamento e até 3 moradores ' +
      'daquela unidade são chamados. O síndico gerencia as unidades, e cada apartamento tem a sua licença.',
  },
  {
    question: 'Como faço para cancelar?',
    answer:
      'O cancelamento é feito pelo app Toque, com 10 dias de antecedência do fim do período. A licença já paga ' +
      'vale até o fim dos 30 dias e não há devolução proporcional. Nossa equipe ajuda pelo WhatsApp das 8:00 às 21:00.',
  },
];
