/**
 * This process's share of the host's cores when `members` (every live worker process of
 * the deployment on the host, this one included) divide them: as even as whole threads
 * allow, the first members in id order taking the remainder, and never less than one
 * (more workers than cores still each convert). Ids begin with the start time, so the
 * oldest workers keep the extra cores and a newcomer does not move them around.
 */
export function coreShare(cores: number, members: readonly string[], self: string): number {
  const sorted = [...new Set([...members, self])].sort();
  const count = sorted.length;
  const rank = sorted.indexOf(self);
  return Math.max(1, Math.floor(cores / count) + (rank < cores % count ? 1 : 0));
}
