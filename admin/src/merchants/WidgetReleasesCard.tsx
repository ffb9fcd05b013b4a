/**
 * The widget releases this server still serves (GET /api/public/widget-releases, issue 51 item 1):
 * version, when it was published, the pinned script and the npm package — an agency pins one and
 * upgrades by copying a newer one's script and integrity. On the Developers tab.
 */
import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useDataQuery } from '../data/useAction.ts';
import { copyText } from '../shared/clipboard.ts';
import { dateTime } from '../shared/format.ts';
import { QueryCard, ScrollX } from '../shared/QueryCard.tsx';

export function WidgetReleasesCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const releases = useDataQuery(['widget-releases'], (dp) => dp.getWidgetReleases(), { staleTime: 60_000 });
  const rows = releases.data ?? [];
  return (
    <QueryCard
      titleId="widget-releases-title"
      title="console.widget_releases.title"
      intro="console.widget_releases.intro"
      isPending={releases.isPending}
      failure={releases.isError ? translate('console.widget_releases.failed') : null}
      isEmpty={releases.isSuccess && rows.length === 0}
      none="console.widget_releases.none"
    >
      {rows.length ? (
        <ScrollX>
          <Table size="small" aria-labelledby="widget-releases-title">
            <TableHead>
              <TableRow>
                <TableCell>{translate('console.widget_releases.version')}</TableCell>
                <TableCell>{translate('console.widget_releases.published')}</TableCell>
                <TableCell>{translate('console.widget_releases.script')}</TableCell>
                <TableCell>{translate('console.widget_releases.package')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.version}>
                  <TableCell>
                    {r.version}{' '}
                    {r.current ? (
                      <Chip
                        size="small"
                        color="success"
                        label={translate('console.widget_releases.current')}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell>{dateTime(r.published_at)}</TableCell>
                  <TableCell>
                    <code>{r.script.path}</code>{' '}
                    <Button
                      size="small"
                      onClick={() =>
                        copyText(r.script.integrity).then(
                          () => notify('console.widget_releases.copied', { type: 'success' }),
                          () => notify('console.pay_links.copy_failed', { type: 'error' }),
                        )
                      }
                      aria-label={translate('console.widget_releases.copy_integrity', { version: r.version })}
                    >
                      {translate('console.widget_releases.copy_sri')}
                    </Button>
                  </TableCell>
                  <TableCell>{r.package ? <code>{r.package.path}</code> : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollX>
      ) : null}
    </QueryCard>
  );
}
