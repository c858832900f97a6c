/**
 * Fixed answers of the on-call staff API for journeys that answer the staff API in the browser
 * (page.route): the live state the inbox polls (the list's, and an open lead's version, which never
 * changes here), a lead's timeline and its messages to and from the customer (none), the rota, a
 * month's figures, surge mode (off), the reserve list, and the case after the call (nothing recorded;
 * a month per insurer). Null for any other path.
 */
const anna = { id: 'u1', name: 'Anna Andersen' };
const bo = { id: 'u2', name: 'Bo Berg' };
const day = 24 * 3_600_000;

export function oncallAnswer(path: string, query: URLSearchParams): unknown {
  if (path === '/api/staff/live') return { newestLeadId: null, newestLeadAt: null, unacknowledged: [] };
  if (path.endsWith('/timeline'))
    return {
      events: [
        { kind: 'received', at: '2026-12-03T09:15:00.000Z' },
        { kind: 'paged', at: '2026-12-03T09:15:04.000Z', person: anna, step: 0 },
        { kind: 'acknowledged', at: '2026-12-03T09:16:30.000Z', person: anna },
        { kind: 'assigned', at: '2026-12-03T09:16:30.000Z', by: anna, to: anna },
      ],
    };
  if (path.startsWith('/api/staff/leads/') && path.endsWith('/version')) return { version: 'v1' };
  if (path.startsWith('/api/staff/leads/') && path.endsWith('/messages')) return { messages: [] };
  if (path === '/api/staff/oncall/rota') {
    const now = Date.now();
    const at = (offset: number) => new Date(now + offset).toISOString();
    return {
      order: [anna.id, bo.id],
      nextHandover: at(3 * day),
      chain: { memberIds: [anna.id, bo.id], handoverWeekday: 0, handoverHour: 8 },
      schedule: [
        { from: at(0), onCall: anna.id, next: bo.id, override: false },
        { from: at(day), onCall: bo.id, next: anna.id, override: true },
        { from: at(2 * day), onCall: anna.id, next: bo.id, override: false },
        { from: at(9 * day), onCall: bo.id, next: anna.id, override: false },
      ],
      overrides: [{ id: 'o1', userId: bo.id, startsAt: at(day), endsAt: at(2 * day) }],
      staff: [
        { ...anna, email: 'anna@skade-test.example', phone: '+4521111111', disabled: false },
        { ...bo, email: 'bo@skade-test.example', phone: '+4522222222', disabled: false },
      ],
    };
  }
  if (path === '/api/staff/oncall/surge')
    return {
      mode: 'normal',
      expectedCallbackMinutes: 15,
      waiting: 0,
      people: 1,
      onCall: 2,
      allHandsSince: null,
      manual: null,
      history: [],
    };
  if (path === '/api/staff/oncall/reserve')
    return { people: [{ email: 'carl@skade-test.example', name: 'Carl Reserve', calledAt: null }] };
  if (path === '/api/staff/oncall/figures') {
    const spread = { count: 2, median: 150, p90: 420 };
    const none = { count: 0, median: null, p90: null };
    const row = { emergencies: 3, acknowledged: spread, calledBack: spread, within: 2, withinShare: 2 / 3 };
    return {
      period: query.get('month') ?? '',
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
      total: row,
      people: [{ ...row, userId: anna.id, name: anna.name }],
      surge: { emergencies: 0, announced: none, calledBack: none, within: 0, withinShare: null },
    };
  }
  // The case after the call: nothing recorded yet on the journeys' leads; a month per insurer.
  if (path.startsWith('/api/staff/leads/')) {
    if (path.endsWith('/milestones')) return { milestones: [], deadlines: [] };
    if (path.endsWith('/moisture')) return { readings: [] };
    if (path.endsWith('/reports')) return { reports: [], defaultRecipients: [] };
    if (path.endsWith('/adjuster-links')) return { links: [] };
    if (path.endsWith('/adjuster-messages')) return { messages: [] };
    if (path.endsWith('/satisfaction')) return { satisfaction: null };
  }
  if (path === '/api/staff/insurers') {
    const rules = { claimsEmail: null, onSiteHours: null, reportRule: 'next-business-day', active: true };
    return { insurers: [{ id: '00000000-0000-4000-8000-00000000a001', name: 'Tryg', ...rules }] };
  }
  if (path === '/api/staff/satisfaction') {
    // Customers answered twice in the month, one of them satisfied; no adjuster yet.
    const customers = query.get('respondent') !== 'taksator';
    const share = customers
      ? { answered: 2, satisfied: 1, sharePercent: 50 }
      : { answered: 0, satisfied: 0, sharePercent: null };
    const month = (query.get('to') ?? '').slice(0, 7);
    return {
      answers: [],
      total: share,
      months: customers ? [{ month, ...share }] : [],
      insurers: customers ? [{ insurer: 'Tryg', ...share }] : [],
    };
  }
  if (path === '/api/staff/insurers/figures') {
    const tryg = { insurer: 'Tryg', leads: 3, medianToOnSiteSeconds: 5400, medianToDamageStopSeconds: 7200 };
    return { month: query.get('month') ?? '', rows: [{ ...tryg, reportsDue: 2, reportsOnTime: 1 }] };
  }
  return null;
}
