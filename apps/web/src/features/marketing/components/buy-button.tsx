import { buttonClasses, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { ExternalLink } from './external-link';

interface BuyButtonProps {
  href: string;
  /** 'Comprar agora', 'Compre Agora' or 'Adquira seu {product}' (PUB-09). */
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Opens the external online store in a new tab (PUB-09). */
export function BuyButton({ href, label, variant = 'primary', size = 'lg', className = '' }: BuyButtonProps) {
  return (
    <ExternalLink href={href} className={buttonClasses(variant, size, className)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
        <path d="M6 6h15l-1.5 9h-12zM6 6 5 3H2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm9 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2z" />
      </svg>
      {label}
    </ExternalLink>
  );
}
