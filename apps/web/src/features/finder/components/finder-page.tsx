import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { callUi } from '@toque/contracts/call-ui';
import type { PublicTag } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { Spinner } from '../../../components/ui/spinner';
import { statusOf } from '../../../lib/api-client';
import { usePublicTag } from '../api/get-public-tag';
import { useFinderSeed } from '../seed';
import { FinderCallPanel } from './finder-call-panel';
import { LostNotice } from './lost-notice';
import { ScanBeacon } from './scan-beacon';
import { ShareLocationButton } from './share-location-button';

const notCallable: Partial<Record<PublicTag['state'], string>> = {
  inactive: callMsg.inactive,
  disabled: callMsg.disabled,
};

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-8">
      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}

/** Who the finder reached: type and name of the tag, the owner's first name, the info the owner chose to show (CALL-02). */
function TagSummary({ tag }: { tag: PublicTag }) {
  return (
    <header className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900">{callUi.finder.heading}</h1>
      <p className="text-slate-700">{callUi.finder.reached(tag.type)}</p>
      {tag.name ? (
        <p className="text-slate-800">
          <span className="font-semibold">{callUi.finder.tagName}: </span>
          {tag.name}
        </p>
      ) : null}
      {tag.owner_first_name ? <p className="text-slate-800">{callUi.finder.ownerIs(tag.owner_first_name)}</p> : null}
      {tag.important_info ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900">
          <p className="font-semibold">{callUi.finder.importantInfo}</p>
          <p className="whitespace-pre-line">{tag.important_info}</p>
        </div>
      ) : null}
    </header>
  );
}

/**
 * /t/:code — where every tag's QR code leads (CALL-01): an unclaimed code goes to onboarding; an
 * inactive, disabled or unknown tag says so plainly; an active one lets the finder call. The server
 * renders it with the tag it found (PERF-05, server/src/plugins/finder-page.ts), and the browser
 * hydrates that.
 */
export function FinderPage() {
  const { code = '' } = useParams();
  const seed = useFinderSeed(code);
  const tag = usePublicTag(code, seed);

  if (seed?.error) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold text-slate-900">{seed.error.message}</h1>
      </Shell>
    );
  }
  if (tag.isPending) {
    return (
      <Shell>
        <Spinner label={callUi.finder.loading} />
      </Shell>
    );
  }
  if (tag.isError) {
    const message = statusOf(tag.error) === 404 ? callMsg.tagNotFound : tag.error.message;
    return (
      <Shell>
        <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      </Shell>
    );
  }
  const found = tag.data;
  if (found.state === 'unclaimed') return <Navigate to={paths.onboarding(found.code)} replace />;
  const blocked = notCallable[found.state];
  return (
    <Shell>
      {blocked ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{blocked}</h1>
          <p className="text-slate-700">{callUi.finder.reached(found.type)}</p>
        </>
      ) : (
        <>
          <ScanBeacon code={found.code} />
          {found.lost ? <LostNotice lost={found.lost} /> : null}
          <TagSummary tag={found} />
          <FinderCallPanel tag={found} inApp={seed?.inApp} />
          {found.product_id !== 5 ? <ShareLocationButton code={found.code} /> : null}
        </>
      )}
    </Shell>
  );
}
