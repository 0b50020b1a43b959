import { Link } from 'react-router';
import type { ProductContent } from '../../../content/products';
import { BuyButton } from './buy-button';
import { Price } from './price';
import { siteLabels } from '../../../content/site-labels';

interface ProductCardProps {
  product: ProductContent;
  /** Card title; the product's menu name by default. */
  title?: string;
  buyLabel: string;
  moreLabel: string;
}

/** A tag with its picture, monthly price (PUB-02) and buy button (PUB-09). */
export function ProductCard({ product, title = product.name, buyLabel, moreLabel }: ProductCardProps) {
  return (
    <li data-product={product.key} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <img src={product.image} alt="" width={480} height={360} loading="lazy" className="mx-auto h-40 w-auto" />
      <h3 className="mt-4 text-xl font-bold text-slate-900">{title}</h3>
      <p className="mt-2 flex-1 text-slate-700">{product.summary}</p>
      <Price value={product.price} className="mt-4 text-brand-700" />
      <div className="mt-5 flex flex-col gap-2">
        <BuyButton href={product.storeUrl} label={buyLabel} size="md" />
        <Link
          to={product.path}
          className="flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {moreLabel}
          <span className="sr-only">{siteLabels.moreAbout(product.name)}</span>
        </Link>
      </div>
    </li>
  );
}
