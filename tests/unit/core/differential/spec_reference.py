#!/usr/bin/env python3
"""
An independent all_summary.txt renderer written only from ARTIFACTS.md §2.2–§2.3 and §4.6–§4.10, plus a
seeded generator of random result sets. `python3 spec_reference.py` rewrites cases.json, which
differential.test.ts replays through lib/core. Python's own f-string formatting is the reference for
every number; `pysum` reimplements CPython 3.12's compensated sum() so this also runs on older Pythons.
Inputs stay in the territory where the harness itself would not crash (the §6 dashboard defaults for
missing keys are included: N/A verdicts, duration_seconds / len(turns) fallbacks, recomputed stats).
"""
import json
import math
import os
import random

EQ, DASH = "=" * 80, "-" * 80
STALL = "  [COUNTED AS FAILURE: insufficient agent turns / stalled \u2014 excluded from per-signal rates]"


def pysum(xs):
    xs = list(xs)
    if not xs:
        return 0
    s, c = float(xs[0]), 0.0
    for x in xs[1:]:
        x = float(x)
        t = s + x
        c += (s - t) + x if abs(s) >= abs(x) else (x - t) + s
        s = t
    return s + c if c and math.isfinite(c) else s


def pyval(v):
    return {True: "True", False: "False", None: "None"}.get(v, v) if isinstance(v, (bool, type(None))) else str(v)


def agent_count(m, ctx):
    a = (m.get("token_usage") or {}).get("agent")
    if isinstance(a, dict) and isinstance(a.get("n_calls"), int):
        return int(a["n_calls"])
    return ctx


