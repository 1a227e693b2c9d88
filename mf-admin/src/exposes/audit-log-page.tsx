import '../features/admin.css';
import { AuditLogPage } from '../features/audit/components/audit-log-page.js';
import type { RemoteComponent } from '@pl/ui';

export default AuditLogPage satisfies RemoteComponent<'mf_admin/AuditLogPage'>;
