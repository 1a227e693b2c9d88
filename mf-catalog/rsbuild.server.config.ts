import { FIRST_VIEW_RENDERER_FILE } from '@pl/contracts';
import { firstViewRendererConfig } from '@pl/ui/federation';

// The catalog's first-view renderer for the gateway (decision 076), built after the remote (it
// writes into the remote's dist, beside its manifest).
export default firstViewRendererConfig({ entry: './src/server/first-view.tsx', file: FIRST_VIEW_RENDERER_FILE });
