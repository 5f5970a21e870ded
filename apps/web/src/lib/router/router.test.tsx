import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from './index';
import {
  createMemoryRouter,
  createStaticRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useBlocker,
  useLocation,
  useNavigationType,
  useParams,
  useRouteError,
  useSearchParams,
} from './index';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : 'unknown'}</p>;
}

function renderRouter(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, user: userEvent.setup() };
}

describe('matching', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true, element: <p>home</p> },
        { path: 'marketplace/:id', element: <p>listing</p> },
        { path: 'marketplace/new', element: <p>new</p> },
        { path: 'reset-password/*', element: <p>reset</p> },
        { path: '*', element: <p>not found</p> },
      ],
    },
  ];
  const page = (pathname: string) => matchRoutes(routes, pathname)?.at(-1);

  it('prefers a static segment to a parameter, whatever their order in the table', () => {
    expect(page('/marketplace/new')?.route.path).toBe('marketplace/new');
    expect(page('/marketplace/abc')?.params).toEqual({ id: 'abc' });
  });

  it('ignores case and trailing slashes, and decodes parameters', () => {
    expect(page('/MARKETPLACE/NEW/')?.route.path).toBe('marketplace/new');
    expect(page('/marketplace/a%20b')?.params).toEqual({ id: 'a b' });
  });

  it('gives the rest of the address to a trailing star, and anything else to the catch-all', () => {
    expect(page('/reset-password/x/y')?.params).toEqual({ '*': 'x/y' });
    expect(page('/marketplace/abc/more')?.route.path).toBe('*');
    expect(page('/')?.route.index).toBe(true);
  });
});

