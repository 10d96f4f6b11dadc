/** The spec's texts for team users and API keys (seed 002 §2, §5, §8), shared by the screens and tests. */
export const teamUserMessages = {
  newUserTitle: 'New User',
  editUserTitle: 'Edit User',
  deleteUserTitle: 'Delete User',
  deleteUserConfirm: 'Are you sure you want to delete this user?',
  you: 'You',
  required: 'Required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
} as const;

export const apiKeyMessages = {
  newTitle: 'New Api Key',
  editTitle: 'Edit API Key',
  untitled: 'Untitled',
  sandbox: 'Sandbox',
  production: 'Production',
  empty: 'No results found',
  // The spec reuses the webhook text for the API key delete confirmation.
  deleteConfirm: 'You are about to delete this webhook. This action cannot be undone.',
  viewOnce: 'You may only view your API key once. Please make sure to save it and store it securely.',
  copied: 'API Key Copied',
} as const;

export const roleLabels = { admin: 'Admin', teamMember: 'Team Member' } as const;
