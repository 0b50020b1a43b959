import { Link } from 'react-router';
import { contact } from '../../../../content/contact';
import { ExternalLink } from '../external-link';

/** NAV-02 / PUB-15: support title, hours, WhatsApp link and the FAQ link. */
export function ContactPanel({
  id,
  onNavigate,
  className = 'w-72',
}: {
  id: string;
  onNavigate?: () => void;
  className?: string;
}) {
  return (
    <div id={id} className={`flex flex-col gap-3 text-left ${className}`} data-contact-panel>
      <p className="text-base font-bold text-slate-900">{contact.title}</p>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </svg>
        {contact.hours}
      </p>
      <ExternalLink
        href={contact.whatsappHref}
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
          <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7.5-.1 1.5-.6 1.8-1.2.2-.6.2-1.1.1-1.2l-.5-.3z" />
        </svg>
        {contact.whatsappLabel}
      </ExternalLink>
      <Link
        to={contact.faqPath}
        onClick={onNavigate}
        className="text-sm font-semibold text-brand-700 underline underline-offset-4"
      >
        {contact.faqLabel}
      </Link>
    </div>
  );
}
