import { FIRST_VIEW_RENDERER_FILE } from '@pl/contracts';
import { firstViewRendererConfig } from '@pl/ui/federation';

// The shell's layout renderer for the gateway (decision 076), built after the app into dist/server.
export default firstViewRendererConfig({ entry: './src/server/first-view.tsx', file: FIRST_VIEW_RENDERER_FILE });
