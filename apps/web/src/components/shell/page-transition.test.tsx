import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageTransition, transitionKey } from './page-transition';

/** A page with state of its own: a new mount starts the count again. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Clicked {count}
    </button>
  );
}

function renderWithRouter(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <PageTransition>
            <Outlet />
          </PageTransition>
        ),
        children: [
          { path: '/leads', element: <Counter /> },
          { path: '/resources/faq', element: <Counter /> },
          { path: '/profile/*', element: <Counter /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('transitionKey', () => {
  it('is the pathname, or the section for the sections with their own menu', () => {
    expect(transitionKey('/leads')).toBe('/leads');
    expect(transitionKey('/onboarding/start/introduction')).toBe('/onboarding/start/introduction');
    expect(transitionKey('/profile')).toBe('/profile');
    expect(transitionKey('/profile/team')).toBe('/profile');
    expect(transitionKey('/routing/crm')).toBe('/routing');
    expect(transitionKey('/admin/agents/a-1')).toBe('/admin');
    expect(transitionKey('/profile-old')).toBe('/profile-old');
  });
});

describe('PageTransition', () => {
  it('fades a new page in with CSS, and not under reduced motion', () => {
    renderWithRouter('/leads');
    const wrapper = screen.getByRole('button').closest('[data-slot="page-transition"]');
    expect(wrapper).toHaveClass(
      'transition-[opacity,translate]',
      'duration-200',
      'starting:opacity-0',
      'starting:translate-y-1',
      'motion-reduce:transition-none',
    );
  });

  it('starts a new page afresh, but keeps the page when only the search changes', async () => {
    const { router, user } = renderWithRouter('/leads');
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();

    await act(() => router.navigate('/leads?tab=archived&q=smith'));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();

    await act(() => router.navigate('/resources/faq'));
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeInTheDocument();
  });

  it('keeps a section with its own menu mounted while its tabs change', async () => {
    const { router, user } = renderWithRouter('/profile');
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));

    await act(() => router.navigate('/profile/team'));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
  });
});
