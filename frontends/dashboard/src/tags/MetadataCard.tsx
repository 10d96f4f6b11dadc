import Button from 'antd/es/button';
import { Switch } from '@seatside/ui/src/lists';
import { SortableList } from '../catalog/services/SortableList';
import type { MetadataPair } from './domain';
import { tagMessages as m } from './messages';
import './styles';

/** A pair on screen: its own id, so a drag or a delete keeps each input's focus and text. */
export interface PairRow extends MetadataPair {
  uid: string;
}

let pairs = 0;
export const newPairRow = (pair: MetadataPair = { key: '', value: '', visible: true }): PairRow => ({ ...pair, uid: `pair-${++pairs}` });
export const toPairRows = (metadata: readonly MetadataPair[]): PairRow[] => metadata.map((pair) => newPairRow({ key: pair.key, value: String(pair.value ?? ''), visible: pair.visible !== false }));
/**
 * The pairs a save sends: a row left wholly blank is dropped, but one with a value and no key is
 * sent, so the server's 'Key is required' shows and the value is not lost without a word.
 */
export const toMetadata = (rows: readonly PairRow[]): MetadataPair[] =>
  rows.filter((row) => row.key.trim() !== '' || row.value.trim() !== '').map(({ key, value, visible }) => ({ key: key.trim(), value: value.trim(), visible }));

/**
 * Seed 001 §2's Metadata card: key/value pairs a person reorders by dragging (pointer or keyboard),
 * shows or hides from diners, deletes, and adds with the + button.
 */
export function MetadataCard({ rows, onChange }: { rows: PairRow[]; onChange(rows: PairRow[]): void }) {
  const change = (uid: string, patch: Partial<MetadataPair>) => onChange(rows.map((row) => (row.uid === uid ? { ...row, ...patch } : row)));
  return (
    <section className="tg-card" aria-labelledby="tg-metadata-title">
      <h3 id="tg-metadata-title">
        {m.metadata}
        <Button onClick={() => onChange([...rows, newPairRow()])} aria-label={m.addPair} title={m.addPair}>
          +
        </Button>
      </h3>
      {rows.length === 0 ? (
        <p className="tg-hint" data-testid="metadata-empty">
          {m.metadataEmpty}
        </p>
      ) : (
        <>
          <p className="tg-hint">
            {m.keyHint}
            <br />
            {m.valueHint}
          </p>
          <SortableList
            items={rows}
            idOf={(row) => row.uid}
            nameOf={(row) => row.key.trim() || 'pair'}
            onReorder={onChange}
            label={m.metadata}
            itemTestId="metadata-pair"
            renderItem={(row, index) => (
              <div className="tg-pair">
                <input type="text" value={row.key} placeholder={m.keyHint} aria-label={`Key ${index + 1}`} onChange={(event) => change(row.uid, { key: event.target.value })} />
                <input type="text" value={row.value} placeholder={m.valueHint} aria-label={`Value ${index + 1}`} onChange={(event) => change(row.uid, { value: event.target.value })} />
                <Switch value={row.visible} onChange={(visible) => change(row.uid, { visible })} onText="Visible" offText="Hidden" />
                <Button danger onClick={() => onChange(rows.filter((r) => r.uid !== row.uid))}>
                  Delete<span className="tg-sr"> {row.key || `pair ${index + 1}`}</span>
                </Button>
              </div>
            )}
          />
        </>
      )}
    </section>
  );
}
