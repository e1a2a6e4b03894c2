import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { LiveUpdates } from "@/components/live-updates";
import "./globals.css";

export const metadata: Metadata = {
  title: "Voice eval dashboard",
  description: "Local dashboard for voice-agent evaluation results",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <header className="border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-800 dark:bg-zinc-900/60">
          <div className="mx-auto flex max-w-[1600px] items-center justify-between gap-4 px-4 py-2.5">
            <Link href="/" className="text-sm font-semibold tracking-tight hover:underline">
              Voice eval dashboard
            </Link>
            {/* One EventSource per tab: everything live hangs off this. */}
            <LiveUpdates />
          </div>
        </header>
        <main className="mx-auto min-w-0 max-w-[1600px] px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
