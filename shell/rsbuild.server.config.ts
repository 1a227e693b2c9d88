import { firstViewRendererConfig } from '@pl/ui/federation';

// The shell's layout renderer for the gateway (decision 076), built after the app into dist/server.
export default firstViewRendererConfig({ entry: './src/server/first-view.tsx', file: 'server/first-view.mjs' });
