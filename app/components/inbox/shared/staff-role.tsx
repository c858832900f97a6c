import { createContext, useContext, type ComponentType } from 'react';
import { Link } from 'react-router';
import { inboxPaths } from '~/content/inbox';
import { inboxRolesText } from '~/content/inbox-roles';
import { may, type StaffPermission, type StaffRole } from '../../../../domain/staff-api/roles';

/**
 * The logged-in staff member's role (GET /api/staff/me), for hiding what they cannot do. Only
 * what is shown depends on it: the server refuses every koordinator route to a medarbejder anyway.
 */
export const StaffRoleContext = createContext<StaffRole | undefined>(undefined);

/** True when the logged-in staff member may do `permission` (domain/staff-api/roles.ts). */
export function useMay(permission: StaffPermission): boolean {
  return may(useContext(StaffRoleContext), permission);
}

/** What a page opened directly by someone without the role shows instead of itself. */
export function KoordinatorRequired({ heading }: { heading: string }) {
  return (
    <div className="grid gap-3">
      <h1 tabIndex={-1} className="text-3xl font-bold text-brand-950 focus:outline-none">
        {heading}
      </h1>
      <p role="alert" className="text-lg font-semibold text-emergency-800">
        {inboxRolesText.koordinatorRequired}
      </p>
      <p className="text-slate-700">{inboxRolesText.koordinatorRequiredHint}</p>
      <p>
        <Link to={inboxPaths.inbox} className="font-medium text-brand-800 underline">
          {inboxRolesText.backToInbox}
        </Link>
      </p>
    </div>
  );
}

/** The page for those who may do `permission`; the "kræver koordinator" message for the others. */
export function requiring<P extends object>(
  permission: StaffPermission,
  heading: string,
  Page: ComponentType<P>,
): ComponentType<P> {
  function Guarded(props: P) {
    return useMay(permission) ? <Page {...props} /> : <KoordinatorRequired heading={heading} />;
  }
  Guarded.displayName = `Requiring(${permission})`;
  return Guarded;
}
