import { useId, useState } from 'react';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { errorMessage } from '@seatside/ui/src/lists';
import { IMAGE_UPLOAD_TYPES, imageMessages as m } from './messages';
import { uploadImage } from './upload';
import './styles';

export interface ImageUploadProps {
  merchantId: string;
  /** The uploaded image's URL, to add to the record's images (or to put in its field). */
  onUploaded(url: string): void;
  /** The button's words, where a form has more than one image ('Upload Banner'); 'Upload image' otherwise. */
  label?: string;
}

/**
 * 'Upload image' for a product's or a service's images, a menu's banner and icon (seed 001 §2; seed 002 §5: png and jpeg):
 * the file goes to the media service (docs/media-api.md) and its URL to `onUploaded`; 'Image
 * uploaded' on success, the server's message on failure.
 */
export function ImageUpload({ merchantId, onUploaded, label = m.uploadImage }: ImageUploadProps) {
  const alerts = useAlerts();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      onUploaded(await uploadImage(merchantId, file));
      alerts.success(m.imageUploaded);
    } catch (error) {
      alerts.error(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };
  return (
    <>
      <input
        id={id}
        className="im-file"
        type="file"
        accept={IMAGE_UPLOAD_TYPES}
        disabled={uploading}
        onChange={(event) => {
          const input = event.currentTarget;
          void upload(input.files?.[0]).finally(() => {
            input.value = '';
          });
        }}
      />
      <label htmlFor={id} className="ls-icon-button" aria-busy={uploading}>
        {uploading ? m.uploading : label}
      </label>
    </>
  );
}
