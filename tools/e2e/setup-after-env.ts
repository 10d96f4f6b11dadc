import { killLeftovers } from './platform';

// After each spec file: a process it started and left running is killed, and what it printed is
// shown, so one hung process fails its spec instead of keeping the run waiting (platform.ts).
afterAll(() => {
  for (const report of killLeftovers()) console.warn(report);
});
