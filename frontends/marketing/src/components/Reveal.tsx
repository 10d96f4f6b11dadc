import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Reveals its content once it scrolls into view (IntersectionObserver); stays revealed. */
export function Reveal({ children, className = '', as: Tag = 'section', ...rest }: { children: ReactNode; className?: string; as?: 'section' | 'div'; 'aria-labelledby'?: string }) {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <Tag
      ref={ref as never}
      className={`mk-reveal${visible ? ' is-visible' : ''} ${className}`.trim()}
      data-visible={visible ? 'true' : 'false'}
      {...rest}
    >
      {children}
    </Tag>
  );
}
