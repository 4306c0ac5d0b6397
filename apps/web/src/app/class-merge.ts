/**
 * tailwind-merge's `twMerge` for the portal's own classes, without building tailwind-merge's
 * class map (its whole Tailwind configuration: tens of milliseconds of one task on a phone, the
 * longest of a first page's start). vite.config.ts (classMerge) hands this module to every import
 * of 'tailwind-merge' but its own, with the table vite.config.ts (classGroupTable) builds from the source:
 * for each class, its class id and the class ids it overrides, as tailwind-merge derives them. A
 * class list with a class the table does not know (a class put together at run time) goes to
 * tailwind-merge itself, so the result is always tailwind-merge's (ADR 61).
 */

import classGroups from 'virtual:portal-class-groups';
import { type ClassNameValue, twMerge as tailwindMerge, twJoin } from 'tailwind-merge';

export * from 'tailwind-merge';

/** Merged lists by their input, as tailwind-merge caches them (its cache holds 500). */
const merged = new Map<string, string>();
const CACHE_SIZE = 500;

/** tailwind-merge's mergeClassList with the table's entries; undefined for a class it lacks. */
function mergeKnown(classList: string): string | undefined {
  const classNames = classList.trim().split(/\s+/);
  const inConflict = new Set<string>();
  let result = '';
  for (let index = classNames.length - 1; index >= 0; index -= 1) {
    const className = classNames[index] ?? '';
    const entry = classGroups.get(className);
    if (entry === undefined) return undefined;
    if (entry !== 0) {
      const [classId = ''] = entry;
      // A later class overrides this one.
      if (inConflict.has(classId)) continue;
      for (const id of entry) inConflict.add(id);
    }
    result = result ? `${className} ${result}` : className;
  }
  return result;
}

export function twMerge(...classLists: ClassNameValue[]): string {
  const classList = twJoin(...classLists);
  if (!classList.trim()) return '';
  const cached = merged.get(classList);
  if (cached !== undefined) return cached;
  const result = mergeKnown(classList) ?? tailwindMerge(classList);
  if (merged.size >= CACHE_SIZE) merged.clear();
  merged.set(classList, result);
  return result;
}
