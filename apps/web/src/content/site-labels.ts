/** The small words of the public site's components (PUB-17): labels, headings around data, alt texts. */
export const siteLabels = {
  carousel: 'carrossel',
  slide: 'slide',
  slidePosition: (position: number, total: number, name: string) => `${position} de ${total}: ${name}`,
  bought: 'Comprou:',
  step: 'Passo',
  moreAbout: (name: string) => ` sobre ${name}`,
  whyChoose: (product: string) => `Por que escolher o ${product}`,
  questionsAbout: (product: string) => `Dúvidas sobre o ${product}`,
  otherProducts: 'Outros produtos Toque',
  tableOfContents: 'Índice',
  slogan: 'Slogan',
  footerProducts: 'Produtos',
  footerInstitutional: 'Institucional',
  appImageAlt: 'O app Toque recebendo uma videochamada com a localização de quem chamou',
  allProductsAlt: 'Os quatro produtos Toque',
  storeNames: { googlePlay: 'Google Play', appStore: 'App Store' },
} as const;
