import { Suspense, lazy, type ReactNode } from 'react';

// antd's ConfigProvider and App weigh about 100 KB gzipped. @seatside/ui is loaded on every page, so
// the antd scope is a separate chunk that only screens using antd pull in (not the marketing home).
const AntdScope = lazy(() => import('./AntdScope'));

/** Wrap antd screens in this: the Seatside theme and antd's App context (message, notification). */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <AntdScope>{children}</AntdScope>
    </Suspense>
  );
}
