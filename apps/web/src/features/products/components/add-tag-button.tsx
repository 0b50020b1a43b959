import { useState } from 'react';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { Button } from '../../../components/ui/button';
import { AddTagModal } from './add-tag-modal';

/** The 'Adicionar Toque' button and its modal (TAG-02), placed on several dashboard pages. */
export function AddTagButton({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span aria-hidden="true">+</span>
        {dashboardUi.addTag.open}
      </Button>
      <AddTagModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
