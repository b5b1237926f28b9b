import { Image, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

const SIZE = 180;

/**
 * The QR code of an authenticator set-up URI (otpauth://…, spec §4 MFA setup by TOTP). The QR
 * library loads only here, when a user actually sets up TOTP, never with the first page load.
 * If it cannot load (offline with a cold cache), the setup key shown beside it still works.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(uri, { width: SIZE, margin: 1 }))
      .then((dataUrl) => {
        if (current) setImage(dataUrl);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [uri]);

  if (failed) return null;
  if (!image) return <Skeleton width={SIZE} height={SIZE} mx="auto" />;
  return (
    <Image
      src={image}
      alt="QR code for your authenticator app"
      w={SIZE}
      h={SIZE}
      mx="auto"
      data-otpauth-uri={uri}
    />
  );
}
