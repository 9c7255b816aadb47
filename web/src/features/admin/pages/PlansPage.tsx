import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { featureLabel, parseLimit, planLabel } from '../components/format';
import { PlanLimitsQuery, SetPlanLimitMutation } from '../graphql';

const FEATURES = ['prompts', 'image_analysis', 'image_generation', 'videos'] as const;
const key = (plan: string, feature: string) => `${plan}/${feature}`;
const shown = (limit: number | null) => (limit === null ? '' : String(limit));

/**
 * Every plan's monthly allowances (plan_limits), editable in place. Every check reads the table, so a
 * saved change applies to the next prompt, image or video everywhere, with no restart.
 */
export default function PlansPage() {
  const t = useT();
  usePageMeta({ title: t('Plans · Console'), description: t("The plans' monthly allowances.") });
  const query = useQuery(PlanLimitsQuery, { fetchPolicy: 'cache-and-network' });
  const [save] = useMutation(SetPlanLimitMutation);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const limits = query.data?.admin.planLimits;

  if (!limits && query.loading) return <PageSpinner label={t('Loading the plans...')} />;
  if (!limits)
    return (
      <LoadFailed
        title={t('Failed to load the plans')}
        onRetry={() => void query.refetch().catch(() => {})}
      />
    );

  const plans = [...new Set(limits.map((l) => l.planType))];
  const stored = new Map(limits.map((l) => [key(l.planType, l.feature), l.monthlyLimit]));
  const changed = Object.entries(edits).filter(([k, text]) => {
    const value = parseLimit(text);
    return value === undefined || value !== stored.get(k);
  });
  const invalid = changed.filter(([, text]) => parseLimit(text) === undefined).map(([k]) => k);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid.length > 0 || changed.length === 0) return;
    setSaving(true);
    const saved: string[] = [];
    try {
      for (const [k, text] of changed) {
        const [planType, feature] = k.split('/') as [string, string];
        await save({ variables: { planType, feature, monthlyLimit: parseLimit(text) ?? null } });
        saved.push(k);
      }
      notifySuccess(
        t('{count, plural, one {Allowance saved} other {# allowances saved}}', { count: changed.length }),
        t('The next check on every server uses it.'),
      );
    } catch (error) {
      notifyFailure(t('Could not save the allowances'), error);
    } finally {
      setEdits((now) => Object.fromEntries(Object.entries(now).filter(([k]) => !saved.includes(k))));
      setSaving(false);
      await query.refetch().catch(() => {});
    }
  };

  return (
    <>
      <PageHeading
        title={t('Plans')}
        description={t(
          'Monthly allowances per plan. Empty means unlimited, 0 means not included. A saved change applies to the next use, on every server.',
        )}
      />
      <Card.Root variant="outline" as="form" onSubmit={(e: FormEvent) => void submit(e)}>
        <Card.Body px={{ base: '2', md: '6' }}>
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={t('Monthly allowances')} minW="xl">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('Plan')}</Table.ColumnHeader>
                  {FEATURES.map((feature) => (
                    <Table.ColumnHeader key={feature}>{featureLabel(feature, t)}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {plans.map((plan) => (
                  <Table.Row key={plan}>
                    <Table.Cell fontWeight="medium">{planLabel(plan, t)}</Table.Cell>
                    {FEATURES.map((feature) => {
                      const k = key(plan, feature);
                      // Unlimited is null, shown empty; a pair the table lacks is not included (0), as the checks read it.
                      const value = edits[k] ?? shown(stored.has(k) ? (stored.get(k) ?? null) : 0);
                      const isChanged = changed.some(([c]) => c === k);
                      return (
                        <Table.Cell key={feature}>
                          <Input
                            size="sm"
                            width="24"
                            inputMode="numeric"
                            aria-label={t('{plan}: {feature} per month', {
                              plan: planLabel(plan, t),
                              feature: featureLabel(feature, t),
                            })}
                            placeholder={t('Unlimited')}
                            value={value}
                            aria-invalid={invalid.includes(k) || undefined}
                            borderColor={isChanged ? 'colorPalette.solid' : undefined}
                            onChange={(e) => setEdits((now) => ({ ...now, [k]: e.target.value }))}
                          />
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Card.Body>
        <Card.Footer>
          <Stack
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ sm: 'center' }}
            width="full"
          >
            <Text
              color={invalid.length ? 'fg.error' : 'fg.muted'}
              fontSize="sm"
              role={invalid.length ? 'alert' : undefined}
            >
              {invalid.length
                ? t('An allowance is a whole number from 0 to 1,000,000, or empty for unlimited.')
                : changed.length
                  ? t('{count, plural, one {# unsaved change} other {# unsaved changes}}', {
                      count: changed.length,
                    })
                  : t('No changes')}
            </Text>
            <HStack>
              <Button
                variant="outline"
                disabled={changed.length === 0 || saving}
                onClick={() => setEdits({})}
              >
                {t('Discard')}
              </Button>
              <Button type="submit" loading={saving} disabled={changed.length === 0 || invalid.length > 0}>
                {t('Save allowances')}
              </Button>
            </HStack>
          </Stack>
        </Card.Footer>
      </Card.Root>
    </>
  );
}
