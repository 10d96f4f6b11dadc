import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { colors as c, injectStyles } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { FaqAccordion } from '../components/FaqAccordion';
import { PromoBanner } from '../components/PromoBanner';
import { Reveal } from '../components/Reveal';
import { features } from '../content';

/** Seed 000 §2 and §9: these words, one every 3 seconds. */
export const heroWords = ['Restaurants', 'Venues', 'Retail', 'Theaters', 'Stadiums'] as const;
export const HERO_ROTATION_MS = 3000;

injectStyles(
  'marketing-home',
  `
.mk-hero{background:linear-gradient(160deg,#eef3ff 0%,#ffffff 60%);padding:88px 0 72px}
.mk-hero h1{font-size:clamp(36px,6vw,64px);line-height:1.08;margin:0 0 20px;letter-spacing:-.02em}
.mk-hero-word{color:${c.brand};display:inline-block}
.mk-hero-word-in{animation:mk-word .5s ease}
@keyframes mk-word{from{opacity:0;transform:translateY(12px)}to{opacity:1;transform:none}}
.mk-hero-actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:28px}
.mk-feature{display:grid;grid-template-columns:1fr 1fr;gap:48px;align-items:center}
.mk-feature:nth-child(even) .mk-feature-art{order:-1}
.mk-feature-art{aspect-ratio:4/3;border-radius:20px;background:linear-gradient(135deg,#1f5eff 0%,#1e3a8a 100%);position:relative;overflow:hidden}
.mk-feature-art::before{content:'';position:absolute;width:55%;aspect-ratio:9/16;left:22%;top:14%;border-radius:22px;background:#fff;box-shadow:0 20px 40px rgba(0,0,0,.25)}
.mk-feature-art::after{content:'';position:absolute;width:38%;height:10px;left:30%;top:30%;border-radius:5px;background:#c7d2fe;box-shadow:0 24px 0 #e5e7eb,0 48px 0 #e5e7eb,0 72px 0 #e5e7eb}
.mk-features-list>*+*{margin-top:72px}
@media (max-width:767.98px){.mk-feature{grid-template-columns:1fr;gap:24px}.mk-feature:nth-child(even) .mk-feature-art{order:0}.mk-hero{padding:56px 0 48px}}
@media (prefers-reduced-motion:reduce){.mk-hero-word-in{animation:none}}
`,
);

/**
 * The hero's rotating word, changing every 3 seconds. Each change slides in; the first word does
 * not: it is there from the first paint (the page's prerendered view), and animating it again when
 * the app takes over would only redraw the screen some thirty times while the page loads.
 */
function RotatingWord() {
  const [turns, setTurns] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTurns((n) => n + 1), HERO_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className={turns === 0 ? 'mk-hero-word' : 'mk-hero-word mk-hero-word-in'} data-testid="hero-word" key={turns}>
      {heroWords[turns % heroWords.length]}
    </span>
  );
}

export default function Home() {
  usePageTitle(undefined);
  return (
    <>
      <PromoBanner />
      <section className="mk-hero" aria-labelledby="hero-title">
        <div className="mk-container">
          <h1 id="hero-title">
            Ordering for <RotatingWord />
          </h1>
          <p className="mk-lead">
            Delivery, pickup, self-checkout and tag ordering: an NFC tag or QR code at a table, seat or hotel room
            takes the order to where your guest is.
          </p>
          <div className="mk-hero-actions">
            <Link className="mk-btn" to="/auth/sign-up">
              Get Started
            </Link>
            <Link className="mk-btn mk-btn-ghost" to="/features">
              See features
            </Link>
          </div>
        </div>
      </section>

      <div className="mk-section">
        <div className="mk-container mk-features-list">
          {features.map((f) => (
            <Reveal key={f.id} className="mk-feature" aria-labelledby={`feature-${f.id}`}>
              <div>
                <h2 id={`feature-${f.id}`}>{f.title}</h2>
                <p className="mk-lead">{f.body}</p>
              </div>
              <div className="mk-feature-art" aria-hidden="true" />
            </Reveal>
          ))}
        </div>
      </div>

      <section className="mk-section" aria-labelledby="faq-title" style={{ background: c.subtle }}>
        <div className="mk-container">
          <h2 id="faq-title">Frequently asked questions</h2>
          <FaqAccordion label="Frequently asked questions" />
        </div>
      </section>
    </>
  );
}
