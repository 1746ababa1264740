//===- DeriveDataset.cpp - errlint derive over many records ---------------===//

#include "DeriveDataset.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <algorithm>
#include <map>
#include <mutex>
#include <set>

namespace errlint {
namespace {

/// The review point a validation adds to its draft.
std::string reviewLine(const Validation &V) {
  if (V.V == Verdict::Validated)
    return "validated against the record's exampleFix: " + V.Why;
  return std::string("not validated (") + verdictName(V.V) + "): " + V.Why;
}

std::string rolesOf(const nlohmann::json &Rule) {
  if (!Rule.contains("profiles") || Rule["profiles"].empty())
  {
    std::string M;
    for (const std::string &L :
         Rule.value("matcher", std::vector<std::string>()))
      M += llvm::StringRef(L).trim().str();
    return "matcher " + M;
  }
  const nlohmann::json &P = Rule["profiles"][0];
  std::string Out = "types " + llvm::join(P.value("types",
                                                  std::vector<std::string>()),
                                          ", ");
  for (const char *K : {"close", "use", "reopen", "queryClosed", "queryOpen"}) {
    std::vector<std::string> V = P.value(K, std::vector<std::string>());
    if (!V.empty())
      Out += std::string("; ") + K + " " + llvm::join(V, ", ");
  }
  return Out;
}

/// Counts of one group (a family or a repository).
struct Tally {
  unsigned Validated = 0, Unvalidated = 0, Matchers = 0, MatchersValidated = 0,
           OutOfReach = 0;

