import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

/**
 * Classes that apply when a button cannot be used: the `unavailable:` variant of styles.css
 * (`:disabled:not([aria-busy=true])` or `[aria-disabled=true]`). jsdom has no Tailwind, so this
 * reads them off the class list.
 */
const whenUnavailable = (element: HTMLElement) =>
  element.className
    .split(' ')
    .filter((name) => name.startsWith('unavailable:'))
    .map((name) => name.slice('unavailable:'.length));

describe('Button colours by meaning', () => {
  it('is green for the main action and blue for a secondary one', () => {
    render(
      <div>
        <Button>Save</Button>
        <Button variant="secondary">Details</Button>
      </div>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('bg-primary', 'text-primary-foreground');
    expect(screen.getByRole('button', { name: 'Details' })).toHaveClass(
      'bg-secondary',
      'text-secondary-foreground',
    );
  });

  it.each(['default', 'secondary', 'destructive', 'outline'] as const)(
    'turns grey when the %s button is unavailable, not a faded colour',
    (variant) => {
      render(
        <Button variant={variant} disabled>
          Send
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Send' });
      expect(button).toBeDisabled();
      expect(whenUnavailable(button)).toEqual(
        expect.arrayContaining(['bg-muted', 'text-muted-foreground', 'border-border']),
      );
      expect(button.className).not.toMatch(/(^|\s)(disabled|unavailable):opacity-/);
    },
  );

  it('keeps its colour while busy: it is working, not unavailable', () => {
    render(<Button pending>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    // Only `unavailable:` (which leaves out aria-busy) greys a button, never plain `disabled:`.
    expect(button.className).not.toMatch(/(^|\s)disabled:(bg|text|border)-/);
    expect(button).toHaveClass('bg-primary');
  });

  it('has an `unavailable:` variant in the theme that leaves busy buttons out', () => {
    const styles = readFileSync(path.join(import.meta.dirname, '../../styles.css'), 'utf8');
    expect(styles).toMatch(
      /@custom-variant unavailable \(&:disabled:not\(\[aria-busy="true"\]\), &\[aria-disabled="true"\]\);/,
    );
  });
});
