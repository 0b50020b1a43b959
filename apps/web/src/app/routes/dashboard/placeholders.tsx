import { useParams } from 'react-router';
import { PagePlaceholder } from '../../../components/page-placeholder';
import { paramLabels, placeholders } from '../../../content/pages';

function Param({ label, value }: { label: string; value: string | undefined }) {
  return (
    <p className="mt-2 text-slate-700">
      {label}: <strong className="font-mono">{value ?? ''}</strong>
    </p>
  );
}

export function UnitsPage() {
  const { condoCode } = useParams();
  return (
    <PagePlaceholder {...placeholders.units}>
      <Param label={paramLabels.condoCode} value={condoCode} />
    </PagePlaceholder>
  );
}

export function EditUnitPage() {
  const { condoCode, id } = useParams();
  return (
    <PagePlaceholder {...placeholders.editUnit}>
      <Param label={paramLabels.condoCode} value={condoCode} />
      <Param label={paramLabels.unitId} value={id} />
    </PagePlaceholder>
  );
}
