import type { ReactNode } from 'react';
import { useRevealed } from '../hooks/use-revealed';

/** Hidden until revealed; users who prefer reduced motion see it at once, even before hydration. */
const styles =
  'transition-[opacity,translate] duration-700 ease-out data-[revealed=false]:translate-y-6 data-[revealed=false]:opacity-0 ' +
  'motion-reduce:data-[revealed=false]:translate-y-0 motion-reduce:data-[revealed=false]:opacity-100';

/**
 * Fades its content in when 30 % of it is visible (PUB-16). The hidden state is CSS on
 * `data-revealed="false"`, so index.html's <noscript> style can show it without JavaScript.
 */
export function Reveal({ children, className = '' }: { children: ReactNode; className?: string }) {
  const { ref, revealed } = useRevealed<HTMLDivElement>();
  return (
    <div ref={ref} data-revealed={revealed} className={`${styles} ${className}`}>
      {children}
    </div>
  );
}
