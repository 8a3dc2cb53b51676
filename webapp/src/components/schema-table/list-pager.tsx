/**
 * The pager under a schema table (list contract of issue 11): antd's Pagination with page jumps when
 * the answer says "pages"; Previous / Next, "Page N" (announced politely once its rows are shown) and a page size when it
 * says "cursor". The total reads "2,000+" when it is only a lower bound (`more`).
 */
import { useEffect, useRef } from 'react';
import { Button, Pagination, Select } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Listing } from './use-listing';

export const PAGE_SIZES = [10, 20, 50, 100];

/** "共 1,234 条" / "共 2,000+ 条" in the current language's number format. */
export function useTotalText(): (total: number, more?: boolean) => string {
  const { t, i18n } = useTranslation('admin/common');
  return (total, more) => {
    const text = new Intl.NumberFormat(i18n.language).format(total);
    return more ? t('common.totalAtLeast', { total: text }) : t('common.totalRows', { total: text, count: total });
  };
}

export function ListPager({ listing, narrow }: { listing: Listing; narrow: boolean }) {
  const { t } = useTranslation('admin/common');
  const totalText = useTotalText();
  const { answer, page, criteria, loading } = listing;
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const pressedNext = useRef(false);
  const lastPage = !listing.hasNext;

  // Next turns disabled on the last page: keep the keyboard focus on the pager (on Previous).
  useEffect(() => {
    if (loading) return;
    if (lastPage && pressedNext.current && page > 1) previousRef.current?.focus();
    pressedNext.current = false;
  }, [loading, lastPage, page]);

  if (answer.pager !== 'cursor') {
    return (
      <Pagination
        current={page}
        pageSize={criteria.limit}
        total={answer.total}
        pageSizeOptions={PAGE_SIZES}
        showSizeChanger
        size={narrow ? 'small' : undefined}
        showTotal={() => totalText(answer.total, answer.more)}
        onChange={(p, size) => (size !== criteria.limit ? listing.reset({ limit: size }) : listing.goTo(p))}
        style={{ marginTop: 16, justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 8 }}
      />
    );
  }
  return (
    <nav
      aria-label={t('common.pagination')}
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}
    >
      <span>{totalText(answer.total, answer.more)}</span>
      <Button ref={previousRef} icon={<LeftOutlined aria-hidden />} disabled={page <= 1} onClick={() => !loading && listing.previous()}>
        {t('common.previousPage')}
      </Button>
      <span aria-live="polite" aria-atomic="true" style={{ minWidth: '4em', textAlign: 'center' }}>
        {t('common.pageN', { page: listing.shownPage })}
      </span>
      <Button
        ref={nextRef}
        icon={<RightOutlined aria-hidden />}
        iconPlacement="end"
        disabled={lastPage}
        onClick={() => {
          if (loading) return;
          pressedNext.current = true;
          listing.next();
        }}
      >
        {t('common.nextPage')}
      </Button>
      <Select
        aria-label={t('common.pageSize')}
        value={criteria.limit}
        onChange={(limit: number) => listing.reset({ limit })}
        options={PAGE_SIZES.map((n) => ({ value: n, label: t('common.perPage', { count: n }) }))}
        style={{ width: 110 }}
      />
    </nav>
  );
}
