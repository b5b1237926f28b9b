/** The plans (issue 18): credits, price, the platform fee, and Pay. */
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatRupees, type Plan } from '@/domain/contract/payments';
import { creditsText } from '../text';

interface PlanView extends Plan {
  readonly amount: number;
}

export function Plans({
  plans,
  fee,
  disabled,
  opening,
  onBuy,
}: {
  plans: readonly PlanView[];
  fee: number;
  disabled: boolean;
  opening: string | null;
  onBuy: (plan: Plan) => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="plans-title">
      <Title order={2} size="h4" id="plans-title">
        Buy referral credits
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {plans.map((plan) => (
          <Card key={plan.id} withBorder radius="md" padding="md" data-testid={`plan-${plan.id}`}>
            <Stack gap={4}>
              <Text fw={700}>{plan.name}</Text>
              <Text size="sm">{creditsText(plan.credits)}</Text>
              <Text size="xl" fw={700}>
                {formatRupees(plan.amount)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatRupees(plan.price)} + {formatRupees(fee)} platform fee
              </Text>
              <Button
                mt="xs"
                onClick={() => onBuy(plan)}
                disabled={disabled}
                loading={opening === plan.id}
                aria-label={`Pay ${formatRupees(plan.amount)} for ${plan.name}`}
              >
                Pay {formatRupees(plan.amount)}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <Text size="xs" c="dimmed">
          One credit is held when you request a referral and returned if no referral is made. The
          platform fee keeps requests serious.
        </Text>
      </Group>
    </Stack>
  );
}
