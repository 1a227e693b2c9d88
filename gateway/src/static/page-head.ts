// What the gateway adds to the shell's index.html so a first view is not a waterfall: the runtime
// remote configuration inlined as a JSON data block (the shell reads it instead of fetching
// /runtime/remotes.json first), and preload hints for each remote's manifest, so the browser
// fetches them while the shell's JavaScript is still arriving. Still no rebuild when a remote
// moves: the page is rewritten from REMOTE_* when the gateway starts.
import { REMOTES_CONFIG_ELEMENT_ID, type RemotesConfig } from '@pl/contracts';

/** JSON that cannot end the <script> element it sits in, nor open a comment. */
const inScriptElement = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function pageHead(remotes: RemotesConfig['remotes']): (html: string) => string {
  const origins = [...new Set(remotes.map((r) => new URL(r.entry).origin))];
  const head = [
    `<script type="application/json" id="${REMOTES_CONFIG_ELEMENT_ID}">${inScriptElement({ remotes })}</script>`,
    // The runtime fetches manifests with fetch() in cors mode without credentials: 'anonymous' matches it.
    ...origins.map((origin) => `<link rel="preconnect" href="${attribute(origin)}" crossorigin="anonymous">`),
    ...remotes.map((r) => `<link rel="preload" href="${attribute(r.entry)}" as="fetch" crossorigin="anonymous">`),
  ].join('');
  return (html) => (html.includes('</head>') ? html.replace('</head>', `${head}</head>`) : `${head}${html}`);
}
