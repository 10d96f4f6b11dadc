// First: the bundler runtime the storefront's remote entry takes from the shell (bundler-runtime.ts).
import './bundler-runtime';
import { preloadRemoteApp } from './remotes';
import { remoteFor } from './routes';

// This script's evaluation already holds the main thread for Module Federation's runtime init (the
// share table, the instance and its hooks). The page's loads start in the tasks after it, one each,
// in this order: shorter tasks on a phone's main thread (Lighthouse's TBT), for a delay of no more
// than those tasks themselves.

// The page's remote starts loading first, while the bootstrap chunk and React download, not after them.
setTimeout(() => preloadRemoteApp(remoteFor(window.location.pathname)));

// Module Federation needs an async boundary before shared modules are used. The chunk is named so the
// build can put the shell's app into React's chunk (HOST_CHUNK_SPLIT in federation.mjs): one response.
setTimeout(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
