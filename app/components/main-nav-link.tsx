import { NavLink } from 'react-router';
import { cn } from '~/lib/cn';

/**
 * A header link that is active by this rule: '/' only on an exact match, the others on a path
 * prefix. NavLink sets aria-current="page" when active.
 */
export function MainNavLink({
  to,
  label,
  className,
  activeClassName,
  onNavigate,
}: {
  to: string;
  label: string;
  className: string;
  activeClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <NavLink
      to={to}
      end={to === '/'}
      onClick={onNavigate}
      className={({ isActive }) => cn(className, isActive && activeClassName)}
    >
      {label}
    </NavLink>
  );
}
