#!/usr/bin/env node
// Frontend size: the gzipped JavaScript a first visit to `/` downloads (the shell, the marketing
// remote and every chunk they load), against the 150 KB budget of the frontends issue. Starts the
// platform as `npm start` does (which builds only what is stale), opens `/` in Chromium with an empty
// cache, and gzips each JS response body (level 9) unless the server already sent it compressed.
// Reports; never fails on the number.
import { firstVisitJs, reportFiles } from './lib/size.mjs';

const BUDGET_KB = 150;

try {
  const files = await firstVisitJs('size', {}, (page, url) => page.goto(url, { waitUntil: 'networkidle' }));
  const totalKb = reportFiles(files);
  console.log(`frontend-size: first-visit-js-gzip=${totalKb.toFixed(1)}KB budget=${BUDGET_KB}KB ratio=${(totalKb / BUDGET_KB).toFixed(2)}`);
} catch (error) {
  console.log(`frontend-size: could not measure: ${error instanceof Error ? error.message : String(error)}`);
}
