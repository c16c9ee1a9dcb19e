import { Box, Link, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/**
 * Where a lead came from: the page it was sent from (a link to it on the site), the site's
 * language, the referrer and the visit's first-touch UTM parameters; empty ones are left out.
 */
export function VisitContext(_props: { label?: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  if (!record) return null;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  const page = text('page');
  const rows: [string, React.ReactNode][] = [];
  // A path on our own site only: the visitor sent it, so nothing else becomes a link.
  if (page)
    rows.push([
      'page',
      page.startsWith('/') && !page.startsWith('//') ? (
        <Link href={page} target="_blank" rel="noopener">
          {page}
        </Link>
      ) : (
        page
      ),
    ]);
  if (text('language'))
    rows.push(['language', translate(`conveyor.languages.${text('language')}`)]);
  if (text('referrer')) rows.push(['referrer', text('referrer')]);
  for (const key of UTM) if (text(key)) rows.push([key, text(key)]);
  if (rows.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 2, m: 0 }}
    >
      {rows.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`resources.leads.fields.${key}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
