import { socialLinks, type SocialNetwork } from '../../../content/contact';
import { ui } from '@toque/contracts/ui';
import { ExternalLink } from './external-link';

const icons: Record<SocialNetwork, string> = {
  instagram:
    'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM12 3.8c2.7 0 3 0 4 .1 2.7.1 4 1.4 4.1 4.1.1 1 .1 1.3.1 4s0 3-.1 4c-.1 2.7-1.4 4-4.1 4.1-1 .1-1.3.1-4 .1s-3 0-4-.1c-2.7-.1-4-1.4-4.1-4.1-.1-1-.1-1.3-.1-4s0-3 .1-4C4 5.3 5.3 4 8 3.9c1-.1 1.3-.1 4-.1zM12 2c-2.7 0-3.1 0-4.1.1C4.2 2.2 2.2 4.2 2.1 7.9 2 8.9 2 9.3 2 12s0 3.1.1 4.1c.1 3.7 2.1 5.7 5.8 5.8 1 .1 1.4.1 4.1.1s3.1 0 4.1-.1c3.7-.1 5.7-2.1 5.8-5.8.1-1 .1-1.4.1-4.1s0-3.1-.1-4.1C21.8 4.2 19.8 2.2 16.1 2.1 15.1 2 14.7 2 12 2z',
  facebook: 'M14 8V6.2c0-.8.2-1.2 1.4-1.2H17V2h-2.6C11.3 2 10 3.4 10 6v2H8v3h2v11h4V11h2.7l.3-3z',
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z',
  tiktok:
    'M16.5 2h-3.3v13.4a2.9 2.9 0 1 1-2.1-2.8V9.2a6.2 6.2 0 1 0 5.4 6.2V8.6A7.6 7.6 0 0 0 21 10V6.7a4.4 4.4 0 0 1-4.5-4.7z',
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.2c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z',
};

/** Social network links, each a labelled icon opening in a new tab (PUB-12, PUB-14, PUB-16). */
export function SocialLinks({ tone = 'dark', className = '' }: { tone?: 'dark' | 'light'; className?: string }) {
  const color = tone === 'dark' ? 'text-slate-800 hover:bg-slate-200' : 'text-white hover:bg-white/10';
  return (
    <ul aria-label={ui.site.footer.social} className={`flex flex-wrap gap-2 ${className}`}>
      {socialLinks.map((link) => (
        <li key={link.network}>
          <ExternalLink
            href={link.href}
            className={`inline-flex size-11 items-center justify-center rounded-full ${color}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
              <path d={icons[link.network]} />
            </svg>
            <span className="sr-only">{link.label}</span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
