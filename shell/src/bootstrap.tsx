import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { startFederationHost } from './federation/federation-host.js';
import './styles/shell.css';

// Render at once: remote slots wait for /runtime/remotes.json themselves, so the header, footer
// and the shell's own pages never wait for (or break on) a remote.
startFederationHost();
createRoot(document.getElementById('root')!).render(<App />);
