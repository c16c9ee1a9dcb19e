import { Badge } from '@mui/material';
import type { ComponentType } from 'react';
import { useGetList, useTranslate } from 'react-admin';

/**
 * A sidebar icon with the number of new records (leads, applications) on it, polled every
 * 30 s, so staff see work waiting from any screen.
 */
export function withNewCount(Icon: ComponentType, resource: 'leads' | 'suppliers') {
  return function NewCountIcon() {
    const translate = useTranslate();
    const { total } = useGetList(
      resource,
      { pagination: { page: 1, perPage: 1 }, filter: { status: 'new' } },
      { refetchInterval: 30_000 },
    );
    const count = total ?? 0;
    return (
      <Badge
        badgeContent={count}
        color="error"
        max={99}
        data-testid={`new-count-${resource}`}
        slotProps={{
          badge: { 'aria-label': translate('conveyor.workflow.new_count', { count }) } as object,
        }}
      >
        <Icon />
      </Badge>
    );
  };
}
