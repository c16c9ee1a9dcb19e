import type { DocumentOwnerColumn } from '@conveyor/shared';
import { lazy, Suspense } from 'react';

const RecordDocuments = lazy(() =>
  import('./RecordDocuments.tsx').then(({ RecordDocuments }) => ({ default: RecordDocuments })),
);

/**
 * A record's Documents section under its form (products, projects, categories), loaded with
 * the first form that shows it: the record's form is drawn without waiting for it.
 */
export function DocumentsSection({ owner }: { owner: DocumentOwnerColumn }) {
  return (
    <Suspense fallback={null}>
      <RecordDocuments owner={owner} />
    </Suspense>
  );
}
