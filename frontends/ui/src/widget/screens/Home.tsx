import { useEffect, useMemo, useState } from 'react';
import { fetchOnlineStaff, type OnlineStaffRecord } from '../api';
import { articlesOrShipped, useArticles } from '../articles';
import { texts, type StaffMember } from '../content';
import { useFaqs } from '../faqs';
import { helpItemPath, useWidgetRouter } from '../router';
import { FaqItem, FaqsPending } from './FaqParts';

const HOME_FAQS = 3;

const memberOf = (r: OnlineStaffRecord): StaffMember => ({ id: r.id, name: r.name, online: r.online, ...(r.avatar ? { avatar: r.avatar } : {}) });

/**
 * The online-staff records (seed 000 §3), online first: read each time the panel opens, and kept
 * live by the records the widget's socket hears (`live`, newer than any read before them).
 */
function useOnlineStaff(given: StaffMember[] | undefined, open: boolean, live: Readonly<Record<string, OnlineStaffRecord>>): StaffMember[] {
  const [read, setRead] = useState<OnlineStaffRecord[]>([]);
  useEffect(() => {
    if (given || !open) return;
    let cancelled = false;
    fetchOnlineStaff().then(
      ({ data }) => !cancelled && setRead(data),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [given, open]);
  return useMemo(() => {
    if (given) return given;
    const latest = new Map(read.map((r) => [r.id, r]));
    // A record read after one heard is the newer (lastOnline is when it was set).
    for (const r of Object.values(live)) {
      const known = latest.get(r.id);
      if (!known || known.lastOnline <= r.lastOnline) latest.set(r.id, r);
    }
    return [...latest.values()].sort((a, b) => Number(b.online) - Number(a.online)).map(memberOf);
  }, [given, read, live]);
}

const NONE_HEARD: Readonly<Record<string, OnlineStaffRecord>> = {};

export function HomeScreen({ staff: given, open = true, liveStaff = NONE_HEARD }: { staff?: StaffMember[]; open?: boolean; liveStaff?: Readonly<Record<string, OnlineStaffRecord>> }) {
  const { push } = useWidgetRouter();
  const staff = useOnlineStaff(given, open, liveStaff);
  const faqs = useFaqs();
  const published = useArticles();
  // The featured article: the newest published one (the shipped one while there is none).
  const featured = published.status === 'ready' ? articlesOrShipped(published.articles)[0] : undefined;

  return (
    <>
      <div className="ssw-hero">
        <ul className="ssw-avatars" aria-label="Support team">
          {staff.map((member) => (
            <li key={member.id} className="ssw-avatar">
              {member.avatar ? <img src={member.avatar} alt="" /> : <span aria-hidden="true">{member.name.slice(0, 1)}</span>}
              <span className="ssw-sr">
                {member.name}
                {member.online ? ', online' : ', offline'}
              </span>
              {member.online && <span className="ssw-dot" data-online="true" aria-hidden="true" />}
            </li>
          ))}
        </ul>
        <p className="ssw-greeting">{texts.greeting}</p>
        <p className="ssw-sub">{texts.greetingSub}</p>
      </div>

      <button type="button" className="ssw-card" onClick={() => push('/chat')}>
        <strong>{texts.sendUsAMessage}</strong>
        <span className="ssw-muted">{texts.repliesWithin}</span>
      </button>

      {featured && (
        <button type="button" className="ssw-card" onClick={() => push(helpItemPath('article', featured.id))}>
          <span className="ssw-muted">{texts.featured}</span>
          <strong>{featured.title}</strong>
          <span className="ssw-muted">{featured.description}</span>
        </button>
      )}

      <h3 className="ssw-section-title">{texts.faqsTitle}</h3>
      <FaqsPending faqs={faqs} />
      {faqs.status === 'ready' &&
        (faqs.faqs.length === 0 ? (
          <p className="ssw-muted">{texts.noFaqs}</p>
        ) : (
          <ul className="ssw-list">
            {faqs.faqs.slice(0, HOME_FAQS).map((faq) => (
              <FaqItem key={faq.id} faq={faq} />
            ))}
          </ul>
        ))}

      <button type="button" className="ssw-card" style={{ marginTop: 12 }} onClick={() => push('/news')}>
        <strong>News</strong>
        <span className="ssw-muted">Product updates from the Seatside team</span>
      </button>
    </>
  );
}
