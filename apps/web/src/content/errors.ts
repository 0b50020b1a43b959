/** The page shown when a page fails to render or to load (kept apart: every page loads it). */
export const errorPageCopy = {
  title: 'Algo deu errado',
  text: 'Não foi possível abrir esta página. Tente recarregar.',
  reload: 'Recarregar a página',
} as const;
