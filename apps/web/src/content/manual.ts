import { ui } from '@toque/contracts/ui';

export interface ManualStep {
  number: number;
  title: string;
  text: string;
  tips: readonly string[];
  image: string;
  imageAlt: string;
}

/** PUB-16: the user manual, five steps then the 'you can now use it' block. */
export const manual = {
  title: ui.site.headings.manual,
  intro:
    'Do momento em que o Toque chega às suas mãos até a primeira chamada: siga os cinco passos abaixo. ' +
    'Leva menos de cinco minutos.',
  steps: [
    {
      number: 1,
      title: 'Você recebeu o seu Toque',
      text:
        'Abra a embalagem e confira o produto: a pulseira, a plaquinha da coleira, a etiqueta ou a placa de ' +
        'campainha. Cada um tem um QR Code único e um código de 8 caracteres impresso logo abaixo dele.',
      tips: ['Guarde o código: ele é a prova de que o Toque é seu.', 'Ainda não prenda o Toque: ative primeiro.'],
      image: '/images/tags/familia.svg',
      imageAlt: 'Os quatro produtos Toque',
    },
    {
      number: 2,
      title: 'Inicie a ativação',
      text:
        'Aponte a câmera do celular para o QR Code do produto. Como ele ainda não tem dono, abre a página de ' +
        'cadastro: preencha os seus dados e o Toque é vinculado à sua conta. Já tem conta? Entre nela e use ' +
        '"Adicionar Toque" com o código de 8 caracteres.',
      tips: ['Use um e-mail que você acessa: é por ele que você recupera a senha.'],
      image: '/images/manual/ativacao.svg',
      imageAlt: 'Celular mostrando o formulário de cadastro do Toque',
    },
    {
      number: 3,
      title: 'Baixe o aplicativo',
      text:
        'Instale o app Toque pelo Google Play ou pela App Store e entre com o mesmo e-mail e senha. É no app que ' +
        'o seu celular toca quando alguém escanear o seu Toque.',
      tips: ['Permita as notificações: assim a chamada chega mesmo com o app fechado.', 'Permita o uso do microfone.'],
      image: '/images/manual/app.svg',
      imageAlt: 'Celular com o aplicativo Toque aberto',
    },
    {
      number: 4,
      title: 'Aponte o celular para o QR Code',
      text:
        'Faça um teste: com outro celular, aponte a câmera para o QR Code do seu Toque, como faria quem o ' +
        'encontrasse. A página de chamada abre no navegador e o seu celular toca. Atenda para ver como funciona.',
      tips: ['Quem encontra não precisa de app nem de cadastro.', 'A localização só é enviada se a pessoa permitir.'],
      image: '/images/manual/escanear.svg',
      imageAlt: 'Celular escaneando o QR Code de uma etiqueta Toque',
    },
    {
      number: 5,
      title: 'Edite o nome e as informações importantes',
      text:
        'Na sua conta, em Meus Produtos, dê um nome ao Toque ("Pulseira da Alice", "Chaves de casa") e escreva ' +
        'as informações importantes: alergias, remédios, cuidados com o pet ou um recado para quem encontrar. ' +
        'Você escolhe se elas aparecem para quem escanear.',
      tips: ['Convide até 3 pessoas para receberem as chamadas com você.'],
      image: '/images/manual/editar.svg',
      imageAlt: 'Tela de edição do nome e das informações importantes de um Toque',
    },
  ] satisfies readonly ManualStep[],
  ready: {
    title: ui.site.headings.manualReady,
    text:
      'Prenda o Toque na pulseira, na coleira, no objeto ou no portão. A partir de agora, quem encontrar ' +
      'chama você por vídeo, e o seu número fica protegido.',
  },
  footerTitle: 'Precisa de ajuda?',
  footerText: 'Fale com a nossa equipe ou acompanhe as novidades nas redes sociais.',
} as const;
