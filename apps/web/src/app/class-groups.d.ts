/** The table of vite.config.ts (classGroupTable, classMerge), for src/app/class-merge.ts. */
declare module 'virtual:portal-class-groups' {
  const classGroups: ReadonlyMap<string, 0 | readonly string[]>;
  export default classGroups;
}
