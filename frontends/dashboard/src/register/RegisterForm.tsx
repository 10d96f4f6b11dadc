import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { registerMessages as m, type RegisterKind } from './messages';
import { DetailsStep } from './DetailsStep';
import type { PlaceOption } from './api';
import { PlaceSearch } from './PlaceSearch';
import { StepsHeader } from './StepsHeader';

/** Seed 000 §4: step 0 picks a place, step 1 edits name and handle and creates the tenant. */
export function RegisterForm({ kind }: { kind: RegisterKind }) {
  const [place, setPlace] = useState<PlaceOption | null>(null);
  const [step, setStep] = useState<0 | 1>(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [placeForm] = Form.useForm<{ googlePlaceId: string }>();

  function pick(chosen: PlaceOption) {
    setPlace(chosen);
    placeForm.setFieldsValue({ googlePlaceId: chosen.placeId });
    setFailure(null);
    setStep(1);
  }

  return (
    <>
      <StepsHeader step={step} />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="register-error" />}
      {step === 1 && place ? (
        // A fresh form per place: choosing another place starts again from its name and handle.
        <DetailsStep key={place.placeId} kind={kind} place={place} onBack={() => setStep(0)} onFailure={setFailure} />
      ) : (
        <Form form={placeForm} layout="vertical" name="register-place" onFinish={() => place && setStep(1)} requiredMark={false}>
          <Form.Item label="Business" name="googlePlaceId" rules={[{ required: true, message: m.placeRequired }]} extra="US businesses only">
            <PlaceSearch picked={place} onPick={pick} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large">
            Next
          </Button>
        </Form>
      )}
    </>
  );
}
