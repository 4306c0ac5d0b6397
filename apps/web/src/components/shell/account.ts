/** Who is signed in, as the shell shows it: a portal user or a recipient's limited session. */
export type ShellAccount = {
  name: string;
  /** The user's e-mail, shown under the name when it says something more. */
  email?: string | null;
  /** For a recipient session: the agent whose leads they see. */
  recipientOf?: string | null;
  logout: () => void;
};

/** "Jane Doe" as "JD", "jane@example.com" as "J": a decorative badge beside the name. */
export function initials(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  const letters = (words.length > 1 && !name.includes('@') ? [words[0], words.at(-1)] : [words[0]])
    .map((word) => word?.[0] ?? '')
    .join('');
  return letters.toUpperCase() || '?';
}
