// Async boundary: shared singletons (react, @pl/ui, …) are negotiated by Module Federation
// before any of the app's code runs.
import('./bootstrap');
