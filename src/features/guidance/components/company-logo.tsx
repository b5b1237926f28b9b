import { Avatar } from '@mantine/core';

/** The company's logo, its first letter when there is none or it fails to load. */
export function CompanyLogo({
  name,
  src,
  size = 48,
}: {
  name: string;
  src: string | null;
  size?: number;
}) {
  return (
    <Avatar src={src} alt="" size={size} radius="md" color="brand">
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
