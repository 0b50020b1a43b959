import { Suspense, type ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { navLabels } from '../../content/navigation';

/** Lazy pages load inside their layout, so the header stays while the page arrives. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label={navLabels.loadingPage} />}>{children}</Suspense>;
}
