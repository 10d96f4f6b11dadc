import { useState } from 'react';
import Modal from 'antd/es/modal';
import { errorMessage } from '@seatside/ui/src/lists';
import type { Tag } from '../tags/api';
import { downloadPrint, type Owner, type PrintRequest } from './api';

/** Print: which tags (all, or some), the paper, labels per sheet and the bleed; downloads the PDF. */
export function PrintDialog({ owner, templateId, title, tags, onClose }: { owner: Owner; templateId: string; title: string; tags: Tag[]; onClose(): void }) {
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [paper, setPaper] = useState<PrintRequest['paper']>('A4');
  const [perPage, setPerPage] = useState(1);
  const [bleed, setBleed] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const none = !all && chosen.size === 0;

  const print = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadPrint(owner, templateId, title, { ...(all ? { all: true } : { tagIds: tags.filter((t) => chosen.has(t.id)).map((t) => t.id) }), paper, perPage, bleed });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title="Print" okText="Download PDF" onOk={() => void print()} okButtonProps={{ disabled: none || busy, loading: busy }} onCancel={onClose} destroyOnHidden>
      <div className="tp-print" data-testid="print-dialog">
        <p className="tp-hint">Each tag gets this template with its own values and QR code.</p>
        <label>
          <input type="radio" name="which" checked={all} onChange={() => setAll(true)} /> {`All tags (${tags.length})`}
        </label>
        <label>
          <input type="radio" name="which" checked={!all} onChange={() => setAll(false)} /> Choose tags
        </label>
        {!all && (
          <ul aria-label="Tags to print">
            {tags.map((t) => (
              <li key={t.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.has(t.id)}
                    onChange={(e) => setChosen((s) => {
                      const next = new Set(s);
                      if (e.target.checked) next.add(t.id);
                      else next.delete(t.id);
                      return next;
                    })}
                  />{' '}
                  {t.name}
                </label>
              </li>
            ))}
          </ul>
        )}
        <label className="tp-field">
          <span>Paper</span>
          <select aria-label="Paper" value={paper} onChange={(e) => setPaper(e.target.value as PrintRequest['paper'])}>
            <option value="A4">A4</option>
            <option value="Letter">Letter</option>
            <option value="label">Label size</option>
          </select>
        </label>
        <label className="tp-field">
          <span>Per page</span>
          <input type="number" aria-label="Per page" min={1} max={100} value={perPage} disabled={paper === 'label'} onChange={(e) => setPerPage(Math.max(1, Math.min(100, Number(e.target.value) || 1)))} />
        </label>
        <label className="tp-field">
          <span>Bleed (mm)</span>
          <input type="number" aria-label="Bleed" min={0} max={10} step={0.5} value={bleed} onChange={(e) => setBleed(Math.max(0, Math.min(10, Number(e.target.value) || 0)))} />
        </label>
        {none && <p className="tp-hint">Choose at least one tag.</p>}
        {error && <p role="alert">{error}</p>}
      </div>
    </Modal>
  );
}
