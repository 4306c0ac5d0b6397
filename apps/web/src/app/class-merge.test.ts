import classGroups from 'virtual:portal-class-groups';
import { describe, expect, it } from 'vitest';
import { cn } from '@/lib/utils';
// vite.config.ts hands this module to every import of 'tailwind-merge': tailwind-merge's own
// functions come through it.
import { createTailwindMerge, getDefaultConfig, twMerge } from './class-merge';

/** tailwind-merge's twMerge itself, with its own class map. */
const tailwindMerge = createTailwindMerge(getDefaultConfig);

describe('the class merge', () => {
  it('knows the classes of the source, with and without variants', () => {
    for (const known of [
      'px-4',
      'hover:bg-muted',
      'md:text-sm',
      'group',
      "[&_svg:not([class*='size-'])]:size-4",
    ]) {
      expect(classGroups.has(known), known).toBe(true);
    }
    expect(classGroups.get('group')).toBe(0);
  });

  it('merges the classes it knows in pairs as tailwind-merge does', () => {
    // Classes with the same entry merge alike here: every pair of classes with different entries,
    // then each class with the first of its entry, both ways round.
    const first = new Map<string, string>();
    for (const [name, entry] of classGroups) {
      const key = JSON.stringify(entry);
      if (!first.has(key)) first.set(key, name);
    }
    const lists: string[] = [];
    for (const one of first.values()) for (const other of first.values()) lists.push(`${one} ${other}`);
    for (const [name, entry] of classGroups) {
      const same = first.get(JSON.stringify(entry));
      lists.push(name, `${name} ${same}`, `${same} ${name}`);
    }
    const differences = lists
      .filter((list) => twMerge(list) !== tailwindMerge(list))
      .map((list) => `${list} -> ${tailwindMerge(list)}`);
    expect(differences).toEqual([]);
  }, 120_000);

  it('merges the longer lists of the components as tailwind-merge does', () => {
    // Classes of the source only: a class named here alone would add to the stylesheet.
    const lists = [
      'inline-flex items-center rounded-md px-3 py-2 text-sm h-9 px-4 rounded-lg',
      'flex h-10 w-full rounded-md border px-3 py-2 text-base md:text-sm pr-11 border-destructive/50',
      'p-4 px-2 py-6 pt-1 m-2 -mx-1 inset-0 top-2 size-4 w-fit h-8',
      'hover:bg-muted focus-visible:ring-[3px] hover:bg-destructive/90 focus-visible:ring-ring/50 px-3',
      'text-sm text-muted-foreground font-medium text-foreground leading-none text-base',
      'grid gap-2 gap-x-4 grid-cols-2 md:grid-cols-3 hidden block',
    ];
    for (const list of lists) {
      expect(list.split(' ').filter((name) => !classGroups.has(name))).toEqual([]);
      expect(twMerge(list), list).toBe(tailwindMerge(list));
    }
  });

  it('leaves a list with a class it does not know to tailwind-merge, with the same result', () => {
    // Classes put together at run time are not in the source the table is built from (nor in
    // the stylesheet: these are put together here too).
    const [width, leftPadding, padding] = [
      ['w', '[37px]'],
      ['pl', '[13px]'],
      ['p', '[9px]'],
    ].map((parts) => parts.join('-'));
    const list = `px-4 ${width} ${leftPadding} ${padding} not-a-portal-class`;
    expect(classGroups.has(`${leftPadding}`)).toBe(false);
    expect(twMerge(list)).toBe(tailwindMerge(list));
    expect(twMerge(list)).toBe(`${width} ${padding} not-a-portal-class`);
  });

  it('joins its arguments and their spaces as tailwind-merge does', () => {
    expect(twMerge('', undefined, null, false)).toBe('');
    expect(twMerge('  px-2   py-1 ', 'px-4')).toBe('py-1 px-4');
    expect(twMerge(['px-2', ['px-3']], 'text-sm')).toBe('px-3 text-sm');
  });

  it('is what cn merges with', () => {
    expect(cn('px-2 text-sm', false && 'hidden', 'px-4')).toBe('text-sm px-4');
  });
});
