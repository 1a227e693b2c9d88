// Async boundary: shared singletons are negotiated before the standalone app runs.
import('./bootstrap');
