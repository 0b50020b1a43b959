import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { brand, support } from '../../content/site';
import { navLabels } from '../../content/navigation';

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-700 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="font-semibold text-slate-900">{brand.legalName}</p>
          <p>{support.hours}</p>
        </div>
        <nav aria-label={navLabels.footer}>
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link to={paths.privacy} className="underline underline-offset-4 hover:text-brand-700">
                {navLabels.privacy}
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className="underline underline-offset-4 hover:text-brand-700">
                {navLabels.terms}
              </Link>
            </li>
          </ul>
        </nav>
        <p>
          © {new Date().getFullYear()} {brand.name}
        </p>
      </div>
    </footer>
  );
}
