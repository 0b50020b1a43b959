import { msg } from '@toque/contracts/messages';
import { ui } from '@toque/contracts/ui';
import { productsByKey, type ProductContent } from './products';

/** PUB-11: the campaign landing page. Cards in the specification's order: collars, doorbell, objects, people. */
export const landing = {
  eyebrow: 'Segurança para quem você ama',
  title: 'Perdeu? Quem encontrar chama você por vídeo.',
  text:
    'Um QR Code em cada pulseira, coleira, objeto ou portão. Sem app para quem encontra, sem número exposto ' +
    'para você. A partir de R$ 11,90 por mês.',
  productsTitle: ui.site.headings.landingProducts,
  cards: [
    productsByKey.collar,
    productsByKey.doorbell,
    productsByKey.object,
    productsByKey.bracelet,
  ] satisfies readonly ProductContent[],
  cardTitles: {
    collar: 'Para pets',
    doorbell: 'Para casas e condomínios',
    object: 'Para objetos',
    bracelet: 'Para pessoas',
  },
  slogan: 'Toque. Quem encontra, chama você.',
} as const;

/** PUB-12 */
export const comingSoon = {
  title: msg.comingSoonTitle,
  text:
    'Estamos preparando novidades para você. Enquanto isso, siga o Toque nas redes sociais e seja o primeiro a ' +
    'saber quando tudo estiver pronto.',
} as const;

/** PUB-13 */
export const notFound = {
  title: msg.notFoundTitle,
  text: msg.notFoundText,
  hint: 'O endereço pode ter mudado ou não existir mais. Que tal recomeçar pela página inicial?',
  back: ui.buttons.backHome,
} as const;
