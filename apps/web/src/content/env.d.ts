/** Build-time configuration of the public site (PUB-14/17). Every key is optional: config.ts has defaults. */
interface ImportMetaEnv {
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_CNPJ?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_CONTACT_ADDRESS?: string;
  readonly VITE_WHATSAPP_NUMBER?: string;
  readonly VITE_STORE_URL?: string;
  readonly VITE_STORE_BRACELET_URL?: string;
  readonly VITE_STORE_COLLAR_URL?: string;
  readonly VITE_STORE_OBJECT_URL?: string;
  readonly VITE_STORE_DOORBELL_URL?: string;
  readonly VITE_GOOGLE_PLAY_URL?: string;
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_YOUTUBE_URL?: string;
  readonly VITE_TIKTOK_URL?: string;
  readonly VITE_LINKEDIN_URL?: string;
}
