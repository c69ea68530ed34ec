import { InstagramCallback } from "@/features/instagram/components/instagram-callback.tsx";

export default function InstagramCallbackRoute() {
  return <InstagramCallback />;
}
