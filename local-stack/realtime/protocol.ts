// The Phoenix channel wire format realtime-js speaks. Two serialisations exist and the client
// picks one with the `vsn` query parameter:
//   1.0.0: JSON objects  {topic, event, payload, ref, join_ref}
//   2.0.0: JSON arrays   [join_ref, ref, topic, event, payload]
// In 2.0.0 broadcasts travel as binary frames (a small header then the payload): the client's
// pushes (decoded here so the stand-in can answer them; it does not relay them) and the server's
// messages from realtime.messages (encoded here).

export type Vsn = "1.0.0" | "2.0.0";
export const SUPPORTED_VSNS: readonly Vsn[] = ["1.0.0", "2.0.0"];
/** Phoenix's own default when a client names no version. */
export const DEFAULT_VSN: Vsn = "1.0.0";

export interface PhoenixMessage {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: any;
}

export function isSupportedVsn(value: string): value is Vsn {
  return (SUPPORTED_VSNS as readonly string[]).includes(value);
}

export function encodeMessage(message: PhoenixMessage, vsn: Vsn): string {
  if (vsn === "1.0.0") {
    return JSON.stringify({
      topic: message.topic,
      event: message.event,
      payload: message.payload,
      ref: message.ref,
      join_ref: message.join_ref,
    });
  }
  return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
}

/** Parses one client frame, or throws with a reason when it is not a Phoenix message. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): PhoenixMessage {
  if (isBinary) return decodeBinaryPush(data);
  const parsed: unknown = JSON.parse(data.toString("utf8"));
  if (vsn === "1.0.0") {
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("expected a JSON object");
    const object = parsed as Record<string, unknown>;
    return checked({
      join_ref: (object.join_ref as string | null | undefined) ?? null,
      ref: (object.ref as string | null | undefined) ?? null,
      topic: object.topic as string,
      event: object.event as string,
      payload: object.payload ?? {},
    });
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) throw new Error("expected a JSON array of 5 elements");
  const [join_ref, ref, topic, event, payload] = parsed;
  return checked({ join_ref: join_ref ?? null, ref: ref ?? null, topic, event, payload: payload ?? {} });
}

function checked(message: PhoenixMessage): PhoenixMessage {
  if (typeof message.topic !== "string" || typeof message.event !== "string") {
    throw new Error("topic and event must be strings");
  }
  // Refs are opaque strings to the client; keep them as sent but never let them be objects.
  if (message.ref !== null && typeof message.ref !== "string" && typeof message.ref !== "number") {
    throw new Error("ref must be a string");
  }
  return message;
}

// realtime-js's binary "user broadcast push" (kind 3): kind, then the byte lengths of join_ref,
// ref, topic, user event and metadata, then the payload encoding, then those strings, then the
// payload.
const USER_BROADCAST_PUSH = 3;

function decodeBinaryPush(data: Buffer): PhoenixMessage {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) throw new Error("unsupported binary frame");
  const lengths = [data[1], data[2], data[3], data[4], data[5]];
  let offset = 7;
  const [joinRef, ref, topic, userEvent] = lengths.map((length) => {
    const text = data.toString("utf8", offset, offset + length);
    offset += length;
    return text;
  });
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: "broadcast",
    payload: { type: "broadcast", event: userEvent },
  };
}

// Hosted Realtime's "user broadcast" (kind 4), the frame of a message from realtime.messages under
// vsn 2.0.0: kind, the byte lengths of topic, user event and metadata, the payload encoding
// (1: JSON), then those strings, then the payload as it was stored (jsonb's text).
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;

/**
 * A message of realtime.messages as sent to a channel joined as `topic` ("realtime:<name>"):
 * binary under 2.0.0, under 1.0.0 the JSON "broadcast" event Phoenix's V1 serializer writes.
 */
export function encodeUserBroadcast(
  message: { topic: string; event: string; id: string; payloadJson: string },
  vsn: Vsn,
): string | Buffer {
  const meta = JSON.stringify({ id: message.id });
  if (vsn === "1.0.0") {
    return JSON.stringify({
      topic: message.topic,
      event: "broadcast",
      payload: {
        event: message.event,
        payload: JSON.parse(message.payloadJson),
        type: "broadcast",
        meta: JSON.parse(meta),
      },
      ref: null,
    });
  }
  const parts = [message.topic, message.event, meta].map((text) => Buffer.from(text, "utf8"));
  if (parts.some((part) => part.length > 255)) throw new Error("topic, event or metadata longer than 255 bytes");
  const header = Buffer.from([USER_BROADCAST, parts[0].length, parts[1].length, parts[2].length, JSON_ENCODING]);
  return Buffer.concat([header, ...parts, Buffer.from(message.payloadJson, "utf8")]);
}
