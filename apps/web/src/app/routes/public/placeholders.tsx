import { msg } from '@toque/contracts/messages';
import { PagePlaceholder } from '../../../components/page-placeholder';
import { placeholders } from '../../../content/pages';

export const ManualPage = () => <PagePlaceholder {...placeholders.manual} />;
export const PrivacyPage = () => <PagePlaceholder {...placeholders.privacy} />;
export const TermsPage = () => <PagePlaceholder {...placeholders.terms} />;
export const BraceletsPage = () => <PagePlaceholder {...placeholders.bracelets} />;
export const CollarsPage = () => <PagePlaceholder {...placeholders.collars} />;
export const ObjectsPage = () => <PagePlaceholder {...placeholders.objects} />;
export const DoorbellsPage = () => <PagePlaceholder {...placeholders.doorbells} />;
export const LandingPage = () => <PagePlaceholder {...placeholders.landing} />;

/** PUB-12: the title is the catalogue's. */
export const ComingSoonPage = () => <PagePlaceholder title={msg.comingSoonTitle} text={placeholders.comingSoonText} />;
