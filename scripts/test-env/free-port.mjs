// A port free right now on 127.0.0.1, found synchronously (a child node process asks the OS).
import { execFileSync } from "node:child_process";

export function freePortSync() {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}
