/** The ledger's history and the receipts (issue 18). */
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatRupees, type LedgerEntry, type Order } from '@/domain/contract/payments';
import { creditsText, formatWhen, ledgerLabel, signedAmount } from '../text';

const statusText: Record<Order['status'], { label: string; color: string }> = {
  created: { label: 'Not completed', color: 'gray' },
  attempted: { label: 'Failed', color: 'red' },
  paid: { label: 'Paid', color: 'green' },
  refunded: { label: 'Refunded', color: 'orange' },
};

export function History({
  entries,
  orders,
}: {
  entries: readonly LedgerEntry[];
  orders: readonly Order[];
}) {
  const receipts = orders.filter((order) => order.status !== 'created');
  return (
    <>
      <Stack gap="sm" component="section" aria-labelledby="history-title">
        <Title order={2} size="h4" id="history-title">
          History
        </Title>
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm">
            No credit movements yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" data-testid="ledger-history">
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text size="sm">{ledgerLabel[entry.kind]}</Text>
                      {entry.note && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {entry.note}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {formatWhen(entry.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text
                        size="sm"
                        fw={600}
                        c={entry.amount < 0 ? 'red.8' : entry.amount > 0 ? 'green.8' : undefined}
                      >
                        {signedAmount(entry.amount)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="receipts-title">
        <Title order={2} size="h4" id="receipts-title">
          Receipts
        </Title>
        {receipts.length === 0 ? (
          <Text c="dimmed" size="sm">
            No purchases yet.
          </Text>
        ) : (
          receipts.map((order) => (
            <Card key={order.id} withBorder radius="md" padding="sm" data-testid="receipt">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {order.planName}: {creditsText(order.credits)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatWhen(order.paidAt ?? order.createdAt)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Order {order.reference}
                    {order.paymentId ? ` · Payment ${order.paymentId}` : ''}
                  </Text>
                  {order.status === 'attempted' && order.failureReason && (
                    <Text size="xs" c="red.8">
                      {order.failureReason}
                    </Text>
                  )}
                </Stack>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text fw={700} size="sm">
                    {formatRupees(order.amount)}
                  </Text>
                  <Badge color={statusText[order.status].color} variant="light">
                    {statusText[order.status].label}
                  </Badge>
                </Stack>
              </Group>
            </Card>
          ))
        )}
      </Stack>
    </>
  );
}
