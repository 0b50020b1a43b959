import { PagePlaceholder } from '../../../components/page-placeholder';
import { placeholders } from '../../../content/pages';

export const CondoActivationPage = () => <PagePlaceholder {...placeholders.condoActivation} />;
export const ManageClientsPage = () => <PagePlaceholder {...placeholders.manageClients} />;
