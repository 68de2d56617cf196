// The processes under one process, read from /proc: shared by the memory budget
// (scripts/budgets/memory.mjs) and the start-up benchmark (ui/bench/startup.mjs).
import { readdirSync, readFileSync } from 'node:fs';

/** Every process whose ancestry reaches `root` (root included). */
export function tree(root) {
  const parent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(name), ppid);
    } catch {
      /* gone */
    }
  }
  const out = [root];
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!out.includes(pid) && out.includes(ppid)) {
        out.push(pid);
        grew = true;
      }
    }
  }
  return out.filter((p) => parent.has(p));
}
