import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { startFederationHost } from './federation/federation-host.js';
import './styles/shell.css';

// Render at once: remote slots wait for the runtime remote configuration themselves, so the
// header, footer and the shell's own pages never wait for (or break on) a remote. As a transition,
// the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole tree (a phone's first view would otherwise block input for a second or more).
startFederationHost();
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<App />));
