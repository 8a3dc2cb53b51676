/**
 * The page of every table made with the CRUD generator (menu component "crud/designed"): it reads the
 * table's design (GET /admin/<rule path>/design) and shows it on the one schema table — list, quick
 * search, filters, sorting, paging, add/edit form with the design's checks, delete and drag sort — so a
 * new or changed design works at once, without building the web app again.
 */
import { useContext, useEffect, useMemo, useState } from 'react';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../../components/load-error';
import { RoutePathContext, useAuth } from '../../../../components/permission';
import { SchemaTable } from '../../../../components/schema-table/schema-table';
import type { TableConfig } from '../../../../components/schema-table/schema';
import { call, sdk } from '../../../../lib/api/client';
import type { DesignDoc, Words } from '../../../../lib/api/generated/types.gen';
import { refreshBadges } from '../../../../lib/admin-store';
import { designedTableApi, type ListResult, type Row, type TableApi } from '../../../../lib/table-api';
import type { Translate } from '../../../../lib/validators';
import { designedSchema } from '../../../../components/schema-table/design-schema';
import { ICON_CHOICE } from '../../shell/icons';
import { PreviewButton, RowPreview, type PreviewSource } from './row-preview';

interface DesignAnswer {
  design: DesignDoc;
  version: number;
  /** Titles of the relations' extra columns by `<field>.<column>`. */
  columns?: Record<string, Words>;
  /** The public site shows its rows: the edit form can preview them as their page. */
  site?: boolean;
}

/** The rule path of a back-office location: "/admin/business/news" → "business/news". */
export function rulePathOf(routePath: string): string {
  return routePath.replace(/^\/?admin\//, '').replace(/\/+$/, '');
}

/** The table's requests; a list answer's names (`labels`: related rows, cities) are kept for its cells,
 * its CSV and its pickers; a change (add, save — status switches and batch edits too —, delete) makes
 * the shell read its menu badges again (e.g. an enquiry marked handled leaves the count). */
function designedApi(api: TableApi, remember: (answer: ListResult) => void): TableApi {
  const after = <T,>(request: Promise<T>) =>
    request.then((answer) => {
      refreshBadges();
      return answer;
    });
  return {
    ...api,
    index: (params) =>
      api.index(params).then((answer) => {
        remember(answer.data);
        return answer;
      }),
    add: (data) => after(api.add(data)),
    save: (data, quiet) => after(api.save(data, quiet)),
    del: (ids) => after(api.del(ids)),
  };
}

export default function DesignedPage() {
  const { t, i18n } = useTranslation('admin/common');
  const path = rulePathOf(useContext(RoutePathContext));
  const [answer, setAnswer] = useState<DesignAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const canPreview = useAuth('edit');
  // A preview link (`?preview=<id>`) opens the saved row's preview over the table.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = Number(searchParams.get('preview'));
  const linkedSource = useMemo<PreviewSource | null>(() => (linked > 0 ? { path, id: linked } : null), [path, linked]);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    call(sdk.designedDesign, { path: { path } })
      .then((res) => alive && setAnswer(res.data as DesignAnswer))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [path]);

  const table = useMemo(() => {
    if (!answer) return null;
    const schema = designedSchema(answer.design, i18n.language, t as unknown as Translate, undefined, ICON_CHOICE, answer.columns);
    const cells: Record<string, (row: Row) => React.ReactNode> = {};
    for (const field of answer.design.fields.filter((f) => f.type === 'icon')) {
      cells[field.name] = (row) => (row[field.name] ? ICON_CHOICE.render(String(row[field.name])) : '-');
    }
    const config: TableConfig = { ...schema, api: designedApi(designedTableApi(path), schema.remember), cells };
    if (answer.site && canPreview) config.formActions = (values, row) => <PreviewButton path={path} values={values} row={row} />;
    return { schema, config };
  }, [answer, i18n.language, t, path, canPreview]);

  if (failed) return <LoadError />;
  if (!table) return <Skeleton active aria-busy />;
  return (
    <div data-design={path} data-version={answer?.version}>
      {table.schema.description && (
        <Typography.Paragraph type="secondary" style={{ maxWidth: 880 }}>
          {table.schema.description}
        </Typography.Paragraph>
      )}
      <SchemaTable key={`${path}@${answer?.version}`} config={table.config} />
      {answer?.site && (
        <RowPreview
          source={linkedSource}
          onClose={() =>
            setSearchParams(
              (params) => {
                params.delete('preview');
                return params;
              },
              { replace: true },
            )
          }
        />
      )}
    </div>
  );
}
