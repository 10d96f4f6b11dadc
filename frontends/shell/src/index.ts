// First: the bundler runtime the storefront's remote entry takes from the shell (bundler-runtime.ts).
import './bundler-runtime';
import { preloadRemoteApp } from './remotes';
import { remoteFor } from './routes';

// The page's remote starts loading now, while the bootstrap chunk and React download, not after them.
preloadRemoteApp(remoteFor(window.location.pathname));

// Module Federation needs an async boundary before shared modules are used. The chunk is named so the
// build can put the shell's app into React's chunk (HOST_CHUNK_SPLIT in federation.mjs): one response.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
