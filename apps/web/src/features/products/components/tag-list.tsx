import { useState } from 'react';
import type { Product } from '@toque/contracts/products';
import { DeleteTagDialog } from './delete-tag-dialog';
import { LeaveTagDialog } from './leave-tag-dialog';
import { QrModal } from './qr-modal';
import { TagRow } from './tag-row';

interface TagListProps {
  tags: readonly Product[];
  /** Rows with QR, edit and delete controls (my products) or detail only (dashboard). */
  withActions: boolean;
  headingLevel: 2 | 3;
}

/** TAG-03: a list of tags where one row at most is expanded; clicking the open one closes it. */
export function TagList({ tags, withActions, headingLevel }: TagListProps) {
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [qrTag, setQrTag] = useState<Product | null>(null);
  const [deleteTag, setDeleteTag] = useState<Product | null>(null);
  const [leaveTag, setLeaveTag] = useState<Product | null>(null);

  return (
    <>
      <ul className="flex flex-col gap-2">
        {tags.map((tag) => (
          <TagRow
            key={tag.code}
            tag={tag}
            headingLevel={headingLevel}
            expanded={openCode === tag.code}
            onToggle={() => setOpenCode((open) => (open === tag.code ? null : tag.code))}
            {...(withActions ? { onShowQr: setQrTag, onDelete: setDeleteTag, onLeave: setLeaveTag } : {})}
          />
        ))}
      </ul>
      {withActions ? (
        <>
          <QrModal tag={qrTag} onClose={() => setQrTag(null)} />
          <DeleteTagDialog tag={deleteTag} onClose={() => setDeleteTag(null)} />
          <LeaveTagDialog tag={leaveTag} onClose={() => setLeaveTag(null)} />
        </>
      ) : null}
    </>
  );
}
