import type { ProductKey } from './products';

interface Benefit {
  title: string;
  text: string;
}

interface ProductQuestion {
  question: string;
  answer: string;
}

/** What a tag's own page says about it (PUB-10), beyond the card data of products.ts. */
export interface ProductPageContent {
  eyebrow: string;
  title: string;
  lead: string;
  benefits: readonly Benefit[];
  useCasesTitle: string;
  useCases: readonly string[];
  stepsTitle: string;
  steps: readonly string[];
  questions: readonly ProductQuestion[];
}

const bracelet: ProductPageContent = {
  eyebrow: 'Toque para pessoas',
  title: 'Se alguém se perder, a família é chamada em segundos',
  lead:
    'A Pulseira Toque leva um QR Code único. Se a criança se perder no shopping, se o avô se desorientar na rua ' +
    'ou se alguém passar mal sozinho, quem ajudar aponta a câmera do celular para a pulseira e faz uma ' +
    'videochamada para você — sem baixar aplicativo, sem criar conta e sem ver o seu número de telefone.',
  benefits: [
    {
      title: 'Videochamada na hora',
      text: 'Você vê e ouve quem está com a pessoa, conversa com ela e sabe exatamente o que está acontecendo.',
    },
    {
      title: 'Localização de quem chamou',
      text: 'Com a permissão de quem encontrou, a chamada chega com a posição no mapa para você ir até lá.',
    },
    {
      title: 'Seu número fica protegido',
      text: 'A chamada passa pela plataforma Toque. Quem encontra nunca vê o seu telefone, e-mail ou sobrenome.',
    },
    {
      title: 'Informações importantes',
      text:
        'Alergias, medicamentos, tipo sanguíneo ou "sou autista, fale devagar": você escreve no app e decide ' +
        'se quem encontrar pode ler.',
    },
  ],
  useCasesTitle: 'Pensada para',
  useCases: [
    'Crianças em passeios, escolas, praias, parques e eventos',
    'Idosos, inclusive pessoas com Alzheimer ou outras demências',
    'Pessoas autistas ou com deficiência que podem ter dificuldade para se comunicar',
    'Quem pratica esportes ou viaja sozinho',
  ],
  stepsTitle: 'Como usar a pulseira',
  steps: [
    'Cadastre a pulseira na sua conta com o código que vem na embalagem.',
    'Dê um nome a ela (por exemplo, "Pulseira do Miguel") e escreva as informações importantes.',
    'Convide até 3 familiares para também receberem as chamadas.',
    'Pronto: quem encontrar escaneia o QR Code e vocês conversam por vídeo.',
  ],
  questions: [
    {
      question: 'A pulseira precisa de bateria ou internet?',
      answer:
        'Não. O QR Code é impresso e funciona sempre. Quem usa a internet é o celular de quem escaneia e o ' +
        'seu, que recebe a chamada.',
    },
    {
      question: 'Quem encontrar vai ver o nome completo da pessoa?',
      answer: 'Não. Aparece apenas o primeiro nome e, se você permitir, as informações importantes que cadastrou.',
    },
  ],
};

const collar: ProductPageContent = {
  eyebrow: 'Toque para pets',
  title: 'Seu pet fugiu? Quem encontrar chama você por vídeo',
  lead:
    'A plaquinha Toque vai na coleira de cães e gatos. Quem encontrar o seu pet escaneia o QR Code com a câmera ' +
    'do celular e liga para você na hora, com a localização de onde ele está. Nada de telefone gravado na ' +
    'plaquinha e nada de ligações de desconhecidos depois.',
  benefits: [
    {
      title: 'Reencontro mais rápido',
      text: 'Você fala com quem achou o seu pet no mesmo minuto e combina a busca enquanto ele ainda está por perto.',
    },
    {
      title: 'Localização no mapa',
      text: 'A chamada mostra onde o pet foi encontrado, mesmo que a pessoa não conheça o bairro.',
    },
    {
      title: 'Cuidados do seu pet',
      text:
        'Informe se ele é medroso, se toma remédio ou se não pode comer certos alimentos. Quem encontrar lê ' +
        'antes de se aproximar.',
    },
    {
      title: 'Toda a família recebe',
      text: 'Compartilhe a plaquinha com até 3 pessoas: se você não puder atender, outra pessoa atende.',
    },
  ],
  useCasesTitle: 'Ideal para',
  useCases: [
    'Cães e gatos que saem para passear ou moram em casa com quintal',
    'Pets que vão para hotel, creche, banho e tosa ou viagens',
    'Animais adotados recentemente, que ainda não conhecem a vizinhança',
    'Pets idosos ou com necessidades especiais',
  ],
  stepsTitle: 'Como usar a plaquinha',
  steps: [
    'Prenda a plaquinha na argola da coleira ou do peitoral.',
    'Cadastre o código na sua conta e dê o nome do seu pet.',
    'Escreva os cuidados importantes e decida se quem encontrar pode vê-los.',
    'Se ele se perder, quem o encontrar escaneia e chama você por vídeo.',
  ],
  questions: [
    {
      question: 'Serve para gatos e cães pequenos?',
      answer: 'Sim. A plaquinha é leve e se prende a qualquer coleira ou peitoral com argola.',
    },
    {
      question: 'E se eu não atender a chamada?',
      answer:
        'As outras pessoas com quem você compartilhou a plaquinha também são chamadas. Se ninguém atender, ' +
        'quem encontrou pode deixar uma mensagem com a localização, e você recebe um e-mail avisando.',
    },
  ],
};

