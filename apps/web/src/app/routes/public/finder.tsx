import { useParams } from 'react-router';
import { PagePlaceholder } from '../../../components/page-placeholder';
import { paramLabels, placeholders } from '../../../content/pages';

/** /t/:code — where a tag's QR code leads the finder (CALL-01/02, a later issue). */
export function FinderPage() {
  const { code = '' } = useParams();
  return (
    <PagePlaceholder {...placeholders.finder}>
      <p className="mt-2 text-slate-700">
        {paramLabels.tagCode}: <strong className="font-mono">{code.toUpperCase()}</strong>
      </p>
    </PagePlaceholder>
  );
}
