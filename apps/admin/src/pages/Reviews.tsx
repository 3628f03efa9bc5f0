import { Anchor, Rating, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmButton } from '../components/ConfirmButton';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

export function ReviewsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const reviews = useQuery({
    ...trpc.admin.reviews.list.queryOptions({ page, per_page: 20 }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(trpc.admin.reviews.remove.mutationOptions());
  return (
    <Stack>
      <Title order={2}>Reviews</Title>
      <ErrorAlert error={remove.error} />
      <QueryState query={reviews} isEmpty={(r) => r.data.length === 0} empty="No reviews yet.">
        {(result) => (
          <>
            <DataTable
              rows={result.data}
              rowKey={(review) => review.id}
              columns={[
                {
                  label: 'Product',
                  render: (review) => (
                    <Anchor component={Link} to={`/products/${review.product_id}`}>
                      #{review.product_id}
                    </Anchor>
                  ),
                },
                {
                  label: 'Rating',
                  render: (review) => (
                    <Rating value={review.rating} readOnly aria-label={`${review.rating} of 5`} />
                  ),
                },
                {
                  label: 'Review',
                  render: (review) => (
                    <>
                      <Text fw={500} size="sm">
                        {review.title}
                      </Text>
                      <Text size="sm">{review.comment}</Text>
                    </>
                  ),
                },
                {
                  label: 'By',
                  render: (review) =>
                    `${review.customer_name}${review.verified_purchase ? ' (bought it)' : ''}`,
                },
                { label: 'Written', render: (review) => dateTime(review.created_at) },
                {
                  label: 'Actions',
                  render: (review) => (
                    <ConfirmButton
                      aria-label={`Remove review ${review.title}`}
                      question={`Remove the review "${review.title}"?`}
                      onConfirm={() => remove.mutate({ id: review.id })}
                    >
                      Remove
                    </ConfirmButton>
                  ),
                },
              ]}
            />
            <Pager meta={result.meta} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
