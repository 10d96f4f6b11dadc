import { preloadRemoteApp } from './remotes';
import { remoteFor } from './routes';

// The page's remote starts loading now, while the bootstrap chunk and React download, not after them.
preloadRemoteApp(remoteFor(window.location.pathname));

// Module Federation needs an async boundary before shared modules are used.
import('./bootstrap');
