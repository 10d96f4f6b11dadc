import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime, type ListColumn, ListScreen, QuickEditButton, QuickEditDrawer, useCollection } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { modifiersPage, modifiersPath, type Modifier } from './api';
import { ModifierCards } from './ModifierCards';
import { modifierMessages as m } from './messages';

const PAGE_SIZES = [25, 50, 100] as const;

function modifierColumns(merchantId: string): ListColumn<Modifier>[] {
  return [
    { key: 'title', title: 'Title', sortKey: 'title', render: (x) => <Link to={modifiersPage(merchantId, encodeURIComponent(x.id))}>{x.title}</Link> },
    { key: 'instructions', title: 'Instructions', sortKey: 'instructions', render: (x) => x.instructions },
    { key: 'description', title: 'Description', sortKey: 'description', render: (x) => x.description?.trim() || m.noDescription },
    { key: 'options', title: 'Options', render: (x) => x.options?.length ?? 0 },
    { key: 'minSelections', title: 'Min Selections', sortKey: 'minSelections', render: (x) => x.minSelections },
    { key: 'maxSelections', title: 'Max Selections', sortKey: 'maxSelections', render: (x) => x.maxSelections },
    { key: 'createdAt', title: 'Created At', sortKey: 'createdAt', render: (x) => formatDateTime(x.createdAt) },
    { key: 'updatedAt', title: 'Updated At', sortKey: 'updatedAt', render: (x) => formatDateTime(x.updatedAt) },
  ];
}

type View = 'table' | 'cards';

function ViewSwitch({ view, onView }: { view: View; onView(view: View): void }) {
  return (
    <div role="group" aria-label="View" style={{ display: 'flex', gap: 4 }}>
      {(['table', 'cards'] as const).map((v) => (
        <button key={v} type="button" className="ls-icon-button" aria-pressed={view === v} onClick={() => onView(v)}>
          {v === 'table' ? m.tableView : m.cardView}
        </button>
      ))}
    </div>
  );
}

/** /dashboard/merchants/{merchantId}/modifiers: the modifiers of the current mode, by title, as a table or cards. */
export default function ModifierList() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const collection = useCollection<Modifier>({ path: modifiersPath(merchantId), defaultSort: { sort: 'title', order: 'asc' }, testMode });
  const [quick, setQuick] = useState<Modifier | null>(null);
  const [view, setView] = useState<View>('table');
  const pageOf = (x: Modifier) => modifiersPage(merchantId, encodeURIComponent(x.id));
  return (
    <>
      <ListScreen
        title={m.listTitle}
        collection={collection}
        columns={modifierColumns(merchantId)}
        rowKey={(x) => x.id}
        add={{ label: m.add, to: modifiersPage(merchantId, 'new') }}
        searchable
        columnChooserKey="modifiers"
        pageSizes={PAGE_SIZES}
        tools={<ViewSwitch view={view} onView={setView} />}
        {...(view === 'cards' ? { content: <ModifierCards rows={collection.rows} pageOf={pageOf} onQuickEdit={setQuick} /> } : {})}
        actions={(x) => <QuickEditButton name={x.title} onClick={() => setQuick(x)} />}
      />
      <QuickEditDrawer
        open={quick !== null}
        title={quick?.title || m.entityTitle}
        onClose={() => setQuick(null)}
        summary={[
          { label: 'Title', value: quick?.title },
          { label: 'Created At', value: formatDateTime(quick?.createdAt) },
        ]}
        footer={quick && <Link to={pageOf(quick)}>{m.editTitle}</Link>}
      />
    </>
  );
}
