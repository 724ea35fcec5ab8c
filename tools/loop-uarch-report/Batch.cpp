//===- Batch.cpp - loop-uarch-report --batch: one CSV line per block -----===//
//
// Reads a CSV of machine-code blocks (BHive's hex[,anything], or any CSV
// with the hex in the column --batch-column names) and writes
//   hex,cycles_per_iteration,bound
// in input order; a block that cannot be analysed (bad hex, undecodable
// bytes, a row without the column) gets "error: <reason>" in the bound
// column and an empty number, and the run goes on. With --measure, two more
// columns: measured_cycles,measure_status ("ok", "contended", or why the
// block was refused).
//
// -j N analyses blocks on N threads, each with its own MC layer and
// decoder (a decoder caches per instruction, so it is not shared); the
// output is written in input order and does not depend on N. A progress
// line goes to stderr when stderr is a terminal.
//
//===----------------------------------------------------------------------===//
#include "BatchInput.h"
#include "Driver.h"

#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Measure/Measure.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Report/Pipeline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

using namespace llvm;

namespace luarch {

namespace {

/// A message as one CSV field: no commas or line breaks.
std::string csvField(std::string Msg) {
  for (char &C : Msg)
    if (C == ',' || C == '\n' || C == '\r')
      C = ';';
  return Msg;
}

/// One analysis context per thread: the MC layer and a decoder.
struct Worker {
  std::unique_ptr<TargetContext> TC;
  std::unique_ptr<UopDecoder> Decoder;
};

Expected<Worker> makeWorker(const DriverOptions &Opts) {
  auto TC =
      TargetContext::create(Opts.Triple, Opts.Model->Name, Opts.Features);
  if (!TC)
    return TC.takeError();
  Worker W;
  W.TC = std::move(*TC);
  W.Decoder = std::make_unique<UopDecoder>(*Opts.Model, *W.TC);
  return W;
}

Expected<Kernel> blockKernel(const DriverOptions &Opts, const TargetContext &TC,
                             const BatchRow &Row) {
  if (!Row.Error.empty())
    return createStringError(inconvertibleErrorCode(), "%s",
                             Row.Error.c_str());
  auto Bytes = parseHex(Row.Hex);
  if (!Bytes)
    return Bytes.takeError();
  auto K = kernelFromBytes(TC, *Bytes, ("line " + Twine(Row.Line)).str());
  if (!K)
    return K.takeError();
  K->Shape = Opts.Shape;
  placeKernel(Opts, *K);
  if (K->size() > Opts.MaxInstructions)
    return createStringError(inconvertibleErrorCode(),
                             "block has %zu instructions (limit %u)",
                             K->size(), Opts.MaxInstructions);
  return K;
}

/// Measures one block natively (--measure): "cycles,ok" or ",reason".
std::string measureBlock(const DriverOptions &Opts, const TargetContext &TC,
                         const BatchRow &Row) {
  auto K = blockKernel(Opts, TC, Row);
  if (!K)
    return "," + csvField(toString(K.takeError()));
  MeasureOptions MO = measureOptionsFor(Opts, Opts.Shape);
  auto M = measureKernel(TC, *K, MO);
  if (!M)
    return "," + csvField(toString(M.takeError()));
  std::string S;
  // "contended": the throughput canary never ran quiet, so another tenant
  // shared the core throughout and the figure is probably too high.
  raw_string_ostream(S) << format("%.4f", M->CyclesPerIteration)
                        << (M->Contended ? ",contended" : ",ok");
  return S;
}

/// The output row of one block (without its line break).
std::string blockRow(const DriverOptions &Opts, const Worker &W,
                     const BatchRow &Row, bool &Failed) {
  std::string Out = csvQuote(Row.Hex) + ",";
  Failed = false;
  auto K = blockKernel(Opts, *W.TC, Row);
  if (!K) {
    Out += ",error: line " + std::to_string(Row.Line) + ": " +
           csvField(toString(K.takeError()));
    Failed = true;
  } else {
    PipelineOptions PO;
    PO.Ports = Opts.Ports;
    PO.Addresses = Opts.Addresses;
    if (Row.RunIterations)
      PO.Addresses.RunIterations = Row.RunIterations;
    PO.Simulate = Opts.Simulate;
    PO.SimWhatIf = Opts.SimWhatIf;
    PO.Sim.MaxIterations = Opts.Iterations;
    PO.Sim.StopAtSteadyState = Opts.Iterations == 0;
    PO.Sim.Views = false; // the row has cycles per iteration only
    KernelReport R = analyzeKernel(*K, *W.Decoder, PO);
    std::string Bound;
    for (BoundKind B : R.Static.Limiters)
      Bound += (Bound.empty() ? "" : "+") + boundKindName(B).str();
    raw_string_ostream(Out) << format("%.4f", R.cyclesPerIteration()) << ","
                            << Bound;
  }
  if (Opts.Measure)
    Out += "," + measureBlock(Opts, *W.TC, Row);
  return Out;
}

/// "\r812/1934 blocks (42%), 3 errors" on a terminal, at most every 0.1 s.
class Progress {
public:
  explicit Progress(size_t Total)
      : Total(Total), Enabled(sys::Process::StandardErrIsDisplayed()) {}
  void update(size_t Done, size_t Errors, bool Final = false) {
    if (!Enabled)
      return;
    auto Now = std::chrono::steady_clock::now();
    if (!Final && Now - Last < std::chrono::milliseconds(100))
      return;
    Last = Now;
    errs() << "\rloop-uarch-report: " << Done << "/" << Total << " blocks ("
           << (Total ? 100 * Done / Total : 100) << "%), " << Errors
           << " error" << (Errors == 1 ? "" : "s") << (Final ? "\n" : "");
    errs().flush();
  }

private:
  size_t Total;
  bool Enabled;
  std::chrono::steady_clock::time_point Last{};
};

} // namespace

Error runBatch(const DriverOptions &Opts) {
  auto Input = readBatchCSV(Opts.BatchFile, Opts.BatchColumn);
  if (!Input)
    return Input.takeError();
  const std::vector<BatchRow> &Rows = Input->Rows;
  std::error_code EC;
  ToolOutputFile Out(Opts.OutputFile, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC, "%s: cannot write: %s",
                             Opts.OutputFile.c_str(), EC.message().c_str());
  raw_ostream &OS = Out.os();
  OS << "hex,cycles_per_iteration,bound"
     << (Opts.Measure ? ",measured_cycles,measure_status" : "") << "\n";

  unsigned Threads = Opts.Jobs ? Opts.Jobs
                               : llvm::hardware_concurrency().compute_thread_count();
  Threads = std::max(1u, std::min<unsigned>(Threads, Rows.size()));

  // Results in input order; workers fill them, this thread writes the
  // finished prefix as it grows.
  std::vector<std::optional<std::string>> Results(Rows.size());
  std::vector<char> Failed(Rows.size(), 0);
  std::mutex Lock;
  std::condition_variable Ready;
  std::atomic<size_t> Next{0};
  std::optional<Error> WorkerError;
  auto Work = [&] {
    auto W = makeWorker(Opts);
    if (!W) {
      std::lock_guard<std::mutex> G(Lock);
      if (!WorkerError)
        WorkerError.emplace(W.takeError());
      else
        consumeError(W.takeError());
      Next = Rows.size(); // stop everyone
      Ready.notify_all();
      return;
    }
    for (size_t I = Next++; I < Rows.size(); I = Next++) {
      bool F = false;
      std::string Row = blockRow(Opts, *W, Rows[I], F);
      std::lock_guard<std::mutex> G(Lock);
      Results[I] = std::move(Row);
      Failed[I] = F;
      Ready.notify_all();
    }
  };
  std::vector<std::thread> Pool;
  if (Threads > 1)
    for (unsigned T = 0; T < Threads; ++T)
      Pool.emplace_back(Work);

  Progress P(Rows.size());
  size_t Written = 0, Errors = 0;
  auto drain = [&] {
    std::unique_lock<std::mutex> G(Lock);
    while (Written < Rows.size() && Results[Written]) {
      std::string Row = std::move(*Results[Written]);
      Errors += Failed[Written];
      ++Written;
      G.unlock();
      OS << Row << "\n";
      G.lock();
    }
  };
  if (Threads == 1) {
    // No pool: this thread works, writing each row as it is done.
    auto W = makeWorker(Opts);
    if (!W)
      return W.takeError();
    for (size_t I = 0; I < Rows.size(); ++I) {
      bool F = false;
      OS << blockRow(Opts, *W, Rows[I], F) << "\n";
      Errors += F;
      ++Written;
      P.update(Written, Errors);
    }
  } else {
    std::unique_lock<std::mutex> G(Lock);
    while (Written < Rows.size() && !WorkerError) {
      Ready.wait_for(G, std::chrono::milliseconds(100));
      G.unlock();
      drain();
      P.update(Written, Errors);
      G.lock();
    }
    G.unlock();
    for (std::thread &T : Pool)
      T.join();
    if (WorkerError)
      return std::move(*WorkerError);
  }
  P.update(Written, Errors, /*Final=*/true);
  Out.keep();
  return Error::success();
}

} // namespace luarch
