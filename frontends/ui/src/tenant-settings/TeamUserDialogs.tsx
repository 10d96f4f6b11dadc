import { useState, type SelectHTMLAttributes } from 'react';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { ApiError } from './shared';
import { errorMessage } from './shared';
import { useAlerts } from '../alerts-antd';
import { teamRolesOf } from '@seatside/rules';
import { EMAIL_PATTERN } from '../auth/messages';
import type { NewTeamUser, TeamRole, TeamUser, Tenant } from './api';
import { tenantSettingsApi } from './api';
import { roleLabels, teamUserMessages as m } from './messages';

const required = { required: true, message: m.required };

/** The role picker: a native select, labelled by its Form.Item, with the roles this kind of team has (runners: merchants only). */
type RoleSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & { tenant: Tenant; value?: TeamRole; onChange?: (role: TeamRole) => void };

// Form.Item passes the field id and its aria-invalid/aria-describedby through these props.
function RoleSelect({ tenant, value, onChange, ...rest }: RoleSelectProps) {
  return (
    <select {...rest} className="ts-select" value={value ?? ''} onChange={(e) => onChange?.(e.target.value as TeamRole)}>
      <option value="" disabled>
        Select a role
      </option>
      {teamRolesOf(tenant.collection).map((role) => (
        <option key={role} value={role}>
          {roleLabels[role]}
        </option>
      ))}
    </select>
  );
}

/** Runs a dialog's save: success alert with the server's message and close; failure under the fields and in an alert. */
function useDialogSave<T extends object>(form: FormInstance<T>, onDone: () => void) {
  const alerts = useAlerts();
  const [saving, setSaving] = useState(false);
  const save = async (call: () => Promise<{ message: string }>) => {
    setSaving(true);
    try {
      const answer = await call();
      alerts.success(answer.message);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        form.setFields(Object.entries(err.errors).map(([name, message]) => ({ name: name as never, errors: [message] })));
      }
      alerts.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

export interface NewUserDialogProps {
  tenant: Tenant;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}

/** 'New User' (seed 002 §5): firstName, lastName, email and role, each required. */
export function NewUserDialog({ tenant, open, onClose, onSaved }: NewUserDialogProps) {
  const [form] = Form.useForm<NewTeamUser>();
  const { saving, save } = useDialogSave(form, onSaved);
  const onFinish = (values: NewTeamUser) =>
    save(() => tenantSettingsApi.addUser(tenant, { ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() }));
  return (
    <Modal
      open={open}
      title={m.newUserTitle}
      okText="Add User"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      afterClose={() => form.resetFields()}
    >
      <Form<NewTeamUser> form={form} layout="vertical" name="new-user" onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={saving} noValidate>
        <Form.Item label="First name" name="firstName" rules={[{ ...required, whitespace: true }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[{ ...required, whitespace: true }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: m.emailRequired },
            { pattern: EMAIL_PATTERN, message: m.invalidEmail, transform: (value: string) => value?.trim() },
          ]}
        >
          <Input inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={[required]}>
          <RoleSelect tenant={tenant} />
        </Form.Item>
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

export interface EditUserDialogProps {
  tenant: Tenant;
  user: TeamUser | null;
  onClose(): void;
  onSaved(): void;
}

/** 'Edit User' (seed 002 §5): sets the role, required. */
export function EditUserDialog({ tenant, user, onClose, onSaved }: EditUserDialogProps) {
  const [form] = Form.useForm<{ role: TeamRole }>();
  const { saving, save } = useDialogSave(form, onSaved);
  return (
    <Modal
      open={user !== null}
      title={m.editUserTitle}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      {user && (
        <Form<{ role: TeamRole }>
          form={form}
          layout="vertical"
          name="edit-user"
          initialValues={{ role: user.role }}
          onFinish={({ role }) => void save(() => tenantSettingsApi.setRole(tenant, user.uid, role))}
          requiredMark={false}
          disabled={saving}
          noValidate
        >
          <p>
            {user.firstName} {user.lastName} ({user.email})
          </p>
          <Form.Item label="Role" name="role" rules={[required]}>
            <RoleSelect tenant={tenant} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
