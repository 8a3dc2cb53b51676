/** Requests of the back-office page routine/orgChart (the organisation chart), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { OrgChartData, OrgChartLimits, OrgNodeOutput } from '../../../../lib/api/generated/types.gen';

export type { OrgChartLimits };

/** SPEC §3 tree node, with the name in both languages (label: zh-cn, label_en: en). */
export interface OrgNode {
  id: string;
  pid: string;
  label: string;
  label_en: string;
  expand: boolean;
  isLeaf: boolean;
  hidden: boolean;
  disabled: boolean;
  className: string;
  style: { borderColor?: string };
  children: OrgNode[];
}

export interface OrgChart {
  tree: OrgNode;
  version: number;
  update_time: number;
  limits: OrgChartLimits;
}

function node(raw: OrgNodeOutput): OrgNode {
  return {
    id: raw.id,
    pid: raw.pid ?? '',
    label: raw.label,
    label_en: raw.label_en,
    expand: raw.expand ?? true,
    isLeaf: raw.isLeaf ?? !raw.children?.length,
    hidden: raw.hidden ?? false,
    disabled: raw.disabled ?? false,
    className: raw.className ?? '',
    style: raw.style ?? {},
    children: (raw.children ?? []).map(node),
  };
}

const chart = (data: OrgChartData): OrgChart => ({ ...data, tree: node(data.tree) });

export const loadChart = async (): Promise<OrgChart> => chart((await call(sdk.routineOrgChartIndex)).data as OrgChartData);

/** Saves the whole tree, based on `version` (the one loaded); the server's message is shown. */
export const saveChart = async (tree: OrgNode, version: number): Promise<OrgChart> =>
  chart((await call(sdk.routineOrgChartEdit, { body: { tree, version } }, { showSuccessMessage: true })).data as OrgChartData);
