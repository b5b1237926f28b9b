/**
 * Mark as referred (issue 17): an optional reference (an id from the company's referral portal)
 * and an optional proof, a screenshot or PDF of the referral. The file is checked here with the
 * contract's rules (type, under 2 MB) before it is queued, so the outbox never carries a file the
 * server would refuse; the upload itself runs in the outbox (it may wait for a connection).
 */
import { Button, FileInput, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  PROOF_ACCEPT,
  ProofMessages,
  isProofMimeType,
  isProofSizeAllowed,
} from '@/domain/contract/files';
import { ReferralLimits } from '@/domain/contract/referrals';

export interface ReferInput {
  readonly reference: string;
  readonly proof: File | null;
}

export interface ReferFormProps {
  readonly onRefer: (input: ReferInput) => void;
  readonly onCancel: () => void;
}

/** Why a picked file cannot be a proof, or null when it can. */
export function proofFileProblem(file: File): string | null {
  if (!isProofMimeType(file.type)) return ProofMessages.wrongType;
  if (file.size === 0) return ProofMessages.empty;
  if (!isProofSizeAllowed(file.size)) return ProofMessages.tooLarge;
  return null;
}

export function ReferForm({ onRefer, onCancel }: ReferFormProps) {
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const problem = proof ? proofFileProblem(proof) : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        onRefer({ reference, proof });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Reference (optional)"
          description="An application or referral id from your company's system"
          value={reference}
          maxLength={ReferralLimits.reasonMaxLength}
          onChange={(event) => setReference(event.currentTarget.value)}
        />
        <FileInput
          label="Proof (optional)"
          description="A screenshot or PDF of the referral in your company's portal, under 2 MB"
          placeholder="Attach a file"
          accept={PROOF_ACCEPT}
          clearable
          value={proof}
          onChange={setProof}
          error={problem}
        />
        <Group gap="sm">
          <Button type="submit" disabled={problem !== null}>
            Confirm referral
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
