import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  error: string | null;
  notice?: string | null;
  /** The "New here? / Already have an account?" line under the form (none on account screens). */
  footer?: { text: string; link: string; to: NonNullable<LinkProps['to']> };
  /** Widest the card grows (px): 440 for the sign-in forms, more for lists. */
  maxWidth?: number;
  children: ReactNode;
}

/**
 * The frame every sign-in and account screen shares: title, messages, the form, and for the
 * sign-in forms a link to the other one.
 */
export function AuthCard({
  title,
  subtitle,
  error,
  notice,
  footer,
  maxWidth = 440,
  children,
}: AuthCardProps) {
  return (
    // Issue 26 item 8: a margin on each side so the card never touches a phone's edges.
    <Paper
      withBorder
      shadow="sm"
      p={{ base: 'lg', xs: 'xl' }}
      radius="md"
      maw={maxWidth}
      mx={{ base: 'md', xs: 'auto' }}
      my={{ base: 'xl', xs: 48 }}
    >
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {notice && (
          // Information, not an error: announced politely, not as an alert.
          <Alert color="blue" role="status">
            {notice}
          </Alert>
        )}
        {children}
        {footer && (
          <Text size="sm">
            {footer.text}{' '}
            {/* Underlined: a link inside a sentence must not rely on colour alone (axe). */}
            <Anchor component={Link} to={footer.to} underline="always">
              {footer.link}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