const object: ProductPageContent = {
  eyebrow: 'Toque para objetos',
  title: 'Perdeu a chave ou a mala? Quem achar sabe como devolver',
  lead:
    'A etiqueta Toque vai no chaveiro, na mochila, na mala de viagem, no notebook ou na carteira. Quem encontrar ' +
    'escaneia o QR Code e faz uma videochamada para você, sem saber o seu telefone nem o seu endereço. Vocês ' +
    'combinam a devolução com segurança.',
  benefits: [
    {
      title: 'Devolução sem intermediários',
      text: 'Nada de achados e perdidos: quem encontra fala direto com você, na hora.',
    },
    {
      title: 'Privacidade de verdade',
      text: 'A etiqueta não mostra o seu nome completo, telefone ou endereço. Só a chamada leva até você.',
    },
    {
      title: 'Um Toque para cada coisa',
      text: 'Dê um nome a cada etiqueta ("Mala azul", "Chaves do carro") e saiba logo o que foi encontrado.',
    },
    {
      title: 'Mensagem de recompensa',
      text: 'Escreva nas informações importantes um recado para quem encontrar, como a oferta de uma recompensa.',
    },
  ],
  useCasesTitle: 'Use em',
  useCases: [
    'Chaveiros de casa, do carro e do trabalho',
    'Malas, mochilas e bolsas de viagem',
    'Notebooks, tablets, câmeras e instrumentos musicais',
    'Carteiras, estojos e materiais escolares',
  ],
  stepsTitle: 'Como usar a etiqueta',
  steps: [
    'Cole ou prenda a etiqueta no objeto.',
    'Cadastre o código na sua conta e dê um nome ao objeto.',
    'Se quiser, escreva um recado para quem encontrar.',
    'Quem achar escaneia o QR Code e vocês combinam a devolução por vídeo.',
  ],
  questions: [
    {
      question: 'Quem encontrar pode descobrir onde eu moro?',
      answer:
        'Não. O QR Code não guarda nenhum dado seu. Ele só abre a página que faz a chamada pela plataforma Toque.',
    },
    {
      question: 'Posso transferir a etiqueta para outro objeto?',
      answer: 'Pode. Basta mudar o nome da etiqueta na sua conta e prendê-la no novo objeto.',
    },
  ],
};

const doorbell: ProductPageContent = {
  eyebrow: 'Toque para casas e condomínios',
  title: 'A campainha que toca no seu celular, onde você estiver',
  lead:
    'A placa Toque fica no portão. O visitante, o entregador ou o prestador de serviço escaneia o QR Code e faz ' +
    'uma videochamada para você. Em condomínios, a pessoa escolhe o apartamento e os moradores daquela unidade ' +
    'são chamados. Sem interfone, sem fiação e sem expor o telefone de ninguém.',
  benefits: [
    {
      title: 'Atenda de qualquer lugar',
      text: 'Está no trabalho ou viajando? Veja quem está no portão e oriente o entregador por vídeo.',
    },
    {
      title: 'Feita para condomínios',
      text:
        'Uma só placa na portaria: o visitante escolhe o apartamento e até 3 moradores daquela unidade recebem ' +
        'a chamada.',
    },
    {
      title: 'Síndico no controle',
      text:
        'O síndico gerencia as unidades, e cada morador entra na sua com o código do apartamento. A licença é ' +
        'por apartamento.',
    },
    {
      title: 'Sem obra',
      text: 'Não precisa de fiação nem de instalação elétrica: é só fixar a placa em um lugar visível.',
    },
  ],
  useCasesTitle: 'Para',
  useCases: [
    'Casas, sobrados e chácaras',
    'Condomínios residenciais, prédios e portarias remotas',
    'Escritórios, consultórios e pequenos comércios',
    'Casas de temporada, que recebem hóspedes diferentes a cada semana',
  ],
  stepsTitle: 'Como usar a campainha',
  steps: [
    'Fixe a placa no portão ou na portaria, em um lugar visível e iluminado.',
    'Cadastre o código na sua conta. Em condomínios, a equipe Toque ativa as unidades com o síndico.',
    'Cada morador entra na sua unidade com o código do apartamento (até 3 por unidade).',
    'O visitante escaneia, escolhe a unidade e os moradores atendem por vídeo.',
  ],
  questions: [
    {
      question: 'Quanto custa para um condomínio?',
      answer:
        'Cada apartamento tem a sua própria licença de R$ 19,90 por mês. A placa da portaria é a mesma para ' +
        'todos.',
    },
    {
      question: 'O visitante precisa de aplicativo?',
      answer: 'Não. A câmera de qualquer celular lê o QR Code e a chamada abre no navegador.',
    },
  ],
};

export const productPages: Record<ProductKey, ProductPageContent> = { bracelet, collar, object, doorbell };
