// Who did something: what the activity log, revisions and drafts record of a change. A
// request is one (its user and address), so routes pass theirs as it is.

/** Who acted and from where: a request, the account just signed in, or the server itself. */
export interface Actor {
  user: { id: number; user_name: string } | null;
  ip: string;
  /** The server's own part that acted, when no user did (`scheduler`): its name is shown. */
  system?: string;
}

/** Who acted, as staff read it: the user's name, the server's part, or empty. */
export function actorName(actor: Actor | null | undefined): string {
  return actor?.user?.user_name ?? actor?.system ?? '';
}
