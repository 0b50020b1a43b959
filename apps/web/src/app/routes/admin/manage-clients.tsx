import { useState } from 'react';
import { adminUi } from '@toque/contracts/admin-ui';
import { Tabs } from '../../../components/ui/tabs';
import { AuditLog } from '../../../features/admin/components/audit-log';
import { ClientsPanel } from '../../../features/admin/components/clients-panel';
import { InventoryPanel } from '../../../features/admin/components/inventory-panel';
import { ChargesPanel } from '../../../features/admin/components/charges-panel';
import { FinancePanel } from '../../../features/admin/components/finance-panel';
import { PageHeader } from '../dashboard/page-header';

type Section = 'clients' | 'audit' | 'inventory' | 'charges' | 'finance';

/** ADM-03 / ADM-07 / ADM-08 / ADM-11 / FIN-04: /dashboard/gerenciar-clientes (admins only, ADM-01). */
export function ManageClientsPage() {
  const [section, setSection] = useState<Section>('clients');
  return (
    <section className="max-w-4xl">
      <PageHeader title={adminUi.headings.clients} />
      <Tabs
        label={adminUi.tabs.label}
        tabs={[
          { id: 'clients', label: adminUi.tabs.clients },
          { id: 'audit', label: adminUi.tabs.audit },
          { id: 'inventory', label: adminUi.tabs.inventory },
          { id: 'charges', label: adminUi.tabs.charges },
          { id: 'finance', label: adminUi.tabs.finance },
        ]}
        selected={section}
        onSelect={setSection}
      >
        {section === 'clients' ? (
          <ClientsPanel />
        ) : section === 'audit' ? (
          <AuditLog />
        ) : section === 'inventory' ? (
          <InventoryPanel />
        ) : section === 'charges' ? (
          <ChargesPanel />
        ) : (
          <FinancePanel />
        )}
      </Tabs>
    </section>
  );
}
