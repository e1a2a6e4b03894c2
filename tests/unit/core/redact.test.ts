/** Secrets out of run arguments and setup (issue 42): by name at any depth, by value in any text, without hiding settings. */
import { describe, expect, it } from "vitest";
import { isSecretName, REDACTED, redactProse, redactStrings, redactText, redactValue } from "@/lib/core/redact";
import { argChanges } from "@/lib/core/setup/diff";

describe("redaction by name", () => {
  it("takes the value of every secret-named argument, at any depth", () => {
    const args = {
      db_passwd: "hunter2",
      hf_auth: "abc",
      aws_access_key_id: "id",
      client_secret: "cs",
      session_cookie: "sid",
      nested: {
        deeper: {
          api_key: "k1",
          apiKey: "k2",
          "X-Api-Key": "k3",
          Password: "p",
          pwd: "p2",
          private_key_pem: "MIIpemvalue",
          signature: "sig",
          credentials: { user: "u", pass: "x" },
        },
      },
      extra_headers: { Authorization: "opaque", Cookie: "a=b" },
      list: [{ token: "t1" }, { bearer: "b1" }],
      mypassword: "squashed",
      accesstoken: "squashed2",
    };
    const out = JSON.stringify(redactValue(args));
    for (const v of [
      "hunter2",
      '"abc"',
      '"id"',
      '"cs"',
      '"sid"',
      "k1",
      "k2",
      "k3",
      '"p"',
      "p2",
      "MIIpemvalue",
      '"sig"',
      '"u"',
      "opaque",
      "a=b",
      "t1",
      "b1",
      "squashed",
    ])
      expect(out).not.toContain(v);
    expect(out).toContain(REDACTED);
  });

  it("keeps settings that merely sound like secrets: counts of tokens, the tokenizer, an author, a flag", () => {
    const args = {
      max_tokens: 4096,
      num_tokens: 12,
      tokenizer: "bpe-v2",
      token_limit: 800,
      session_timeout: 30,
      author: "ann",
      use_auth: true,
      keyword: "refund",
      judge_model: "gpt-judge-1",
    };
    expect(redactValue(args)).toEqual(args);
    expect(isSecretName("max_tokens", 10)).toBe(false);
    expect(isSecretName("tokenizer", "x")).toBe(false);
    // The same names with a secret's value are still caught: a string under token_limit is not a count.
    expect(isSecretName("token_limit", "abc")).toBe(true);
    expect(isSecretName("api_key", 123456)).toBe(true);
  });
});

