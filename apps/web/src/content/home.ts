import { paths } from '@toque/contracts/routes';
import { storeConfig } from './config';
import { productsByKey } from './products';

export interface BannerSlide {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  image: string;
  imageAlt: string;
  /** Product page the secondary link opens. */
  moreLink: { label: string; to: string };
  storeUrl: string;
  /** Tailwind classes of the slide's background. */
  tone: string;
}

/** Home banner (PUB-01): five slides, one every BANNER_MS. */
export const bannerSlides: readonly BannerSlide[] = [
  {
    id: 'toque',
    eyebrow: 'Toque',
    title: 'Quem encontra, chama você.',
    text:
      'Etiquetas inteligentes com QR Code para pessoas, pets, objetos e casas. Quem encontra aponta a câmera do ' +
      'celular e faz uma videochamada para você — sem aplicativo e sem ver o seu número.',
    image: '/images/tags/familia.svg',
    imageAlt: 'Pulseira, plaquinha de coleira, etiqueta e placa de campainha Toque lado a lado',
    moreLink: { label: 'Como funciona', to: `${paths.home}#como-funciona` },
    storeUrl: storeConfig.store,
    tone: 'from-brand-800 to-brand-600',
  },
  {
    id: 'pulseira',
    eyebrow: 'Pulseira',
    title: 'Se o seu filho se perder, você é chamado na hora.',
    text: 'Quem encontrar a criança escaneia a pulseira e fala com você por vídeo, com a localização no mapa.',
    image: productsByKey.bracelet.image,
    imageAlt: productsByKey.bracelet.imageAlt,
    moreLink: { label: 'Conheça a pulseira', to: paths.bracelets },
    storeUrl: productsByKey.bracelet.storeUrl,
    tone: 'from-brand-800 to-fuchsia-800',
  },
  {
    id: 'coleira',
    eyebrow: 'Coleira',
    title: 'Pet perdido, dono encontrado.',
    text: 'A plaquinha na coleira liga para você assim que alguém encontrar o seu pet. Sem telefone gravado nela.',
    image: productsByKey.collar.image,
    imageAlt: productsByKey.collar.imageAlt,
    moreLink: { label: 'Conheça a coleira', to: paths.collars },
    storeUrl: productsByKey.collar.storeUrl,
    tone: 'from-teal-900 to-teal-700',
  },
  {
    id: 'objeto',
    eyebrow: 'Objetos',
    title: 'Chaves, malas e mochilas que sabem voltar para casa.',
    text: 'Cole a etiqueta e, se perder, quem achar chama você por vídeo para combinar a devolução.',
    image: productsByKey.object.image,
    imageAlt: productsByKey.object.imageAlt,
    moreLink: { label: 'Conheça a etiqueta', to: paths.objects },
    storeUrl: productsByKey.object.storeUrl,
    tone: 'from-slate-900 to-slate-700',
  },
  {
    id: 'campainha',
    eyebrow: 'Campainhas',
    title: 'A campainha da sua casa, no seu celular.',
    text: 'Visitas e entregas chamam você por vídeo. Em condomínios, o visitante escolhe o apartamento.',
    image: productsByKey.doorbell.image,
    imageAlt: productsByKey.doorbell.imageAlt,
    moreLink: { label: 'Conheça a campainha', to: paths.doorbells },
    storeUrl: productsByKey.doorbell.storeUrl,
    tone: 'from-indigo-900 to-indigo-700',
  },
];

/** PUB-03: the testimonial fields of the specification. */
export interface Testimonial {
  text: string;
  profilePicture: string;
  userName: string;
  boughtProduct: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    text:
      'Meu filho de 5 anos se soltou da minha mão no shopping. Em três minutos o segurança escaneou a pulseira ' +
      'e eu vi o Davi pela câmera, tranquilo, tomando um suco. Nunca senti tanto alívio.',
    profilePicture: '/images/avatars/juliana-martins.svg',
    userName: 'Juliana Martins',
    boughtProduct: 'Pulseira',
  },
  {
    text:
      'A Mel fugiu num dia de chuva forte. Uma moradora do bairro vizinho escaneou a plaquinha e me ligou por ' +
      'vídeo com a localização. Fui buscar em quinze minutos.',
    profilePicture: '/images/avatars/rafael-costa.svg',
    userName: 'Rafael Costa',
    boughtProduct: 'Coleira',
  },
  {
    text:
      'Minha mãe tem Alzheimer e às vezes sai sozinha. Com a pulseira, a família inteira recebe a chamada, e ' +
      'quem a encontra já lê que ela precisa de paciência e do remédio das seis.',
    profilePicture: '/images/avatars/marcia-oliveira.svg',
    userName: 'Márcia Oliveira',
    boughtProduct: 'Pulseira',
  },
  {
    text:
      'Esqueci a mochila com o notebook no ônibus. O motorista escaneou a etiqueta no fim da linha e combinamos ' +
      'a devolução pela chamada, sem eu precisar dar o meu telefone para ninguém.',
    profilePicture: '/images/avatars/lucas-almeida.svg',
    userName: 'Lucas Almeida',
    boughtProduct: 'Objeto',
  },
  {
    text:
      'Sou síndica de um prédio de 40 apartamentos. Trocamos o interfone quebrado pela campainha Toque: o ' +
      'visitante escolhe a unidade e o morador atende de onde estiver.',
    profilePicture: '/images/avatars/patricia-souza.svg',
    userName: 'Patrícia Souza',
    boughtProduct: 'Campainha',
  },
  {
    text:
      'Trabalho o dia todo fora e as entregas sempre voltavam. Agora o entregador me chama pela campainha, eu ' +
      'vejo quem é e peço para deixar com o vizinho.',
    profilePicture: '/images/avatars/andre-lima.svg',
    userName: 'André Lima',
    boughtProduct: 'Campainha',
  },
];

