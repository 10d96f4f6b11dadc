#!/usr/bin/env node
// Frontend size: the JavaScript bytes Chromium receives on a first visit to `/` (the shell, the
// marketing remote and every chunk they load), as the DevTools protocol counts them per response
// (encodedDataLength: compressed as the gateway sent it, headers included), against the 120 KB goal
// of the delivery issue. Starts the platform as `npm start` does (which builds only what is stale)
// and opens `/` in Chromium with an empty cache. Reports; never fails on the number.
import { firstVisitJs, reportFiles } from './lib/size.mjs';

const GOAL_KB = 120;

try {
  const files = await firstVisitJs('size', {}, async (page, url) => {
    await page.goto(url, { waitUntil: 'networkidle' });
    // The app's own page: the landing page's view in the served HTML (prerendered) shows before any script, and the app replaces it.
    await page.locator('#prerender').waitFor({ state: 'detached' });
  });
  const totalKb = reportFiles(files);
  console.log(`frontend-size: ${totalKb.toFixed(1)} KB of JS on the wire, goal <= ${GOAL_KB} KB (first visit to /) ${totalKb <= GOAL_KB ? 'met' : 'MISSED'} ratio=${(totalKb / GOAL_KB).toFixed(2)}`);
} catch (error) {
  console.log(`frontend-size: could not measure: ${error instanceof Error ? error.message : String(error)}`);
}
