import { defineConfig } from '@rsbuild/core';
import { frontendConfig } from '../ui/build/federation.mjs';

// `rsbuild dev` runs this app standalone; `rsbuild build` is the production build the gateway serves.
export default defineConfig(({ command }) => frontendConfig({ app: 'marketing', port: 3001, dev: command === 'dev' }));
