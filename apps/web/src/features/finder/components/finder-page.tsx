import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { PublicTag } from '@toque/contracts/calls';
import { finderMessage, finderType } from '@toque/contracts/finder-text';
import { paths } from '@toque/contracts/routes';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { usePublicTag } from '../api/get-public-tag';
import { FinderLangProvider, LanguageSwitch, useFinderText } from '../i18n';
import { useFinderSeed } from '../seed';
import { FinderCallPanel } from './finder-call-panel';
import { LostNotice } from './lost-notice';
import { ScanBeacon } from './scan-beacon';
import { ShareLocationButton } from './share-location-button';

const notCallable = { inactive: 'inactive', disabled: 'disabled' } as const;

/** The card, with the language switch above it (FIND-03). */
function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg space-y-2 px-4 py-4 sm:py-8">
      <LanguageSwitch />
      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}

/** Who the finder reached: type and name of the tag, the owner's first name, the info the owner chose to show (CALL-02). */
function TagSummary({ tag }: { tag: PublicTag }) {
  const { t } = useFinderText();
  return (
    <header className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900">{t.heading}</h1>
      <p className="text-slate-700">{t.reached(finderType(t, tag))}</p>
      {tag.name ? (
        <p className="text-slate-800">
          <span className="font-semibold">{t.tagName}: </span>
          {tag.name}
        </p>
      ) : null}
      {tag.owner_first_name ? <p className="text-slate-800">{t.ownerIs(tag.owner_first_name)}</p> : null}
      {tag.important_info ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900">
          <p className="font-semibold">{t.importantInfo}</p>
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
  return (
    <FinderLangProvider initial={seed?.lang}>
      <FinderContent code={code} seed={seed} />
    </FinderLangProvider>
  );
}

function FinderContent({ code, seed }: { code: string; seed: ReturnType<typeof useFinderSeed> }) {
  const { t } = useFinderText();
  const tag = usePublicTag(code, seed);

  if (seed?.error) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold text-slate-900">{finderMessage(t, seed.error.message, seed.error)}</h1>
      </Shell>
    );
  }
  if (tag.isPending) {
    return (
      <Shell>
        <Spinner label={t.loading} />
      </Shell>
    );
  }
  if (tag.isError) {
    const error = tag.error;
    const message = isApiError(error)
      ? error.status === 404
        ? t.server.tagNotFound
        : finderMessage(t, error.message, error)
      : t.server.network;
    return (
      <Shell>
        <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      </Shell>
    );
  }
  const found = tag.data;
  if (found.state === 'unclaimed') return <Navigate to={paths.onboarding(found.code)} replace />;
  const blocked = found.state === 'inactive' || found.state === 'disabled' ? t.server[notCallable[found.state]] : null;
  return (
    <Shell>
      {blocked ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{blocked}</h1>
          <p className="text-slate-700">{t.reached(finderType(t, found))}</p>
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
