import { formatPrice } from '../../../content/format';
import { perMonthLabel } from '../../../content/products';

/** A monthly price in the Brazilian format (PUB-02), kept on one line. */
export function Price({ value, className = '' }: { value: number; className?: string }) {
  return (
    <p className={`flex items-baseline gap-1 ${className}`}>
      <span className="whitespace-nowrap text-3xl font-extrabold" data-price>
        {formatPrice(value)}
      </span>
      <span className="text-sm font-medium opacity-80">{perMonthLabel}</span>
    </p>
  );
}
