/**
 * The "city" input: province → city → district, loaded level by level from GET …/ajax/area
 * (admin or member API by the current location). The value is the list of division codes, e.g.
 * ["44", "4403", "440305"]; `onChange` also receives the names. `CityNames` shows such a value as
 * names ("广东省 / 深圳市 / 南山区"), each level fetched once per page load however many rows show it.
 */
import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAdminApp } from '../lib/area';
import { call, sdk } from '../lib/api/client';
import { api, type ApiResponse, type RequestClient } from '../lib/request';

interface AreaOption {
  value: string;
  label: string;
  isLeaf?: boolean;
  loading?: boolean;
  children?: AreaOption[];
}

export interface CityCascaderProps {
  value?: string[];
  onChange?: (codes: string[], names: string[]) => void;
  disabled?: boolean;
  id?: string;
  client?: RequestClient;
}

async function fetchLevel(client: RequestClient, params: { province?: string; city?: string }): Promise<AreaOption[]> {
  const res = (await call(
    isAdminApp() ? sdk.adminAjaxArea : sdk.ajaxArea,
    { query: params },
    { cancelDuplicateRequest: false },
    client,
  )) as ApiResponse<{
    list: { value: string; label: string }[];
  }>;
  const depth = params.city ? 3 : params.province ? 2 : 1;
  return res.data.list.map((o) => ({ value: o.value, label: o.label, isLeaf: depth === 3 }));
}

/** Levels already asked for, by their parent's codes ("" for the provinces). */
const levels = new Map<string, Promise<AreaOption[]>>();

function cachedLevel(params: { province?: string; city?: string }): Promise<AreaOption[]> {
  const key = `${params.province ?? ''}/${params.city ?? ''}`;
  let level = levels.get(key);
  if (!level) {
    level = fetchLevel(api, params).catch((error: unknown) => {
      levels.delete(key); // asked again next time
      throw error;
    });
    levels.set(key, level);
  }
  return level;
}

/** The names of division codes, top down; the codes themselves until (or if never) loaded. */
export function CityNames({ codes }: { codes: string[] }) {
  const [names, setNames] = useState<string[]>(codes);
  const key = codes.join(',');
  useEffect(() => {
    let alive = true;
    const [province, city, district] = key.split(',');
    void (async () => {
      const found: string[] = [];
      const steps: [string | undefined, { province?: string; city?: string }][] = [
        [province, {}],
        [city, { province }],
        [district, { province, city }],
      ];
      for (const [code, params] of steps) {
        if (!code) break;
        const level = await cachedLevel(params);
        found.push(level.find((o) => o.value === code)?.label ?? code);
      }
      if (alive) setNames(found);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [key]);
  return <>{names.length ? names.join(' / ') : '-'}</>;
}

export function CityCascader({ value, onChange, disabled, id, client = api }: CityCascaderProps) {
  const { t } = useTranslation('general');
  const [options, setOptions] = useState<AreaOption[]>([]);

  useEffect(() => {
    let alive = true;
    void (async () => {
      const provinces = await fetchLevel(client, {});
      // Load the levels of the current value so it shows its names.
      if (value && value.length > 1) {
        const province = provinces.find((p) => p.value === value[0]);
        if (province) {
          province.children = await fetchLevel(client, { province: value[0] });
          const city = province.children.find((c) => c.value === value[1]);
          if (city && value.length > 2) city.children = await fetchLevel(client, { province: value[0], city: value[1] });
        }
      }
      if (alive) setOptions(provinces);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);

  const loadData = async (selected: AreaOption[]) => {
    const target = selected[selected.length - 1];
    target.loading = true;
    setOptions((o) => [...o]);
    try {
      target.children =
        selected.length === 1
          ? await fetchLevel(client, { province: target.value })
          : await fetchLevel(client, { province: selected[0].value, city: target.value });
      if (target.children.length === 0) target.isLeaf = true;
    } finally {
      target.loading = false;
      setOptions((o) => [...o]);
    }
  };

  return (
    <Cascader
      id={id}
      options={options}
      value={value}
      disabled={disabled}
      changeOnSelect
      // antd's default arrow is labelled "right", which would become part of every option's name.
      expandIcon={<RightOutlined aria-hidden />}
      placeholder={t('area.placeholder')}
      loadData={(selected) => void loadData(selected as AreaOption[])}
      onChange={(codes, selected) =>
        onChange?.(
          (codes ?? []) as string[],
          ((selected ?? []) as AreaOption[]).map((o) => o.label),
        )
      }
      style={{ width: '100%' }}
    />
  );
}
