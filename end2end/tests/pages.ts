// The pages every interface-wide spec visits: the signed-out ones, and the signed-in ones
// that need no data of their own (a spec adds its collection, card and mail).
export const SIGNED_OUT = ['/login', '/forgot-password', '/reset-password?token=nope', '/verify-email?token=nope', '/link-player'];

export const SIGNED_IN = [
  '/cards',
  '/collections',
  '/labels',
  '/devices',
  '/accounts',
  '/import',
  '/drop',
  '/settings',
  '/admin/users',
  '/admin/audit-log',
  '/admin/health',
  '/admin/backups',
  '/admin/jobs',
  '/admin/mail',
  '/admin/deletion-requests',
  '/admin/orphaned-collections',
  '/admin/ai-providers',
];
