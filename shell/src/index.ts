import { provideBundlerRuntime } from '@pl/ui/provide-bundler-runtime';

// The remotes' entries use the shell's federation bundler runtime (decision 077): it is in place
// before any of them is loaded.
provideBundlerRuntime();

// Async boundary: shared singletons (react, @pl/ui, …) are negotiated by Module Federation
// before any of the app's code runs.
import('./bootstrap');
