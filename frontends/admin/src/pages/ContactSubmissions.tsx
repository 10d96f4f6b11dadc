import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, errorMessage } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { CursorList, type Column } from './CursorList';

export interface Submission {
  id: string;
  fullname: string;
  email: string;
  phone: string;
  message: string;
  source: 'page' | 'widget';
  submittedAt: string;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns: Column<Submission>[] = [
  { key: 'fullname', title: 'Name', render: (s) => <Link to={`/admin/contact-submissions/${encodeURIComponent(s.id)}`}>{s.fullname}</Link> },
  { key: 'email', title: 'Email', render: (s) => s.email },
  { key: 'phone', title: 'Phone', render: (s) => s.phone },
  { key: 'message', title: 'Message', render: (s) => (s.message.length > 60 ? `${s.message.slice(0, 60)}…` : s.message) },
  { key: 'source', title: 'Form', render: (s) => (s.source === 'widget' ? 'Widget' : 'Contact page') },
  { key: 'submittedAt', title: 'Received', sortKey: 'submittedAt', render: (s) => when(s.submittedAt) },
];

/** /admin/contact-submissions: both contact forms' submissions, newest first. */
export default function ContactSubmissions() {
  return <CursorList<Submission> title="Contact submissions" path="/admin/contact-submissions" columns={columns} defaultSort={{ sort: 'submittedAt', order: 'desc' }} searchLabel="Search by name or email" />;
}

/** /admin/contact-submissions/{id}: one submission (where its notification leads). */
const SUBMISSION_TITLE = 'Contact submission';

export function ContactSubmissionPage() {
  usePageTitle(SUBMISSION_TITLE);
  const { id = '' } = useParams();
  const [state, setState] = useState<{ submission?: Submission; error?: string }>({});
  useEffect(() => {
    api.get<Submission>(`/admin/contact-submissions/${encodeURIComponent(id)}`).then(
      (submission) => setState({ submission }),
      (err: unknown) => setState({ error: errorMessage(err) }),
    );
  }, [id]);
  const s = state.submission;
  return (
    <>
      <p>
        <Link to="/admin/contact-submissions">← Contact submissions</Link>
      </p>
      <h1>{SUBMISSION_TITLE}</h1>
      {state.error && (
        <p className="adm-status adm-status-error" role="alert">
          {state.error}
        </p>
      )}
      {s && (
        <section className="adm-card">
          <dl style={{ display: 'grid', gridTemplateColumns: '140px 1fr', gap: '8px 16px', margin: 0 }}>
            <dt>Name</dt>
            <dd style={{ margin: 0 }}>{s.fullname}</dd>
            <dt>Email</dt>
            <dd style={{ margin: 0 }}>{s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : '-'}</dd>
            <dt>Phone</dt>
            <dd style={{ margin: 0 }}>{s.phone || '-'}</dd>
            <dt>Form</dt>
            <dd style={{ margin: 0 }}>{s.source === 'widget' ? 'Support widget' : 'Contact page'}</dd>
            <dt>Received</dt>
            <dd style={{ margin: 0 }}>{when(s.submittedAt)}</dd>
          </dl>
          <p style={{ whiteSpace: 'pre-wrap', marginTop: 16 }}>{s.message}</p>
        </section>
      )}
    </>
  );
}
