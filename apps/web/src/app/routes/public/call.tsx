import { PagePlaceholder } from '../../../components/page-placeholder';
import { placeholders } from '../../../content/pages';

/** /call — the owner answers a finder's call (CALL-04/05, a later issue). */
export const CallPage = () => <PagePlaceholder {...placeholders.call} />;
