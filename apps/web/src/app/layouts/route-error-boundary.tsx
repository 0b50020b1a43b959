import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from '../routes/public/route-error';

interface BoundaryProps {
  children: ReactNode;
  /** The location: a failure belongs to the page where it happened. */
  page: string;
}

interface BoundaryState {
  failed: boolean;
  page: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, page: this.props.page };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // Another page starts clean, without remounting the layouts around it.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.page === state.page ? null : { failed: false, page: props.page };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** A page that fails to render or to load (e.g. a chunk gone after a deploy) shows the error page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary page={key}>{children}</Boundary>;
}
