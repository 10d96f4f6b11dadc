import { Link } from 'react-router';
import { usePageTitle } from '@seatside/ui/src/title';
import { Reveal } from '../components/Reveal';
import { features } from '../content';

const more = [
  { title: 'Card payments', body: 'Payments go through a card payment provider; Square can be connected per environment.' },
  { title: 'Production and sandbox', body: 'Try every change in test mode first, then go live.' },
  { title: 'Support when you need it', body: 'Help articles, chat and a contact form are one click away in the support widget.' },
  { title: 'For every kind of place', body: 'Restaurants, venues, retail, theaters and stadiums run on the same platform.' },
];

const TITLE = 'Features';

export default function Features() {
  usePageTitle(TITLE);
  return (
    <>
      <div className="mk-container mk-page-head">
        <h1>{TITLE}</h1>
        <p className="mk-lead">Everything you need to take orders online, at the counter and right at the seat.</p>
      </div>
      <div className="mk-section">
        <div className="mk-container mk-grid">
          {features.map((f) => (
            <Reveal key={f.id} as="div" className="mk-card">
              <h2 style={{ fontSize: 22 }}>{f.title}</h2>
              <p className="mk-muted">{f.body}</p>
            </Reveal>
          ))}
          {more.map((f) => (
            <Reveal key={f.title} as="div" className="mk-card">
              <h2 style={{ fontSize: 22 }}>{f.title}</h2>
              <p className="mk-muted">{f.body}</p>
            </Reveal>
          ))}
        </div>
      </div>
      <div className="mk-container">
        <Link className="mk-btn" to="/auth/sign-up">
          Get Started
        </Link>
      </div>
    </>
  );
}