export interface Video {
  /** YouTube video id; the player loads from youtube-nocookie.com only after a click (PUB-06). */
  youtubeId: string;
  title: string;
  duration: string;
  image: string;
}

/**
 * PUB-06: six videos. The ids are placeholders until the company's channel publishes its videos:
 * replace them here (the thumbnails are drawn locally, so nothing else changes).
 */
export const videos: readonly Video[] = [
  {
    youtubeId: 'Tq7oQ1aF3kA',
    title: 'O que é o Toque, em 1 minuto',
    duration: '1:02',
    image: '/images/tags/familia.svg',
  },
  { youtubeId: 'Tq7oQ2bG4lB', title: 'Como ativar o seu Toque', duration: '2:15', image: '/images/tags/objeto.svg' },
  {
    youtubeId: 'Tq7oQ3cH5mC',
    title: 'Pulseira: a criança perdida no parque',
    duration: '1:48',
    image: '/images/tags/pulseira.svg',
  },
  {
    youtubeId: 'Tq7oQ4dJ6nD',
    title: 'Coleira: o reencontro da Mel',
    duration: '2:31',
    image: '/images/tags/coleira.svg',
  },
  {
    youtubeId: 'Tq7oQ5eK7pE',
    title: 'Campainha no condomínio, passo a passo',
    duration: '3:05',
    image: '/images/tags/campainha.svg',
  },
  {
    youtubeId: 'Tq7oQ6fL8qF',
    title: 'Como atender uma chamada no app',
    duration: '1:37',
    image: '/images/tags/familia.svg',
  },
];

export interface Step {
  number: number;
  title: string;
  description: string;
}

/** PUB-04: how it works, five numbered steps. */
export const howItWorks: readonly Step[] = [
  {
    number: 1,
    title: 'Escolha o seu Toque',
    description: 'Pulseira, coleira, etiqueta para objetos ou campainha: compre na nossa loja online e receba em casa.',
  },
  {
    number: 2,
    title: 'Ative com o código',
    description:
      'Escaneie o QR Code que chegou ou entre na sua conta e digite o código de 8 caracteres. Em um minuto ele é seu.',
  },
  {
    number: 3,
    title: 'Personalize no app',
    description:
      'Dê um nome ao Toque, escreva informações importantes para quem encontrar e convide até 3 pessoas para ' +
      'receberem as chamadas com você.',
  },
  {
    number: 4,
    title: 'Alguém encontra e escaneia',
    description: 'Quem encontrar aponta a câmera do celular para o QR Code. Não precisa baixar nada nem criar conta.',
  },
  {
    number: 5,
    title: 'Você atende por vídeo',
    description: 'Seu celular toca com a videochamada e a localização de quem chamou. O seu número continua escondido.',
  },
];

/** The FAQ (PUB-05) has its own file; the home page and the dashboard's FAQ block show it. */
export { faq,  } from './faq';

export interface Partner {
  name: string;
  logo: string;
}

/** PUB-07: partner wordmarks for the marquee. */
export const partners: readonly Partner[] = [
  { name: 'Quatro Patas Pet Shop', logo: '/images/partners/quatro-patas.svg' },
  { name: 'Clínica Veterinária Bicho Bem', logo: '/images/partners/bicho-bem.svg' },
  { name: 'Escola Primeiros Passos', logo: '/images/partners/primeiros-passos.svg' },
  { name: 'Administradora Lar Mineiro', logo: '/images/partners/lar-mineiro.svg' },
  { name: 'Viaje Leve Turismo', logo: '/images/partners/viaje-leve.svg' },
  { name: 'Corre BH', logo: '/images/partners/corre-bh.svg' },
];

export const homeText = {
  highlightsIntro: 'Um QR Code único para cada cuidado. Preços por mês, com tudo incluído.',
  testimonialsIntro: 'Histórias reais de quem já foi chamado por um Toque.',
  videosIntro: 'Vídeos curtos para entender o Toque e tirar dúvidas.',
  howItWorksIntro: 'Do pedido à primeira chamada, em cinco passos.',
  appTitle: 'Receba as chamadas no seu celular',
  appText:
    'Com o app Toque você atende as videochamadas, vê a localização de quem encontrou, edita os seus Toques, ' +
    'compartilha com a família e cancela quando quiser.',
  appPoints: [
    'Notificação na hora, mesmo com o app fechado',
    'Localização de quem chamou no mapa',
    'Até 3 pessoas recebendo cada Toque',
  ],
  faqIntro: 'Não achou a sua dúvida? Fale com a gente pelo WhatsApp.',
  partnersIntro: 'Empresas que oferecem o Toque aos seus clientes.',
  more: 'Saiba mais',
} as const;
