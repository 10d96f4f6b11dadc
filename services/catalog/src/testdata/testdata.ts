import { z } from 'zod';
import { requiredText, TEXT_MAX } from '@seatside/chassis';
import { sampleMerchants, type SampleMerchant } from '../demo/samples';

/** Seed 002 §5, §8: the Test Data screen's words, reused by the router and the specs. */
export const testDataMessages = {
  merchantRequired: 'Please select a merchant',
  merchantInvalid: 'Please select a valid merchant',
  confirmDelete: 'Please enter in DELETE to delete this merchant',
  imported: 'Sample Data Imported',
  deleted: 'Test Data Deleted',
  merchantsOnly: 'Only merchants have test data',
} as const;

/** Seed 002 §9: the word the Delete Test Data card asks for. */
export const DELETE_CONFIRMATION = 'DELETE';

/** A sample merchant as `GET /v1/demo/merchants` lists it: by name (what the picker shows) or handle. */
export const sampleNamed = (merchant: string): SampleMerchant | undefined =>
  sampleMerchants.find((sample) => sample.name === merchant || sample.handle === merchant);

/** `{merchant}`: required, and one of the two samples. */
export const importInput = z.object({
  merchant: requiredText(testDataMessages.merchantRequired).max(TEXT_MAX.id).transform((merchant, ctx) => {
    const sample = sampleNamed(merchant);
    if (!sample) {
      ctx.addIssue({ code: 'custom', message: testDataMessages.merchantInvalid });
      return z.NEVER;
    }
    return sample;
  }),
});

/** `{teleport: {delete: 'DELETE'}}` (the field name as the spec spells it): exactly the word, nothing else. */
export const deleteConfirmation = z.object({ teleport: z.object({ delete: z.literal(DELETE_CONFIRMATION) }) });

/** Whether the body confirms (any other body is the one refusal on `teleport.delete`, the field the form shows it on). */
export const confirmsDeletion = (body: unknown): boolean => deleteConfirmation.safeParse(body).success;
