/**
 * A console list page (react-admin's List) with the console's habits, written once: the title and
 * load-failure text as i18n keys (the failure shows in the list and as a toast), newest first, the
 * filters collapsed on phones (useListFilters), a table wider than the screen scrolling inside its card,
 * and a toolbar of Filter, Export (when the list
 * exports; up to 10,000 rows) and whatever the page adds.
 */
import type { ReactElement, ReactNode } from 'react';
import { ExportButton, FilterButton, List, TopToolbar, useTranslate, type ListProps } from 'react-admin';
import { ListError, useListErrorOptions } from './ListError.tsx';
import { useListFilters } from './responsive.tsx';

type Props = Omit<ListProps, 'title' | 'filters' | 'error' | 'queryOptions' | 'actions' | 'children'> & {
  /** i18n key of the page title. */
  title: string;
  /** i18n key of what the list says (and toasts) when it cannot load. */
  loadFailed: string;
  filters?: ReactElement<{ source: string; alwaysOn?: boolean }>[];
  /** Buttons after Filter and Export. */
  extraActions?: ReactNode;
  /** A toolbar of the page's own instead of Filter / Export / extraActions. */
  actions?: ReactElement;
  children: ReactNode;
};

export function ConsoleList({ title, loadFailed, filters, extraActions, actions, children, ...list }: Props) {
  const translate = useTranslate();
  const queryOptions = useListErrorOptions(loadFailed);
  const shownFilters = useListFilters(filters ?? NO_FILTERS);
  return (
    <List
      title={translate(title)}
      sort={{ field: 'created_at', order: 'DESC' }}
      // A table wider than the screen scrolls sideways inside the list, the page never does.
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
      {...list}
      filters={filters ? shownFilters : undefined}
      actions={
        actions ?? (
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {/* "Add filter" only when there is a filter to add (none when every one is always shown). */}
            {shownFilters.some((f) => !f.props.alwaysOn) ? <FilterButton /> : null}
            {list.exporter !== false ? (
              <ExportButton maxResults={10000} label="console.lists.export" />
            ) : null}
            {extraActions}
          </TopToolbar>
        )
      }
      queryOptions={queryOptions}
      error={<ListError message={loadFailed} />}
      empty={false}
    >
      {children}
    </List>
  );
}

const NO_FILTERS: ReactElement<{ source: string; alwaysOn?: boolean }>[] = [];
