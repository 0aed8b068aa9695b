import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { type Area, CROP } from '../model/crop-math';

type CropperAreaProps = {
  image: string;
  zoom: number;
  rotation: number;
  onZoomChange: (zoom: number) => void;
  onRotationChange: (rotation: number) => void;
  onAreaChange: (area: Area) => void;
};

/** The draggable round crop (react-easy-crop; loaded only when the crop modal opens). */
export default function CropperArea({
  image,
  zoom,
  rotation,
  onZoomChange,
  onRotationChange,
  onAreaChange,
}: CropperAreaProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  return (
    <Cropper
      image={image}
      crop={crop}
      zoom={zoom}
      rotation={rotation}
      aspect={1}
      cropShape="round"
      showGrid={false}
      objectFit="cover"
      minZoom={CROP.zoomMin}
      maxZoom={CROP.zoomMax}
      zoomSpeed={0.2}
      onCropChange={setCrop}
      onZoomChange={onZoomChange}
      onRotationChange={onRotationChange}
      onCropComplete={(_, pixels) => onAreaChange(pixels)}
      mediaProps={{ alt: 'Photo to crop' }}
      cropperProps={{ 'aria-label': 'Crop area: drag to move the photo' }}
    />
  );
}
