/**
 * External online store (PUB-09). The one place to change the links; every buy button opens
 * them in a new tab with rel="noopener noreferrer".
 */
export const storeLinks = {
  store: 'https://loja.toque.app.br/',
  bracelet: 'https://loja.toque.app.br/produto/pulseira-toque',
  collar: 'https://loja.toque.app.br/produto/coleira-toque',
  object: 'https://loja.toque.app.br/produto/etiqueta-objeto-toque',
  doorbell: 'https://loja.toque.app.br/produto/campainha-toque',
} as const;

export const buyLabel = 'Comprar agora';