describe("redaction by value", () => {
  const cases: Array<[string, string, string]> = [
    ["URL userinfo", "https://alice:pw-9x@judge.example.com/v1", "pw-9x"],
    ["query parameter", "https://hooks.example.com/cb?run=1&token=tok-9x&x=2", "tok-9x"],
    ["Bearer", "Authorization: Bearer abc.DEF-123_456", "abc.DEF-123_456"],
    ["sk- key", "use sk-proj-ABCDEF1234567890 here", "ABCDEF1234567890"],
    ["AWS access key id", "AKIAIOSFODNN7EXAMPLE", "IOSFODNN7EXAMPLE"],
    ["Hugging Face token", "hf_AbCdEfGhIjKlMnOp", "AbCdEfGhIjKlMnOp"],
    ["JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "dozjgNryP4J3jVmNHl0w5N"],
    ["env line", "OPENAI_API_KEY=abc123xyz", "abc123xyz"],
    ["header", "X-Api-Key: abc123xyz", "abc123xyz"],
    ["private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----", "MIIEow"],
    ["GitHub token", "ghp_abcdefghijklmnopqrstuvwxyz0123", "abcdefghijklmnopqrstuvwxyz0123"],
  ];
  it.each(cases)("%s", (_, text, secret) => {
    const out = redactText(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
    // Under an innocent name, at depth, the value rules apply too.
    expect(JSON.stringify(redactValue({ a: [{ notes: text }] }))).not.toContain(secret);
  });

  it("leaves ordinary text alone", () => {
    for (const t of [
      "https://judge.example.com/v1?model=x&max_tokens=100",
      "Basic English only",
      "Bearer tokens expire",
      "the key: confirm first",
      "sk-learn",
      "sk-learn-contrib-extra",
      "gpt-4o-mini",
      "./eval_results",
      "retail__12",
    ])
      expect(redactProse(t)).toBe(t);
    for (const t of ["https://judge.example.com/v1?model=x&max_tokens=100", "Basic English only", "gpt-4o-mini", "session count: 3"])
      expect(redactText(t)).toBe(t);
  });

  it("answers a long hostile string in linear time (no backtracking blow-up)", () => {
    const hostile = ["a.".repeat(50_000), "a-".repeat(50_000), "a=".repeat(50_000), "Bearer ".repeat(20_000), "https://".repeat(20_000), "?a=".repeat(30_000)];
    for (const h of hostile) expect(typeof redactText(h)).toBe("string");
  });
});

describe("the setup diff of redacted arguments", () => {
  it("still says a secret changed, without showing it", () => {
    const base = { db_passwd: "one", judge_url: "https://alice:pw1@judge.example.com/v1", same_secret: "s", api_key: "k" };
    const other = { db_passwd: "two", judge_url: "https://bob:pw2@judge.example.com/v1", same_secret: "s", api_key: "k" };
    const changes = argChanges(base, other);
    expect(changes).toEqual([
      { name: "db_passwd", base: REDACTED, other: "changed (redacted)", redacted: true },
      { name: "judge_url", base: `https://${REDACTED}@judge.example.com/v1`, other: "changed (redacted)", redacted: true },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/pw1|pw2|one|two|alice|bob/);
  });
});

describe("the forms people write (issue 54)", () => {
  it("takes a flag's value as the next list item and the next word of a command line", () => {
    expect(redactValue({ extra: ["--api-key", "X1", "--verbose", "--max-tokens", "100"] })).toEqual({
      extra: ["--api-key", REDACTED, "--verbose", "--max-tokens", "100"],
    });
    expect(redactValue(["-token", 7, "--session-timeout", "30"])).toEqual(["-token", REDACTED, "--session-timeout", "30"]);
    expect(redactText("python run.py --api-key X2 --judge gpt")).toBe(`python run.py --api-key ${REDACTED} --judge gpt`);
    expect(redactText(`run --password "a b c" --out dir`)).toBe(`run --password ${REDACTED} --out dir`);
    expect(redactText("run --max-tokens 100 --no-auth --out x")).toBe("run --max-tokens 100 --no-auth --out x");
  });

  it("takes a name/value pair's value by its name", () => {
    expect(
      redactValue({
        env: [
          { name: "OPENAI_API_KEY", value: "X3" },
          { name: "MODEL", value: "gpt" },
        ],
        headers: [{ key: "Authorization", value: "X4" }],
      }),
    ).toEqual({
      env: [
        { name: "OPENAI_API_KEY", value: REDACTED },
        { name: "MODEL", value: "gpt" },
      ],
      headers: [{ key: "Authorization", value: REDACTED }],
    });
  });

  it("takes webhook URLs and live keys wherever they stand", () => {
    const text = "post to https://hooks.slack.com/services/T0001/B0002/abcdefXYZ and charge with sk_live_51Habcdef12345678, rk_test_abcdefgh1";
    const out = redactProse(text);
    expect(out).not.toContain("abcdefXYZ");
    expect(out).not.toContain("51Habcdef");
    expect(out).not.toContain("abcdefgh1");
    expect(out).toContain(`https://hooks.slack.com/services/${REDACTED}`);
    expect(redactProse("https://discord.com/api/webhooks/123/tokenpart")).toBe(`https://discord.com/api/webhooks/${REDACTED}`);
  });

  it("takes api_key=… and password: … lines of a prompt, and keeps prose that only sounds like them", () => {
    expect(redactProse("api_key=abcdef\npassword: hunter2\nPassword: correct horse")).toBe(
      `api_key=${REDACTED}\npassword: ${REDACTED}\nPassword: ${REDACTED} horse`,
    );
    expect(redactProse("python eval.py --api-key abc123")).toBe(`python eval.py --api-key ${REDACTED}`);
    for (const prose of ["Remember the key: confirm first.", "The session: 2 turns.", "Say the token: never.", "Use -key points and --verbose output."])
      expect(redactProse(prose)).toBe(prose);
  });

  it("redactStrings takes key-shaped values out of every string of a parsed file, keys and numbers kept", () => {
    const judge = { score: 0.5, reason: "It said sk-abcdefghijklmnop1234.", verdicts: [{ reason: "password: hunter2" }] };
    expect(redactStrings(judge)).toEqual({ score: 0.5, reason: `It said sk-${REDACTED}.`, verdicts: [{ reason: `password: ${REDACTED}` }] });
  });
});

describe("the six forms of issue 54 with short, shapeless values", () => {
  it("takes each from run arguments whatever the value looks like", () => {
    const args = {
      extra_args: ["--api-key", "v1"],
      cmd: "python run.py --api-key v2",
      env: [{ name: "OPENAI_API_KEY", value: "v3" }],
      headers: [{ name: "Authorization", value: "v4" }],
      hook: "https://hooks.slack.com/services/T1/B2/v5",
      billing: "sk_live_v6v6",
    };
    const out = JSON.stringify(redactValue(args));
    for (const v of ["v1", "v2", "v3", "v4", "v5", "v6"]) expect(out, v).not.toContain(v);
  });
});
