// The uploads' public entry (ADR 016): the photo picker of refunds, support messages and reviews, and the
// thumbnails that open a photo (ADR 057).
export { MessagePhotos, type PickedPhoto, PhotoPicker, uploadPhoto } from "./photo-picker.tsx";
