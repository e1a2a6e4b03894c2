/** Types of the timing figures (issue #13) as they cross to the browser. Types only: safe to import anywhere. */
export type {
  CallsPerTurn,
  Figure,
  FlowAudit,
  FlowFinding,
  InteractionFigures,
  InteractionMarks,
  Pattern,
  RunTiming,
  ScenarioTiming,
  ScenarioTurnRef,
  SlowTurn,
  Stats,
  TimingFigures,
  TokenSideFigures,
  TtfbGroup,
  WaterfallTurn,
} from "@/lib/core/timing";
