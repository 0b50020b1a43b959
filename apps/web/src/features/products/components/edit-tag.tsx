import { Link } from 'react-router';
import { tagMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { CONDOMINIUM_PRODUCT_ID, WRISTBAND_PRODUCT_ID } from '@toque/contracts/constants';
import { medicalCardUi } from '@toque/contracts/medical-card';
import { useProducts } from '../api/list-products';
import { tagCopy } from '../copy';
import { EditTagForm } from './edit-tag-form';
import { ProductsStatus } from './products-status';
import { ShareTag } from './share-tag';
import { TagCallSettingsForm } from './call-settings';
import { callSettingsUi } from '@toque/contracts/quiet-hours';
import { TagPhotoField } from './tag-photo';
import { MedicalCardForm } from './medical-card';
import { posterUi } from '@toque/contracts/poster';
import { LostPoster } from './lost-poster';

function BackLink() {
  return (
    <Link to={paths.products} className="font-semibold text-brand-700 underline">
      {dashboardUi.editTag.back}
    </Link>
  );
}

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** TAG-05 / TAG-07 / TAG-09: the edit page of the tag in the address; sharing for its owner only. */
export function EditTag({ code }: { code: string }) {
  const query = useProducts();
  return (
    <ProductsStatus query={query}>
      {(products) => {
        const tag = products.find((p) => p.code.toUpperCase() === code.toUpperCase());
        if (!tag) {
          return (
            <div className="space-y-4">
              <p role="alert" className="text-slate-800">
                {tagMsg.tagNotFound}
              </p>
              <BackLink />
            </div>
          );
        }
        return (
          <div className="space-y-6">
            <div className="text-slate-700">
              <p>{tagCopy.editIntro}</p>
              <p className="mt-1">
                {`${dashboardUi.tagDetails.code}: `}
                <span className="font-mono font-semibold text-slate-900">{tag.code}</span>
              </p>
            </div>
            {/* FIND-09: the photo for the finder's page; a plate has none (docs/decisions/0042). */}
            {tag.isOwner && tag.product_id !== CONDOMINIUM_PRODUCT_ID ? (
              <section aria-label={dashboardUi.editTag.photoHeading} className={card}>
                <TagPhotoField tag={tag} />
              </section>
            ) : null}
            <section aria-label={dashboardUi.headings.editTag} className={card}>
              <EditTagForm key={tag.code} tag={tag} />
            </section>
            {/* FIND-11: a wristband's medical card, its owner's alone (health data). */}
            {tag.isOwner && tag.product_id === WRISTBAND_PRODUCT_ID ? (
              <section aria-labelledby="ficha-medica" className={card}>
                <h2 id="ficha-medica" className="mb-4 text-xl font-bold text-slate-900">
                  {medicalCardUi.heading}
                </h2>
                <MedicalCardForm code={tag.code} />
              </section>
            ) : null}
            {/* FIND-10: a lost tag's poster and link, the owner's (a plate is never lost). */}
            {tag.isOwner && tag.product_id !== CONDOMINIUM_PRODUCT_ID && tag.lost_message !== null ? (
              <section aria-labelledby="cartaz" className="rounded-2xl border-2 border-red-600 bg-white p-6 shadow-sm">
                <h2 id="cartaz" className="mb-4 text-xl font-bold text-slate-900">
                  {posterUi.heading}
                </h2>
                <LostPoster tag={tag} />
              </section>
            ) : null}
            {/* FIND-07 / FIND-08: quiet hours and the ring order, the owner's (a plate's units have their own). */}
            {tag.isOwner && tag.product_id !== CONDOMINIUM_PRODUCT_ID ? (
              <section aria-labelledby="silencio" className={card}>
                <h2 id="silencio" className="mb-4 text-xl font-bold text-slate-900">
                  {callSettingsUi.heading}
                </h2>
                <TagCallSettingsForm code={tag.code} />
              </section>
            ) : null}
            {/* CONDO-10: a plate is not shared; its calls go to the units' residents. */}
            {tag.isOwner && tag.product_id !== CONDOMINIUM_PRODUCT_ID ? (
              <section aria-labelledby="compartilhar" className={card}>
                <h2 id="compartilhar" className="mb-4 text-xl font-bold text-slate-900">
                  {dashboardUi.headings.sharing}
                </h2>
                <ShareTag code={tag.code} />
              </section>
            ) : null}
            <BackLink />
          </div>
        );
      }}
    </ProductsStatus>
  );
}
