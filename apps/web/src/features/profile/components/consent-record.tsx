import { Link } from 'react-router';
import { accountUi } from '@toque/contracts/account';
import { paths } from '@toque/contracts/routes';
import { useAccount } from '../api/get-account';
import { brasiliaDateTime } from '@toque/contracts/time-format';

const labels = accountUi.consentRecord;

/** ACC-07: which version of the Terms of use and Privacy policy this account accepted, and when. */
export function ConsentRecord() {
  const account = useAccount();
  if (!account.data) return null;
  const { termsVersion, termsAcceptedAt } = account.data;
  return (
    <section aria-labelledby="consent-title" className="space-y-3">
      <h2 id="consent-title" className="text-xl font-bold text-slate-900">
        {labels.heading}
      </h2>
      <p className="text-slate-700" data-testid="consent-record">
        {termsVersion && termsAcceptedAt ? labels.accepted(termsVersion, brasiliaDateTime.format(new Date(termsAcceptedAt))) : labels.none}
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-2">
        <Link to={paths.terms} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          {labels.read}
        </Link>
        <Link to={paths.privacy} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          {labels.readPrivacy}
        </Link>
      </p>
    </section>
  );
}