  void add(const DeriveEntry &E) {
    if (!E.D.hasDraft())
      ++OutOfReach;
    else if (E.D.analysis() == "ast-matcher") {
      ++Matchers;
      MatchersValidated += E.validated();
    } else if (E.validated())
      ++Validated;
    else
      ++Unvalidated;
  }
  unsigned total() const {
    return Validated + Unvalidated + Matchers + OutOfReach;
  }
};

void printTally(llvm::raw_ostream &OS, llvm::StringRef Name, const Tally &T) {
  OS << "  " << llvm::left_justify(Name, 28) << llvm::format_decimal(T.total(), 6)
     << "   validated " << T.Validated << ", unvalidated " << T.Unvalidated
     << ", matcher " << T.Matchers << " (" << T.MatchersValidated
     << " validated), out of reach " << T.OutOfReach << "\n";
}

std::string whereOf(const Record &R) {
  return R.Origin.empty() ? std::string("<record>") : R.Origin;
}

/// A progress line, on a terminal only. Records finish on several threads:
/// step() may be called from any of them.
class ProgressLine {
public:
  ProgressLine(size_t Total, bool On) : Total(Total), On(On) {}
  ~ProgressLine() {
    if (On && Shown)
      llvm::errs() << "\r\033[K";
  }
  /// One more record is done.
  void step() {
    if (!On)
      return;
    std::lock_guard<std::mutex> Lock(M);
    ++Done;
    if (Done % 50 != 0 && Done != Total)
      return;
    Shown = true;
    llvm::errs() << "\rerrlint derive: " << Done << "/" << Total << " records";
  }

private:
  std::mutex M;
  size_t Done = 0;
  size_t Total;
  bool On;
  bool Shown = false;
};

/// Runs Fn(0) ... Fn(N - 1) on Jobs threads (0: one per hardware thread),
/// in no particular order; returns when all are done.
void forEachIndex(size_t N, unsigned Jobs,
                  llvm::function_ref<void(size_t)> Fn) {
  llvm::ThreadPoolStrategy Threads = llvm::hardware_concurrency(Jobs);
  if (Threads.compute_thread_count() <= 1 || N <= 1) {
    for (size_t I = 0; I < N; ++I)
      Fn(I);
    return;
  }
  llvm::DefaultThreadPool Pool(Threads);
  for (size_t I = 0; I < N; ++I)
    Pool.async([Fn, I] { Fn(I); });
  Pool.wait();
}

} // namespace

std::string DeriveEntry::family() const {
  if (!D.hasDraft())
    return "out-of-reach";
  if (validated() && llvm::any_of(Check->Findings, [](const CheckFinding &F) {
        return F.Half == FixHalf::Before && F.RuleId == "close-while-in-use";
      }))
    return "close-while-in-use";
  return D.analysis();
}

void inFileOrder(std::vector<const Record *> &Records) {
  auto LineOf = [](const Record *R) {
    unsigned N = 0;
    llvm::StringRef(R->Origin).rsplit(':').second.getAsInteger(10, N);
    return N;
  };
  std::stable_sort(Records.begin(), Records.end(),
                   [&](const Record *A, const Record *B) {
                     return LineOf(A) < LineOf(B);
                   });
}

size_t writeDrafts(llvm::raw_ostream &OS, const std::vector<DeriveEntry> &Es,
                   bool ValidatedOnly) {
  size_t Written = 0;
  for (const DeriveEntry &E : Es) {
    if (!E.D.hasDraft() || (ValidatedOnly && !E.validated()))
      continue;
    OS << (Written++ ? ",\n" : "{\n  \"rules\": [\n");
    // dump(2) puts an element of "rules" 4 deeper; a string in it holds no
    // raw newline, so each line of the rule's own dump moves over.
    std::string Text = E.D.Rule.dump(2);
    llvm::ListSeparator NewLine("\n");
    for (llvm::StringRef Line : llvm::split(Text, '\n'))
      OS << NewLine << "    " << Line;
  }
  OS << (Written ? "\n  ]\n}\n" : "{\n  \"rules\": []\n}\n");
  return Written;
}

std::vector<DeriveEntry> deriveAll(const std::vector<const Record *> &Records,
                                   bool Progress, unsigned Jobs) {
  // Each record is drafted and checked on its own, so both run on all
  // threads, each writing only its own entry; only the ids, which depend on
  // the records before, are given in record order.
  std::vector<DeriveEntry> Out(Records.size());
  forEachIndex(Records.size(), Jobs,
               [&](size_t I) { Out[I].D = deriveRecord(*Records[I]); });
  std::set<std::string> Ids;
  for (DeriveEntry &E : Out)
    uniquifyId(E.D, Ids);
  ProgressLine Line(Records.size(), Progress);
  DraftChecker Checker;
  forEachIndex(Out.size(), Jobs, [&](size_t I) {
    DeriveEntry &E = Out[I];
    if (E.D.hasDraft()) {
      E.Check = Checker.check(E.D);
      E.D.Rule["review"].push_back(reviewLine(*E.Check));
    }
    Line.step();
  });
  return Out;
}

void printWarnings(llvm::raw_ostream &OS, const std::vector<DeriveEntry> &Es) {
  for (const DeriveEntry &E : Es)
    if (E.Check && E.Check->MissingMarkers)
      OS << whereOf(*E.D.Rec) << ": warning: record " << E.D.Rec->Id
         << ": exampleFix has no '// before' and '// after' markers; its "
            "draft is not validated\n";
}

void printOutOfReach(llvm::raw_ostream &OS,
                     const std::vector<DeriveEntry> &Es) {
  for (const DeriveEntry &E : Es)
    if (!E.D.hasDraft())
      OS << whereOf(*E.D.Rec) << ": record " << E.D.Rec->Id
         << ": out of reach (" << reasonName(E.D.Sort.Reason)
         << "), no draft: " << E.D.Sort.Why << "\n";
}

void printSummary(llvm::raw_ostream &OS, const std::vector<DeriveEntry> &Es,
                  const std::string &Written) {
  Tally All;
  std::map<std::string, Tally> Families, Repos;
  std::map<ReachReason, unsigned> Reasons;
  for (const DeriveEntry &E : Es) {
    All.add(E);
    Families[E.family()].add(E);
    Repos[E.D.Rec->Repo.empty() ? "(no repo)" : E.D.Rec->Repo].add(E);
    if (!E.D.hasDraft())
      ++Reasons[E.D.Sort.Reason];
  }
  OS << "errlint derive: " << Es.size() << " record(s)\n"
     << "  validated drafts    " << All.Validated << "\n"
     << "  unvalidated drafts  " << All.Unvalidated << "\n"
     << "  matcher drafts      " << All.Matchers << " (" << All.MatchersValidated
     << " validated)\n"
     << "  out of reach        " << All.OutOfReach;
  std::vector<std::string> Rs;
  for (const auto &[R, N] : Reasons)
    Rs.push_back(std::string(reasonName(R)) + " " + std::to_string(N));
  if (!Rs.empty())
    OS << " (" << llvm::join(Rs, ", ") << ")";
  OS << "\n";
  if (!Written.empty())
    OS << "  " << All.Validated + All.MatchersValidated
       << " validated draft(s) written to " << Written << "\n";
  OS << "by family:\n";
  for (const auto &[Name, T] : Families)
    printTally(OS, Name, T);
  OS << "by repository:\n";
  for (const auto &[Name, T] : Repos)
    printTally(OS, Name, T);
  bool Header = false;
  for (const DeriveEntry &E : Es) {
    if (E.validated())
      continue;
    if (!Header)
      OS << "not validated:\n";
    Header = true;
    OS << "  " << E.D.Rec->Id << " (" << whereOf(*E.D.Rec) << "): ";
    if (!E.D.hasDraft())
      OS << "out of reach (" << reasonName(E.D.Sort.Reason)
         << "): " << E.D.Sort.Why << "\n";
    else
      OS << E.family() << ", " << verdictName(E.Check->V) << ": "
         << E.Check->Why << "\n";
  }
}

void printExplanations(llvm::raw_ostream &OS,
                       const std::vector<DeriveEntry> &Es) {
  for (const DeriveEntry &E : Es) {
    const Record &R = *E.D.Rec;
    OS << "record " << R.Id << " (" << whereOf(R) << "): "
       << kindName(E.D.Sort.Kind);
    if (!E.D.hasDraft()) {
      OS << " (" << reasonName(E.D.Sort.Reason) << "): " << E.D.Sort.Why
         << "\n  no draft\n\n";
      continue;
    }
    OS << ": " << E.D.Sort.Why << "\n  draft " << E.D.Rule.value("id", "")
       << ": " << E.D.analysis() << "; " << rolesOf(E.D.Rule) << "\n";
    for (const auto &P : E.D.Rule["review"])
      OS << "  - " << P.get<std::string>() << "\n";
    const Validation &V = *E.Check;
    if (V.TryChecked)
      OS << "  try body: "
         << (V.TryFlagged ? "flagged once the object may be closed"
                          : "not flagged once the object may be closed")
         << "\n";
    for (const CheckedHalf &H : V.Unit.Halves)
      for (const std::string &S : H.Dropped)
        OS << "  " << halfName(H.Half) << ": no C++ reading, left out: " << S
           << "\n";
    for (const std::string &Err : V.Errors)
      OS << "  compile error: " << Err << "\n";
    if (!V.Unit.Code.empty()) {
      OS << "  C++ checked:\n";
      unsigned N = 0;
      for (llvm::StringRef L : llvm::split(llvm::StringRef(V.Unit.Code).rtrim('\n'), '\n'))
        OS << llvm::format_decimal(++N, 6) << " | " << L << "\n";
    }
    OS << "\n";
  }
}

} // namespace errlint
