import type { ComponentProps } from 'react';
import { ui } from '@toque/contracts/ui';

/**
 * A link that leaves the site, opened in a new tab without handing the new page a reference to
 * this one (PUB-09, PUB-14). Screen readers hear that a tab opens.
 */
export function ExternalLink({ children, ...rest }: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="sr-only"> {ui.site.footer.newTab}</span>
    </a>
  );
}
