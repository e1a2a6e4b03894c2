/** The folder a set of run ids share (`nightly` for `nightly/eval_…` runs), `""` when none: how a suite is named. */
export function sharedFolder(ids: readonly string[]): string {
  const folders = ids.map((id) => id.split("/").slice(0, -1));
  const first = folders[0] ?? [];
  let n = first.length;
  for (const f of folders) {
    let i = 0;
    while (i < n && f[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n).join("/");
}
