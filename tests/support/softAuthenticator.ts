import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for API tests: what a browser's navigator.credentials.create()
 * and .get() would hand the app, built with node:crypto (an ES256 key pair) and the CBOR encoder
 * @simplewebauthn/server itself decodes with. It keeps its discoverable credentials per relying
 * party, like a platform authenticator, and signs with user presence and verification set.
 */
const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** The options JSON the app sends (only what an authenticator reads). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly origin: string) {}

  private get rpIdFromOrigin() {
    return new URL(this.origin).hostname;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  /** navigator.credentials.create(): a new ES256 credential, with "none" attestation. */
  create(options: CreationOptions) {
    const rpId = options.rp.id ?? this.rpIdFromOrigin;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cosePublicKey)]);
    const authData = this.authData(
      rpId,
      FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA,
      0,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    this.credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get(): an assertion by a credential the options allow (any of this relying
   * party's when they name none: a discoverable sign-in), or by `credentialId` when given.
   */
  get(options: RequestOptions, credentialId?: string) {
    const rpId = options.rpId ?? this.rpIdFromOrigin;
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const credential = this.credentials.find(
      (c) =>
        c.rpId === rpId &&
        (credentialId
          ? b64url(c.id) === credentialId
          : allowed.length === 0 || allowed.includes(b64url(c.id))),
    );
    if (!credential) throw new Error('no credential for these options');
    credential.counter += 1;
    const authenticatorData = this.authData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    // ES256: an ECDSA signature (DER) over authenticatorData || SHA-256(clientDataJSON).
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
