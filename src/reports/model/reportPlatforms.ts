/** The platforms (adspaces) a report's items name, each with its latest name: the choices of a workspace's platform. */
export interface ReportPlatform {
  id: string;
  name: string;
}

export function reportPlatforms(
  windows: ReadonlyArray<{ items: ReadonlyArray<{ adspaceId: string | null; adspaceName: string | null }> }>,
): ReportPlatform[] {
  const names = new Map<string, string>();
  for (const window of windows) {
    for (const item of window.items) {
      if (item.adspaceId !== null && item.adspaceId !== '' && !names.has(item.adspaceId)) {
        names.set(item.adspaceId, item.adspaceName ?? '');
      }
    }
  }
  return [...names]
    .map(([id, name]) => ({ id, name: name === '' ? id : name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
