export declare const OIDC_ACCOUNT: {
  sub: string;
  name: string;
  nickname: string;
  email: string;
  email_verified: boolean;
};
export declare const OIDC_CLIENT: { id: string; secret: string; name: string };