def stats(vals, empty):
    s = sorted(vals)
    n = len(s)
    if not n:
        return dict(count=0, mean_ms=empty, p50_ms=empty, p95_ms=empty, min_ms=empty, max_ms=empty)
    return dict(count=n, mean_ms=pysum(s) / n, p50_ms=s[n // 2], p95_ms=s[int(n * 0.95)], min_ms=s[0], max_ms=s[-1])


def pct(lst):
    return sum(1 for v in lst if v) / len(lst) * 100


def render(records, names, nls, ctxs, q, m_floor):
    buckets = {k: ([], {}) for k in ["success", "task", "action", "judge_score", "judge_pass", "db", "nl", "dba", "clean_exit"]}
    stalled, tok = [], {"agent": [0, 0, 0], "user": [0, 0, 0]}

    def push(k, d, v):
        buckets[k][0].append(v)
        buckets[k][1].setdefault(d, []).append(v)

    def add_tokens(m):
        for side in ("agent", "user"):
            s = (m.get("token_usage") or {}).get(side) or {}
            for i, k in enumerate(("n_calls", "prompt", "completion")):
                tok[side][i] += s.get(k, 0)

    for m, name, nl, ctx in zip(records, names, nls, ctxs):
        d = m.get("scenario_name", name).split("__", 1)[0]
        count = agent_count(m, ctx)
        if m_floor > 0 and count is not None and count < m_floor:
            push("success", d, False)
            push("task", d, False)
            stalled.append(m.get("scenario_name", "?"))
            add_tokens(m)
            continue
        for key, b in (("is_action_match", "action"), ("judge_passed", "judge_pass"), ("db_state_match", "db"), ("clean_exit", "clean_exit")):
            if isinstance(m.get(key), bool):
                push(b, d, m[key])
        if isinstance(m.get("judge_score"), (int, float)):
            push("judge_score", d, float(m["judge_score"]))
        if isinstance(m.get("nl_assertion_pass_rate"), (int, float)) and nl is not None:
            for v in nl:
                push("nl", d, bool(v))
        for v in m.get("db_state_assertion_verdicts") or []:
            push("dba", d, bool(v.get("passed")))
        if isinstance(m.get("is_successful"), bool):
            push("success", d, m["is_successful"])
            push("task", d, all(f == "clean_exit" for f in (m.get("success_breakdown") or {}).get("failed", [])))
        add_tokens(m)

    def duration(m):
        return m.get("scenario_duration", m.get("duration_seconds", 0))

    def turns(m):
        return m["total_turns"] if "total_turns" in m else len(m.get("turns", []))

    out = ["EVALUATION SUMMARY", EQ, "", f"Total Scenarios: {q}", f"Total Duration: {pysum(duration(m) for m in records) / 60:.1f}mins",
           f"Total Turns: {sum(turns(m) for m in records)}", "", "Per-Scenario Results:", DASH]
    for m in records:
        out += ["", f"====== {m['scenario_name']} ======:", f"  Is successful: {pyval(m.get('is_successful', 'N/A'))}"]
        if "is_task_successful" in m:
            out.append(f"  Is task-successful (excl. clean_exit): {pyval(m['is_task_successful'])}")
        out.append(f"    Action-list match: {pyval(m.get('is_action_match', 'N/A'))}")
        if "db_state_match" in m:
            out.append(f"    DB-state match: {pyval(m['db_state_match'])}")
        if "db_state_assertion_pass_rate" in m:
            out.append(f"    DB-state-assertion pass rate: {m['db_state_assertion_pass_rate'] * 100:.2f}%")
        if "nl_assertion_pass_rate" in m:
            out.append(f"    NL-assertion pass rate: {m['nl_assertion_pass_rate'] * 100:.2f}%")
        if "judge_score" in m:
            out.append(f"    Judge score: {m['judge_score']:.2f}")
        if "judge_passed" in m:
            out.append(f"    Judge passed: {pyval(m['judge_passed'])}")
        failed = (m.get("success_breakdown") or {}).get("failed", [])
        if failed:
            out.append(f"    Failed signals: {', '.join(failed)}")
        out.append(f"  Turns: {turns(m)}")
        if m.get("insufficient_agent_turns"):
            out.append(STALL)
        out.append(f"  Duration: {duration(m):.1f}s")
        if duration(m) > 0:
            out.append(f"  Turns/min: {turns(m) / (duration(m) / 60):.1f}")
        st = m["latency_stats"] if "latency_stats" in m else stats([x["latency_ms"] for x in m.get("latencies", [])], 0)
        out.append(f"  Latency Measurements: {st['count']}")
        if st["count"] > 0:
            out += [f"    {label}: {st[key]:.1f}ms" for label, key in (("Mean", "mean_ms"), ("P50", "p50_ms"), ("P95", "p95_ms"), ("Min", "min_ms"), ("Max", "max_ms"))]
    s = stats([x["latency_ms"] for m in records for x in m.get("latencies", [])], -1)
    out += ["", "", "Overall Latency Statistics:", DASH, f"  Total Measurements: {s['count']}"]
    out += [f"  {label}: {s[key]:.1f}ms" for label, key in (("Mean", "mean_ms"), ("P50", "p50_ms"), ("P95", "p95_ms"), ("Min", "min_ms"), ("Max", "max_ms"))]
    if stalled:
        out += ["", "", f"WARNING: {len(stalled)} scenario(s) had fewer than {m_floor} agent turn(s) (likely stalled LLM / server hang) and were counted as failures.",
                f"Stalled scenarios: {', '.join(stalled)}", f"Run with --resume <TIMESTAMP> --min-agent-turns {m_floor} to retry them."]
    succ, task = buckets["success"][0], buckets["task"][0]
    out += ["", ""]
    if succ:
        out += [f"Overall Success Rate: {pct(succ):.2f}% ({sum(succ)}/{len(succ)} scenarios \u2014 strict conjunction across all applicable signals)",
                f"Task Success Rate (excl. clean_exit): {pct(task):.2f}% ({sum(task)}/{len(task)} scenarios)"]
    else:
        out.append("Overall Success Rate: N/A (no scenarios had any applicable signal)")
    out += ["", "Per-signal pass rates:"]

    def row(label, lst, unit):
        if lst:
            out.append(f"  {label}".ljust(31) + f"{pct(lst):6.2f}% ({sum(lst)}/{len(lst)} {unit})")

    row("Action-list match:", buckets["action"][0], "scenarios")
    row("DB-State match:", buckets["db"][0], "scenarios")
    row("DB-State-Assertion pass:", buckets["dba"][0], "predicates")
    row("NL-Assertion pass:", buckets["nl"][0], "assertions")
    js = buckets["judge_score"][0]
    if js:
        out.append("  Judge score mean:".ljust(31) + f"{pysum(js) / len(js):.3f} (across {len(js)} scenarios)")
    row("Judge passed (>= threshold):", buckets["judge_pass"][0], "scenarios")
    ce = buckets["clean_exit"][0]
    if ce:
        out.append(f"  Clean exit: {pct(ce):6.2f}% ({sum(ce)}/{len(ce)} scenarios)")
    a, u = tok["agent"], tok["user"]
    if a[0] + u[0] > 0:
        out += ["", "", "Token Usage:", DASH,
                f"  agent: {a[0]} call(s), prompt={a[1]:,}, completion={a[2]:,}, total={a[1] + a[2]:,}",
                f"  user: {u[0]} call(s), prompt={u[1]:,}, completion={u[2]:,}, total={u[1] + u[2]:,}",
                f"  Run total: {a[1] + a[2] + u[1] + u[2]:,} tokens"]
    first = True
    for title, k, g in (("Per-Domain Success Rate:", "success", True), ("Per-Domain Task Success Rate (excl. clean_exit):", "task", True),
                        ("Per-Domain DB-State Match Rate:", "db", False), ("Per-Domain NL-Assertion Pass Rate:", "nl", False),
                        ("Per-Domain DB-State-Assertion Pass Rate:", "dba", False)):
        per = buckets[k][1]
        if len(per) > 1:
            out += (["", ""] if first else [""]) + [title, DASH]
            first = False
            for d in sorted(per):
                c = sum(per[d])
                out.append(f"  {d}: {pct(per[d]):.2f}% ({format(c, 'g') if g else c}/{len(per[d])})")
    return "\n".join(out) + "\n"


DOMAINS = ["tau2_retail", "tau2_telecom", "tau2_telecom_workflow", "A", "a", "", "qa", "Z\u00e9", "\U0001F600"]
TIES = [0.25, 0.75, 0.125, 0.375, 731.25, 60.25, 1804.55, 12.75, 0.0625]
SIGNALS = ["is_action_match", "db_state_match", "db_state_assertion", "nl_assertion", "judge_passed", "clean_exit"]


def record(rnd, i):
    def num(lo, hi):
        return rnd.choice(TIES) if rnd.random() < 0.15 else round(rnd.uniform(lo, hi), rnd.choice([1, 2, 2, 3]))

    d = rnd.choice(DOMAINS)
    name = (f"{d}__{i}" if d or rnd.random() < 0.5 else f"__{i}") if rnd.random() < 0.9 else f"plain{i}"
    m = {"total_turns": rnd.randint(0, 20), "duration_seconds": num(0, 900), "turns": []}
    if rnd.random() < 0.05:
        del m["total_turns"]
        m["turns"] = [{"role": "agent", "text": "x"}] * rnd.randint(0, 5)
    lats = [num(100, 9000) for _ in range(rnd.choice([0, 0, 1, 2, 3, 5, 21] if rnd.random() < 0.1 else [0, 0, 1, 2, 3]))]
    m["latencies"] = [{"latency_ms": v} for v in lats]
    if rnd.random() < 0.9:
        m["latency_stats"] = stats(lats, 0)
    m["scenario_name"] = name
    if rnd.random() < 0.95:
        m["scenario_duration"] = rnd.choice([0.0, num(0, 1000), num(0, 1000)])
    if rnd.random() < 0.8:
        m["clean_exit"] = rnd.random() < 0.7
    if rnd.random() < 0.15:
        m["insufficient_agent_turns"] = True
    if rnd.random() < 0.9:
        m["is_action_match"] = rnd.choice([True, False, "N/A"])
    if rnd.random() < 0.6:
        m["judge_score"] = rnd.choice([num(0, 1), rnd.choice(TIES), 0.0, 1.0])
    if rnd.random() < 0.5:
        m["judge_passed"] = rnd.random() < 0.5
    if rnd.random() < 0.8:
        usage = {}
        for side in ("agent", "user"):
            if rnd.random() < 0.9:
                usage[side] = {"prompt": rnd.randint(0, 200000), "completion": rnd.randint(0, 5000)}
                if rnd.random() < 0.9:
                    usage[side]["n_calls"] = rnd.randint(0, 8)
        m["token_usage"] = usage
    if rnd.random() < 0.5:
        m["db_state_match"] = rnd.random() < 0.5
    nl = None
    if rnd.random() < 0.4:
        k = rnd.randint(1, 8)
        m["nl_assertion_pass_rate"] = rnd.randint(0, k) / k
        nl = None if rnd.random() < 0.15 else [rnd.random() < 0.5 for _ in range(k)]
    if rnd.random() < 0.3:
        vs = [rnd.random() < 0.6 for _ in range(rnd.randint(0, 6))]
        m["db_state_assertion_verdicts"] = [{"func_name": "f", "passed": v} for v in vs]
        m["db_state_assertion_pass_rate"] = sum(vs) / len(vs) if vs else 0.0
    if rnd.random() < 0.9:
        m["success_breakdown"] = {"passed": [], "failed": rnd.sample(SIGNALS, rnd.randint(0, 3)), "not_applicable": [], "excluded": []}
    if rnd.random() < 0.95:
        m["is_successful"] = rnd.choice([True, False, False, "N/A"])
    if isinstance(m.get("is_successful"), bool) and rnd.random() < 0.8:
        m["is_task_successful"] = rnd.random() < 0.5
    return m, name, nl, rnd.choice([None, None, 0, 1, 2, 3, 5])


def main():
    rnd = random.Random(20260618)
    cases = []
    for _ in range(36):
        n = rnd.choice([0, 1, 2, 3, 4, 6, 9])
        recs = [record(rnd, i) for i in range(n)]
        case = {"M": rnd.choice([0, 1, 3, 5]), "Q": n + rnd.choice([0, 0, 1]),
                "records": [r[0] for r in recs], "names": [r[1] for r in recs], "nl": [r[2] for r in recs], "ctx": [r[3] for r in recs]}
        case["expected"] = render(case["records"], case["names"], case["nl"], case["ctx"], case["Q"], case["M"])
        cases.append(case)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json"), "w", encoding="utf-8") as f:
        json.dump(cases, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
