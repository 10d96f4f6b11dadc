import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Reveals its content once it scrolls into view (IntersectionObserver); stays revealed. What is in
 * view when the page shows it is there at once, without the transition: only a section scrolled to
 * fades in (so loading the page does not redraw the screen for every section in view).
 */
export function Reveal({ children, className = '', as: Tag = 'section', ...rest }: { children: ReactNode; className?: string; as?: 'section' | 'div'; 'aria-labelledby'?: string }) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<'hidden' | 'shown' | 'revealed'>(() => (typeof IntersectionObserver === 'undefined' ? 'shown' : 'hidden'));
  useEffect(() => {
    const el = ref.current;
    if (!el || state !== 'hidden') return;
    // The observer's first report is of where the section is now; any later one, of a scroll.
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState(first ? 'shown' : 'revealed');
          observer.disconnect();
        }
        first = false;
      },
      { threshold: 0.15 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [state]);
  const visible = state !== 'hidden';
  return (
    <Tag
      ref={ref as never}
      className={`mk-reveal${visible ? ' is-visible' : ''}${state === 'shown' ? ' is-instant' : ''} ${className}`.trim()}
      data-visible={visible ? 'true' : 'false'}
      {...rest}
    >
      {children}
    </Tag>
  );
}
