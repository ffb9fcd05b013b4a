/**
 * A console card around a query's answer: its title (the section is labelled by it), an optional
 * intro, then "Loading…", the failure, "none yet" or the content — each as the page's i18n keys.
 */
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export function QueryCard(props: {
  titleId: string;
  title: string;
  intro?: string;
  isPending: boolean;
  /** The failure to show (already translated), or null. */
  failure: ReactNode;
  /** The query answered and has nothing to show. */
  isEmpty: boolean;
  /** What it says when it is empty. */
  none: string;
  /** The content, when there is some. */
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={props.titleId}>
      <CardContent>
        <Typography id={props.titleId} variant="h6" component="h2">
          {translate(props.title)}
        </Typography>
        {props.intro ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(props.intro)}
          </Typography>
        ) : null}
        {props.failure}
        {props.isPending ? (
          <Typography color="text.secondary">{translate('console.common.loading')}</Typography>
        ) : null}
        {props.isEmpty ? <Typography color="text.secondary">{translate(props.none)}</Typography> : null}
        {props.children}
      </CardContent>
    </Card>
  );
}

/** A table that scrolls sideways on narrow screens instead of squeezing its columns. */
export function ScrollX({ children }: { children: ReactNode }) {
  return <Box sx={{ overflowX: 'auto' }}>{children}</Box>;
}
