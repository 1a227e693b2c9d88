import '../features/admin.css';
import { ManifestsPage } from '../features/manifests/components/manifests-page.js';
import type { RemoteComponent } from '@pl/ui';

export default ManifestsPage satisfies RemoteComponent<'mf_admin/ManifestsPage'>;
