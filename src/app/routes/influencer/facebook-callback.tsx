import { FacebookCallback } from "@/features/facebook/components/facebook-callback.tsx";

export default function FacebookCallbackRoute() {
  return <FacebookCallback />;
}
