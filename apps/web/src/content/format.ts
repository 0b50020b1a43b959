/**
 * Brazilian price format (PUB-02): 'R$ 54,90', '.' between thousands. Written by hand: Intl puts a
 * no-break space after R$ (it breaks exact text matching), and creating a pt-BR NumberFormat costs
 * tens of milliseconds of the page's start-up on a phone. The element that shows the price keeps
 * it on one line.
 */
export function formatPrice(value: number): string {
  const [units = '0', cents = '00'] = value.toFixed(2).split('.');
  return `R$ ${units.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}
