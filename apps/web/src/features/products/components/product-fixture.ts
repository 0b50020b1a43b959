import type { Product } from '@toque/contracts/products';

/** A tag as GET /products lists it, for the products' component tests: an owned, active pet tag with nothing written yet. */
export const productFixture = (overrides: Partial<Product> = {}): Product => ({
  code: 'AB23CD45',
  product_id: 1,
  name: 'Coleira da Mel',
  image_url: '/images/tags/coleira.svg',
  isOwner: true,
  important_info: '',
  show_info_to_finder: false,
  is_active: true,
  scan_alerts: true,
  lost_message: null,
  lost_reward: null,
  lost_reward_cents: null,
  photo: null,
  show_owner_name: true,
  show_photo: true,
  show_reward: true,
  show_city: false,
  lost_city: null,
  public_url: 'https://qr.toque.example/t/AB23CD45',
  ...overrides,
});
