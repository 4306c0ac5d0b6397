import { restoreSessionEarly } from '@/lib/session-restore';

// main.tsx imports this module first, so its body runs before React, the router and the pages'
// modules are evaluated: the session's two round trips (POST /refresh, GET /portal/me) overlap
// that work instead of following it (ADR 50).
restoreSessionEarly();