describe('RouterProvider', () => {
  it('draws each route inside its layout, with the parameters of the address', () => {
    function Listing() {
      const { id } = useParams();
      return <p>listing {id}</p>;
    }
    renderRouter(
      [
        {
          path: '/',
          element: (
            <main>
              <h1>frame</h1>
              <Outlet />
            </main>
          ),
          children: [{ path: 'marketplace/:id', Component: Listing }],
        },
      ],
      ['/marketplace/l1'],
    );
    expect(screen.getByRole('heading', { name: 'frame' })).toBeInTheDocument();
    expect(screen.getByText('listing l1')).toBeInTheDocument();
  });

  it('shows a lazily loaded page once its code is in, and the boundary when it fails to load', async () => {
    let fail = true;
    const { router } = renderRouter(
      [
        {
          path: '/',
          HydrateFallback: () => <p>loading</p>,
          ErrorBoundary: Failure,
          children: [
            { index: true, element: <Link to="/late">late</Link> },
            {
              path: 'late',
              lazy: async () => {
                if (fail) throw new Error('chunk failed');
                return { Component: () => <p>late page</p> };
              },
            },
          ],
        },
      ],
      ['/'],
    );
    await act(() => router.navigate('/late'));
    expect(screen.getByRole('alert')).toHaveTextContent('chunk failed');

    fail = false;
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/late'));
    expect(screen.getByText('late page')).toBeInTheDocument();
  });

  it('shows the fallback until the first page is loaded', async () => {
    let resolve: () => void = () => {};
    const loaded = new Promise<void>((done) => (resolve = done));
    const { router } = renderRouter([
      {
        path: '/',
        HydrateFallback: () => <p>loading</p>,
        lazy: async () => {
          await loaded;
          return { Component: () => <p>home</p> };
        },
      },
    ]);
    expect(router.state.initialized).toBe(false);
    expect(screen.getByText('loading')).toBeInTheDocument();
    resolve();
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(router.state.initialized).toBe(true);
  });

  it('catches a failing page at the nearest boundary, and shows the page again at another address', async () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderRouter(
      [
        {
          path: '/',
          element: (
            <>
              <p>frame</p>
              <Outlet />
            </>
          ),
          children: [
            {
              ErrorBoundary: Failure,
              children: [
                { path: 'broken', Component: Broken },
                { path: 'fine', element: <p>fine</p> },
              ],
            },
          ],
        },
      ],
      ['/broken'],
    );
    expect(screen.getByText('frame')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('render failed');
    await act(() => router.navigate('/fine'));
    expect(screen.getByText('fine')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('links and navigation', () => {
  it('follows a plain click in the app, and leaves a modified click to the browser', async () => {
    const { router, user } = renderRouter([
      { path: '/', element: <Link to="/forum?sort=top#first">Forum</Link> },
      { path: '/forum', element: <Where /> },
    ]);
    const link = screen.getByRole('link', { name: 'Forum' });
    expect(link).toHaveAttribute('href', '/forum?sort=top#first');

    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(router.state.location.pathname).toBe('/');

    await user.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/forum?sort=top#first');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('keeps a path that starts with two slashes on the site', () => {
    renderRouter([{ path: '/', element: <Link to="//elsewhere.example/x">Out</Link> }]);
    expect(screen.getByRole('link', { name: 'Out' })).toHaveAttribute('href', '/elsewhere.example/x');
  });

  it('marks the current page in a navigation, and the section under it unless `end`', () => {
    renderRouter(
      [
        {
          path: '*',
          element: (
            <nav>
              <NavLink to="/">Home</NavLink>
              <NavLink to="/forum">Forum</NavLink>
              <NavLink to="/forum" end>
                Forum only
              </NavLink>
              <NavLink to="/for">Prefix</NavLink>
            </nav>
          ),
        },
      ],
      ['/forum/post/1'],
    );
    expect(screen.getByRole('link', { name: 'Forum' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Forum' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Forum only' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Prefix' })).not.toHaveAttribute('aria-current');
  });

  it('redirects with state, and replaces the entry', async () => {
    function Login() {
      const location = useLocation();
      return <p>{`from ${(location.state as { from: string }).from}`}</p>;
    }
    const { router } = renderRouter(
      [
        { path: '/settings', element: <Navigate to="/login" replace state={{ from: '/settings' }} /> },
        { path: '/login', Component: Login },
      ],
      ['/settings'],
    );
    expect(await screen.findByText('from /settings')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('changes the query string of the page, from the current one', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>{`sort ${params.get('sort') ?? 'none'}`}</p>
          <button
            type="button"
            onClick={() =>
              setParams((current) => {
                current.set('sort', 'price');
                return current;
              })
            }
          >
            Sort
          </button>
        </>
      );
    }
    const { router, user } = renderRouter(
      [{ path: '/marketplace', Component: Filters }],
      ['/marketplace?q=reel'],
    );
    await user.click(screen.getByRole('button', { name: 'Sort' }));
    expect(screen.getByText('sort price')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=reel&sort=price');
  });

  it('tells Back and Forward from links', async () => {
    function Kind() {
      return <p data-testid="kind">{useNavigationType()}</p>;
    }
    const { router } = renderRouter([{ path: '*', Component: Kind }], ['/a']);
    await act(() => router.navigate('/b'));
    expect(screen.getByTestId('kind')).toHaveTextContent('PUSH');
    await act(async () => {
      await router.navigate(-1);
    });
    await waitFor(() => expect(screen.getByTestId('kind')).toHaveTextContent('POP'));
    expect(router.state.location.pathname).toBe('/a');
    expect(router.state.location.key).toBe('default');
  });
});

describe('useBlocker', () => {
  function Form() {
    const [dirty, setDirty] = useState(false);
    const blocker = useBlocker(
      ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
    );
    return (
      <>
        <button type="button" onClick={() => setDirty(true)}>
          Edit
        </button>
        <Link to="/elsewhere">Leave</Link>
        {blocker.state === 'blocked' ? (
          <div role="dialog" aria-label="Leave?">
            <button type="button" onClick={() => blocker.reset?.()}>
              Stay
            </button>
            <button type="button" onClick={() => blocker.proceed?.()}>
              Go
            </button>
          </div>
        ) : null}
      </>
    );
  }
  const routes: RouteObject[] = [
    { path: '/form', Component: Form },
    { path: '/elsewhere', element: <Where /> },
    { path: '/before', element: <Where /> },
  ];

  it('holds a link until the member chooses to stay or go', async () => {
    const { router, user } = renderRouter(routes, ['/form']);
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(router.state.location.pathname).toBe('/elsewhere');

    await act(() => router.navigate('/form'));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(screen.getByRole('dialog', { name: 'Leave?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/form');

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/form');

    await user.click(screen.getByRole('link', { name: 'Leave' }));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/elsewhere');
  });

  it('puts a blocked Back back, and goes back when the member chooses to', async () => {
    const { router, user } = renderRouter(routes, ['/before', '/form']);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await act(async () => {
      await router.navigate(-1);
    });
    expect(await screen.findByRole('dialog', { name: 'Leave?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/form');

    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/before'));
  });
});

describe('createStaticRouter', () => {
  it('has the page of one address loaded, for a render on the server', async () => {
    const router = createStaticRouter(
      [{ path: '/forum/:id', lazy: async () => ({ Component: () => <p>topic</p> }) }],
      '/forum/7?page=2',
    );
    await router.ready;
    expect(router.state.initialized).toBe(true);
    expect(router.state.location.search).toBe('?page=2');
    render(<RouterProvider router={router} />);
    expect(screen.getByText('topic')).toBeInTheDocument();
  });
});
