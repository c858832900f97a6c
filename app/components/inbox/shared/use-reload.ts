import { useLocation, useNavigate } from 'react-router';

/**
 * Runs the current page's loaders again (after a change is saved): a navigation to the same
 * address, which React Router answers by loading its data anew. (useRevalidator does the same,
 * but would add its code to the framework chunk every public page loads.)
 */
export function useReload(): () => Promise<void> {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return async () => {
    await navigate({ pathname, search, hash }, { replace: true, preventScrollReset: true });
  };
}
